import Foundation
import PasswordPolicy
import Testing

@testable import PolicyCompliance

/// The breached-list clause's finding names the built-in lists the policy actually uses.
@Suite struct BuiltinListEvidenceTests {
    private static func finding(lists: [String]) throws -> ClauseFinding {
        let quoted = lists.map { "\"\($0)\"" }.joined(separator: ",")
        let policy = try PasswordPolicy(
            json: Data(
                #"{"name":"p","compliance":{"asvs-level":2},"rules":[{"rule":"length","min":15},{"rule":"blocklist","id":"top","lists":[\#(quoted)]}]}"#
                    .utf8))
        let result = ComplianceEvaluator.evaluate(policy, against: .owaspASVS50)
        return try #require(result.findings.first { $0.clause == "asvs500.6_2_12.breached_check" })
    }

    @Test(arguments: [
        (["builtin:top-10k"], "builtin:top-10k"),
        (["builtin:common"], "builtin:common"),
        (["builtin:common", "builtin:top-10k"], "builtin:top-10k, builtin:common"),
    ])
    func breachedListFindingNamesTheListsUsed(lists: [String], named: String) throws {
        let finding = try Self.finding(lists: lists)
        #expect(finding.verdict == .pass)
        #expect(finding.policyValue == named)
        #expect(finding.evidenceRequest == .blocklistRefusals(ruleIDs: ["top"]))
    }
}
