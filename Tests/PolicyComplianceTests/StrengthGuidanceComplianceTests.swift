import Foundation
import PasswordPolicy
import Testing

@testable import PolicyCompliance

/// Issue 23, item 4: where a standard asks for strength guidance or a meter, a `strength` rule is the evidence (its
/// refusals name zxcvbn's warning; the checklist shows the meter), named in the finding; without one the clause
/// needs an attestation. Either way the run's stored strength is asked for beside it.
@Suite struct StrengthGuidanceComplianceTests {
    static let clauses: [(standard: ComplianceStandard, clause: String)] = [
        (.nist80063B4, "nist63b4.strength_guidance"), (.nist80063B3, "nist63b3.strength_meter"),
        (.owaspASVS403, "asvs403.2_1_8.strength_meter"),
    ]

    private static func finding(_ json: String, _ standard: ComplianceStandard, _ clause: String) throws
        -> ClauseFinding
    {
        let result = ComplianceEvaluator.evaluate(try PasswordPolicy(json: Data(json.utf8)), against: standard)
        return try #require(result.findings.first { $0.clause == clause })
    }

    @Test(arguments: 0..<3)
    func strengthRulePassesAndIsNamed(index: Int) throws {
        let (standard, clause) = Self.clauses[index]
        let policy =
            #"{"name":"s","rules":[{"rule":"length","min":15},{"rule":"strength","id":"guess","min-score":3}]}"#
        let finding = try Self.finding(policy, standard, clause)
        #expect(finding.verdict == .pass)
        #expect(finding.policyValue.hasPrefix("strength rule guess (zxcvbn score ≥ 3): "))
        #expect(finding.evidenceRequest == .strengthScores)
    }

    @Test func guessesThresholdIsNamed() throws {
        let policy = #"{"name":"s","rules":[{"rule":"strength","id":"g","min-guesses-log10":10}]}"#
        let finding = try Self.finding(policy, .nist80063B4, "nist63b4.strength_guidance")
        #expect(finding.verdict == .pass)
        #expect(finding.policyValue.hasPrefix("strength rule g (zxcvbn guesses ≥ 10^10): "), "\(finding)")
    }

    @Test(arguments: 0..<3)
    func withoutAStrengthRuleItNeedsEvidence(index: Int) throws {
        let (standard, clause) = Self.clauses[index]
        let finding = try Self.finding(#"{"name":"p","rules":[{"rule":"length","min":15}]}"#, standard, clause)
        #expect(finding.verdict == .needsEvidence)
        #expect(finding.policyValue == "no strength rule (attest what is offered)")
        #expect(finding.evidenceRequest == .strengthScores)
    }
}
