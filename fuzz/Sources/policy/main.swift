// libFuzzer target: the policy JSON loader over arbitrary bytes.
//
// Properties: no crash; a policy that loads compiles (or fails with a PolicyError), its canonical JSON loads to an
// equal policy and is a fixed point, and evaluating a few passwords never crashes.
import Foundation
import PasswordPolicy

let passwords = ["", "a", "Password1!", "correct horse battery staple", "ÉTÉ-١٢٣-😀", String(repeating: "ab", count: 300)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPolicy(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let json = Data(bytes: data, count: size)
    guard let policy = try? PasswordPolicy(json: json) else { return 0 }
    let canonical = policy.canonicalJSON()
    guard let reparsed = try? PasswordPolicy(json: Data(canonical.utf8)) else {
        preconditionFailure("canonical JSON of a loaded policy does not load")
    }
    precondition(reparsed == policy, "canonical JSON does not round-trip")
    precondition(reparsed.canonicalJSON() == canonical, "canonical JSON is not a fixed point")
    let resolved = policy.resolvingFileLists { _ in ["listed"] }
    guard let compiled = try? CompiledPolicy(resolved) else { return 0 }
    for password in passwords {
        let evaluation = compiled.evaluate(Candidate(password: password, username: "user", email: "u@example.com"))
        precondition(
            evaluation.outcomes.count == compiled.rules.count, "one outcome per rule")
        _ = compiled.failureMask(Candidate(password: password))
    }
    return 0
}
