import Foundation
import Testing

@testable import PasswordPolicy

/// The `"compliance"` key: declared facts about the system, validated, kept in the canonical form and diffed.
@Suite struct DeclaredContextTests {
    static let rules = #""rules":[{"rule":"length","min":8}]"#

    @Test func everyFactIsReadAndKeptInTheCanonicalForm() throws {
        let json =
            #"{"name":"n","compliance":{"asvs-level":2,"throttling":{"attempts":10,"minutes":5},"#
            + #""system-max-length":{"length":8,"justification":"RACF"},"dynamic-risk-analysis":"risk engine"},"#
            + Self.rules + "}"
        let policy = try PasswordPolicy(json: Data(json.utf8))
        #expect(
            policy.declared
                == DeclaredContext(
                    asvsLevel: 2, throttling: .init(attempts: 10, minutes: 5),
                    systemMaxLength: .init(length: 8, justification: "RACF"), dynamicRiskAnalysis: "risk engine"))
        let again = try PasswordPolicy(json: Data(policy.canonicalJSON().utf8))
        #expect(again == policy)
    }

    @Test func aPolicyWithoutTheKeyKeepsItsCanonicalForm() throws {
        let policy = try PasswordPolicy(json: Data(#"{"name":"n",\#(Self.rules)}"#.utf8))
        #expect(policy.declared.isEmpty)
        #expect(!policy.canonicalJSON().contains("compliance"))
    }

    static let faults: [(String, String)] = [
        (#""compliance":{"asvs-level":4}"#, "compliance.asvs-level: must be at most 3"),
        (#""compliance":{"asvs-level":0}"#, "compliance.asvs-level: must be at least 1"),
        (#""compliance":{"level":1}"#, #"compliance: unknown key "level""#),
        (#""compliance":{"throttling":{"attempts":10}}"#, "compliance.throttling.minutes: is required"),
        (
            #""compliance":{"system-max-length":{"length":8}}"#,
            "compliance.system-max-length.justification: must say why, as non-empty text"
        ),
        (
            #""compliance":{"dynamic-risk-analysis":"  "}"#,
            "compliance.dynamic-risk-analysis: must say why, as non-empty text"
        ),
        (#""compliance":[]"#, "compliance: must be an object, not an array"),
    ]

    @Test("each fault of the compliance key names its path", arguments: faults)
    func fault(members: String, expected: String) {
        #expect(parseError(#"{"name":"n",\#(members),\#(Self.rules)}"#)?.description == expected)
    }

    @Test func aChangedDeclarationIsADiff() throws {
        let old = try PasswordPolicy(json: Data(#"{"name":"n",\#(Self.rules)}"#.utf8))
        let new = try PasswordPolicy(json: Data(#"{"name":"n","compliance":{"asvs-level":2},\#(Self.rules)}"#.utf8))
        #expect(
            PolicyDiff(from: old, to: new).entries
                == [.field(.init(name: "compliance.asvs-level", old: nil, new: "2"))])
    }
}
