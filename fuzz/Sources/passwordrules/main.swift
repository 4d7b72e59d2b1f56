// libFuzzer target: the Apple password rules parser and importer over arbitrary bytes (invalid UTF-8 repaired).
//
// Properties: no crash; every input imports to a valid policy that compiles and evaluates; exporting it and parsing
// the export gives the same canonical rule set (unless a `required: unicode` or a number above pwaudit's limit was
// approximated); the export itself parses without a warning.
import Foundation
import PasswordPolicy
import PolicyInterchange

let passwords = ["", "a", "Password1!", "Ab c-]", "ÉTÉ-١٢٣-😀", String(repeating: "aB3$", count: 100)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPasswordRules(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let (descriptor, _) = PasswordRulesParser.parse(text)
    let policy: PasswordPolicy
    do {
        policy = try PasswordRulesImporter.policy(from: text, name: "fuzz").policy
    } catch {
        preconditionFailure("rules did not import: \(error)")
    }
    guard let compiled = try? CompiledPolicy(policy) else { preconditionFailure("an imported policy does not compile") }
    for password in passwords {
        precondition(compiled.evaluate(Candidate(password: password)).outcomes.count == compiled.rules.count)
    }
    let export = policy.passwordRules()
    precondition(export.unexpressed.isEmpty, "an imported policy has something passwordrules cannot say")
    let (again, warnings) = PasswordRulesParser.parse(export.descriptor)
    precondition(warnings.isEmpty, "the export does not parse cleanly")
    let limit = 1_000_000
    let approximated =
        descriptor.required.contains(where: \.isUnicode)
        || [descriptor.minLength, descriptor.maxLength, descriptor.maxConsecutive].contains { ($0 ?? 0) > limit }
    precondition(approximated || again == descriptor, "the export does not give the same rules")
    return 0
}
