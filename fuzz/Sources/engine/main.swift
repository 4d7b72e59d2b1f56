// libFuzzer target: the engine's evaluation of arbitrary bytes as a password.
//
// The input is `password [0x00 username [0x00 email]]`; invalid UTF-8 is repaired (U+FFFD) first, as the byte
// API requires valid UTF-8 and the importer rejects invalid rows before scoring. Properties: no crash; the
// byte-level CompiledPolicySet.failureMasks equals each policy's String-level failureMask and the mask derived
// from evaluate(_:); a text the normalizer's NFKC quick check leaves as it is is its own NFKC and NFC.
import Foundation
import PasswordPolicy

let policyTexts = [
    #"{"name":"seed","rules":[{"rule":"length","min":8},{"rule":"require","class":"upper"},"#
        + #"{"rule":"require","class":"digit"},{"rule":"require","class":"special"}]}"#,
    #"{"name":"nist","normalization":"nfkc","rules":[{"rule":"length","min":15,"max":64},"#
        + #"{"rule":"blocklist","lists":["builtin:common"],"words":["acme"]},{"rule":"context","min-token":3},"#
        + #"{"rule":"allowed","classes":["letter","digit","special","space"]}]}"#,
    #"{"name":"mix","normalization":"none","rules":[{"rule":"classes","min":3},{"rule":"max-repeat","max":2},"#
        + #"{"rule":"max-sequence","max":3},{"rule":"require","class":{"chars":"!@#é"},"min":2},"#
        + #"{"rule":"pattern","regex":"(?i)acme\\d{4}"},{"rule":"pattern","regex":"^[^\\s]+$","must":"match"}]}"#,
    #"{"name":"redos","normalization":"nfc","rules":[{"rule":"pattern","regex":"(a+)+$"},"#
        + #"{"rule":"pattern","regex":"^(\\w+\\s?)*$","must":"match"},{"rule":"pattern","regex":"(.*a){12}"},"#
        + #"{"rule":"pattern","regex":"\\bpass(?:word)?\\b|\\p{Lu}{3,}|[\\x{1F600}-\\x{1F64F}]"},"#
        + #"{"rule":"pattern","regex":"(?s)^.{0,3}$|(?i:[^a-zß])\\B"}]}"#,
    // Imported policies' modes and rule kinds: compat mode reading bytes only (no preparation), compat mode with
    // rules that keep the Unicode reading (prepared), Apple's classes.
    #"{"name":"pwq","evaluation":"pwquality","normalization":"none","rules":[{"rule":"length","min":10,"#
        + #""credits":{"digit":2,"special":1}},{"rule":"require","class":"upper"},{"rule":"classes","min":3,"#
        + #""of":["upper","lower","digit","special"]},{"rule":"max-sequence","max":3},{"rule":"max-class-repeat","#
        + #""max":3},{"rule":"palindrome"},{"rule":"context","fields":["username"],"substrings":4},"#
        + #"{"rule":"forbidden-words","words":["acme","Corp","äbcd"]},{"rule":"max-repeat","max":2}]}"#,
    #"{"name":"pwq-mixed","evaluation":"pwquality","normalization":"none","rules":[{"rule":"length","min":6},"#
        + #"{"rule":"allowed","classes":["letter","digit"],"chars":"-é"},{"rule":"context"},"#
        + #"{"rule":"blocklist","lists":["builtin:common"]},{"rule":"pattern","regex":"(?i)pass"}]}"#,
    #"{"name":"apple","evaluation":"apple","normalization":"none","rules":[{"rule":"length","min":8,"max":20},"#
        + #"{"rule":"require","class":"special"},{"rule":"classes","min":1,"of":["upper","digit"]},"#
        + #"{"rule":"allowed","classes":["upper","lower","digit","special"]},{"rule":"max-repeat","max":2},"#
        + #"{"rule":"max-class-repeat","max":4},{"rule":"palindrome"},{"rule":"forbidden-words","words":["acme"]}]}"#,
]
let policies = policyTexts.map { try! CompiledPolicy(PasswordPolicy(json: Data($0.utf8))) }
let set = CompiledPolicySet(policies)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = UnsafeBufferPointer(start: data, count: size).split(
        separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    let texts = parts.map { String(decoding: $0, as: UTF8.self) }
    let candidate = Candidate(
        password: texts.first ?? "", username: texts.count > 1 ? texts[1] : nil, email: texts.count > 2 ? texts[2] : nil)
    var masks = [UInt64](repeating: 0, count: policies.count)
    let password = Array(candidate.password.utf8)
    var username = candidate.username.map { Array($0.utf8) }
    var email = candidate.email.map { Array($0.utf8) }
    password.withUnsafeBufferPointer { password in
        masks.withUnsafeMutableBufferPointer { out in
            func withOptional<R>(_ bytes: inout [UInt8]?, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
                guard bytes != nil else { return body(nil) }
                return bytes!.withUnsafeBufferPointer { body($0) }
            }
            withOptional(&username) { username in
                withOptional(&email) { email in
                    set.failureMasks(password: password, username: username, email: email, into: out)
                }
            }
        }
    }
    // The normalizer's quick check: a text it leaves as it is must be its own NFKC and NFC (Foundation's).
    for text in texts where NFKCQuickCheck.leavesUnchanged(text) {
        let scalars = Array(text.unicodeScalars)
        precondition(
            Array(text.precomposedStringWithCompatibilityMapping.unicodeScalars) == scalars,
            "the NFKC quick check passed a text NFKC changes")
        precondition(
            Array(text.precomposedStringWithCanonicalMapping.unicodeScalars) == scalars,
            "the NFKC quick check passed a text NFC changes")
    }
    for (index, policy) in policies.enumerated() {
        let mask = policy.failureMask(candidate).rawValue
        precondition(mask == masks[index], "byte and String APIs disagree for policy \(index)")
        let evaluation = policy.evaluate(candidate)
        var derived: UInt64 = 0
        for (bit, outcome) in evaluation.outcomes.enumerated() where !outcome.passed { derived |= 1 << UInt64(bit) }
        precondition(derived == mask, "evaluate and failureMask disagree for policy \(index)")
    }
    return 0
}
