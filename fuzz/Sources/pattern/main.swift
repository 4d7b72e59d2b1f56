// libFuzzer target: the pattern rule's parser, compiler and matcher on arbitrary regexes and passwords.
//
// The input is `regex NUL password` (invalid UTF-8 repaired to U+FFFD). Properties: no crash, no hang (libFuzzer's
// -timeout); a regex is either refused with a PolicyError at `rules[0].regex` or compiles; the byte-level and
// String-level masks agree, under each normalization.
import Foundation
import PasswordPolicy

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = UnsafeBufferPointer(start: data, count: size).split(
        separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let regex = parts.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
    let password = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : "password"
    var compiled: [CompiledPolicy] = []
    for (index, normalization) in [Normalization.none, .nfkc].enumerated() {
        let policy = PasswordPolicy(
            name: "p", normalization: normalization,
            rules: [
                PolicyRule(id: "r", kind: .pattern(regex: regex, must: index == 0 ? .match : .notMatch, message: ""))
            ])
        switch Result(catching: { () throws(PolicyError) -> CompiledPolicy in try CompiledPolicy(policy) }) {
        case .success(let policy): compiled.append(policy)
        case .failure(.invalid(path: "rules[0].regex", _)): return 0
        case .failure(let error): preconditionFailure("unexpected error \(error)")
        }
    }
    let set = CompiledPolicySet(compiled)
    let masks = set.failureMasks(Candidate(password: password))
    for (index, policy) in compiled.enumerated() {
        let mask = policy.failureMask(Candidate(password: password))
        precondition(mask == masks[index], "set and single policy disagree")
        precondition(policy.evaluate(Candidate(password: password)).outcomes[0].passed == mask.isEmpty)
    }
    return 0
}
