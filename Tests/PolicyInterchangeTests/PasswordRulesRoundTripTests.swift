import Foundation
import PasswordPolicy
import PwauditTestSupport
import Testing

@testable import PolicyInterchange

/// The 434 real-world rules of Apple's quirks file import, and export back to the same canonical rule set.
@Suite struct PasswordRulesRoundTripTests {
    static let entries: [(domain: String, rules: String)] = {
        guard let directory = SharedBench.directory,
            let data = FileManager.default.contents(
                atPath: directory.appendingPathComponent("data/apple-password-rules.json").path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Any]]
        else { return [] }
        return object.compactMap { domain, entry in
            (entry["password-rules"] as? String).map { (domain, $0) }
        }.sorted { $0.domain < $1.domain }
    }()

    @Test func theQuirksFileHoldsAllFourHundredThirtyFourRules() {
        #expect(Self.entries.count == 434)
    }

    @Test func everyRuleImportsAndExportsToTheSameRuleSet() throws {
        var failures: [String] = []
        for (domain, text) in Self.entries {
            let (original, _) = PasswordRulesParser.parse(text)
            let imported = try PasswordRulesImporter.policy(from: text, name: "site").policy
            #expect(imported.evaluation == .apple)
            let export = imported.passwordRules()
            let (roundTripped, warnings) = PasswordRulesParser.parse(export.descriptor)
            if roundTripped != original || !export.unexpressed.isEmpty || !warnings.isEmpty {
                failures.append("\(domain): \(text) → \(export.descriptor)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func anImportedPolicySurvivesItsOwnCanonicalJSON() throws {
        let text = "minlength: 8; maxlength: 20; required: upper, [!@]; allowed: lower, [-_]]; max-consecutive: 2;"
        let policy = try PasswordRulesImporter.policy(from: text, name: "site").policy
        #expect(try PasswordPolicy(json: Data(policy.canonicalJSON().utf8)) == policy)
        #expect(policy.normalization == .none)
    }
}
