// libFuzzer target: the pwquality.conf parser, importer and exporter over arbitrary bytes.
//
// Properties: no crash; a file is refused only with an InterchangeError; one that parses imports to a valid policy
// that compiles and evaluates (libpwquality's byte semantics, so non-ASCII passwords too); exporting it to
// pwquality.conf and importing that gives the same policy (unless the export says it left words out).
import Foundation
import PasswordPolicy
import PolicyInterchange

let candidates = [
    Candidate(password: "", username: "user"), Candidate(password: "Password1!", username: "jsmith"),
    Candidate(password: "Xk9#mQ2$2Qm#9kX"), Candidate(password: "ääää-abcd-1234", username: "äbcd"),
    Candidate(password: String(repeating: "aB3$", count: 100), username: "aB3$aB3$"),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPwquality(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let policy: PasswordPolicy
    do {
        policy = try PwqualityImporter.policy(fromConf: bytes, name: "fuzz").policy
    } catch is InterchangeError {
        return 0
    } catch {
        preconditionFailure("a parsed conf did not import: \(error)")
    }
    guard let compiled = try? CompiledPolicy(policy) else { preconditionFailure("an imported policy does not compile") }
    for candidate in candidates {
        let evaluation = compiled.evaluate(candidate)
        precondition(evaluation.failureMask == compiled.failureMask(candidate), "evaluate and failureMask disagree")
    }
    let (conf, unexpressed) = PwqualityConfExporter.conf(for: policy)
    guard let again = try? PwqualityImporter.policy(fromConf: Array(conf.utf8), name: "fuzz").policy else {
        preconditionFailure("the exported conf does not import")
    }
    // Words holding whitespace (a tab, a CR inside the value) cannot be written back; the export says so.
    let droppedWords = unexpressed.contains { $0.rule == "forbidden-words" }
    precondition(again == policy || droppedWords, "export and import do not round-trip")
    return 0
}
