import Foundation
import PasswordPolicy
import Testing

@testable import PolicyCompliance

/// A `hibp:` corpus is a breached-password list compared with the whole password; run evidence is its refusals.
@Suite struct BreachCorpusComplianceTests {
    private static let policy = try! PasswordPolicy(
        json: Data(
            #"{"name":"p","compliance":{"asvs-level":2},"rules":[{"rule":"length","min":15},{"rule":"blocklist","id":"pwned","lists":["hibp:/c/pwned.txt"]}]}"#
                .utf8))

    @Test func asvsBreachedCheckPassesWithRefusalsAsEvidence() throws {
        let result = ComplianceEvaluator.evaluate(Self.policy, against: .owaspASVS50)
        let finding = try #require(result.findings.first { $0.clause == "asvs500.6_2_12.breached_check" })
        #expect(finding.verdict == .pass)
        #expect(finding.policyValue == "breach corpus hibp:/c/pwned.txt")
        #expect(finding.evidenceRequest == .blocklistRefusals(ruleIDs: ["pwned"]))
    }

    @Test func nistBlocklistClausePassesOnTheCorpus() throws {
        let result = ComplianceEvaluator.evaluate(Self.policy, against: .nist80063B4)
        #expect(try #require(result.findings.first { $0.clause == "nist63b4.blocklist_required" }).verdict == .pass)
    }
}
