import Foundation
import PasswordChecklist
import PasswordStrength
import Testing

@testable import PasswordPolicy

/// Issue 23: with a `strength` rule the checklist estimates once per keystroke — the rule's estimate feeds the meter —
/// and policies evaluated together estimate a candidate once for all their strength rules of the same user inputs.
@Suite("Strength estimated once per candidate")
struct ChecklistStrengthOnceTests {
    static let policyJSON =
        #"{"name":"s","rules":[{"rule":"length","min":8},{"rule":"strength","id":"guess","min-score":3},"#
        + #"{"rule":"strength","id":"deep","min-guesses-log10":8}]}"#

    @Test("one estimate per keystroke, and the meter is the one a direct estimate gives")
    func oneEstimatePerKeystroke() throws {
        let policy = try CompiledPolicy(PasswordPolicy(json: Data(Self.policyJSON.utf8)))
        let view = RecordingChecklistView()
        let presenter = PasswordChecklistPresenter(policy: policy, view: view, username: "ann", email: "ann@corp.test")
        let typed = ["a", "an", "ann1", "Tr0ub4dor&3", "correct horse battery"]
        for password in typed {
            let count = StrengthEstimateCount()
            StrengthEstimateCount.$current.withValue(count) { presenter.passwordDidChange(to: password) }
            #expect(count.value == 1, "\(password): \(count.value) estimates")
        }
        let direct = typed.map {
            StrengthMeter(StrengthEstimator().estimate($0, userInputs: ["ann", "ann@corp.test"]))
        }
        #expect(view.states.map(\.strength) == direct)
    }

    @Test("the evaluation carries the strength rules' estimate; none without a strength rule")
    func evaluationCarriesTheEstimate() throws {
        let policy = try CompiledPolicy(PasswordPolicy(json: Data(Self.policyJSON.utf8)))
        let evaluation = policy.evaluate(Candidate(password: "ann2024!", username: "ann"))
        #expect(evaluation.strength == StrengthEstimator().estimate("ann2024!", userInputs: ["ann"]))
        let plain = try CompiledPolicy(
            PasswordPolicy(json: Data(#"{"name":"p","rules":[{"rule":"length","min":8}]}"#.utf8)))
        #expect(plain.evaluate(Candidate(password: "ann2024!")).strength == nil)
    }

    @Test("three versions with strength rules estimate a candidate once; another organization once more")
    func oneEstimateAcrossVersions() throws {
        let versions = try (0..<3).map { index in
            try CompiledPolicy(
                PasswordPolicy(
                    json: Data(
                        (#"{"name":"v\#(index)","rules":[{"rule":"length","min":\#(6 + index)},"#
                            + #"{"rule":"strength","min-score":\#(index + 1)}]}"#).utf8)))
        }
        let count = StrengthEstimateCount()
        let masks = StrengthEstimateCount.$current.withValue(count) {
            CompiledPolicySet(versions).failureMasks(Candidate(password: "sunshine2024", username: "bob"))
        }
        #expect(count.value == 1)
        #expect(masks == versions.map { $0.failureMask(Candidate(password: "sunshine2024", username: "bob")) })
        let branded = try CompiledPolicy(
            PasswordPolicy(
                json: Data(
                    (#"{"name":"b","rules":[{"rule":"banned-terms","terms":["widget"],"organization":"Acme"},"#
                        + #"{"rule":"strength","min-score":2}]}"#).utf8)))
        let withOrganization = StrengthEstimateCount()
        StrengthEstimateCount.$current.withValue(withOrganization) {
            _ = CompiledPolicySet(versions + [branded]).failureMasks(Candidate(password: "acme2024", username: "bob"))
        }
        #expect(withOrganization.value == 2)
    }
}
