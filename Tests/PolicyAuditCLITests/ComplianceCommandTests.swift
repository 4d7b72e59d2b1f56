import Foundation
import PolicyAudit
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// `pwaudit compliance` on the report fixture (corp@1: length ≥ 8 + a digit; corp@2: length ≥ 10 + a digit + a
/// special character; run 1 scored both, run 2, the latest, corp@1 only) and on small databases of its own.
@Suite("pwaudit compliance")
struct ComplianceCommandTests {
    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func findings(_ version: [String: Any], _ standard: String) -> [[String: Any]] {
        let results = version["results"] as? [[String: Any]] ?? []
        return results.first { $0["standard"] as? String == standard }?["findings"] as? [[String: Any]] ?? []
    }

    private func finding(_ version: [String: Any], _ standard: String, _ clause: String) throws -> [String: Any] {
        try #require(findings(version, standard).first { $0["clause"] as? String == clause }, "\(clause)")
    }

    @Test("JSON: the latest version of each policy, findings field by field, run evidence beside the length clauses")
    func jsonFields() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let result = fixture.run(["compliance", "--format", "json"])
        #expect(result.code == .findings, "corp@2 fails required clauses: exit 1")
        let report = try json(result.out)
        #expect(report["kind"] as? String == "compliance")
        #expect(report["format_version"] as? Int == 1)
        #expect((report["standards"] as? [[String: Any]])?.count == 9)
        let versions = try #require(report["versions"] as? [[String: Any]])
        #expect(versions.count == 1)
        let corp2 = versions[0]
        #expect((corp2["policy"] as? [String: Any])?["reference"] as? String == "corp@2")
        let length = try finding(corp2, "nist-800-63b-4", "nist63b4.min_length_single_factor")
        #expect(length["verdict"] as? String == "fail")
        #expect(length["level"] as? String == "SHALL")
        #expect(length["severity"] as? String == "required")
        #expect(length["policy_value"] as? String == "10 (usage not declared: single-factor assumed)")
        #expect(length["required_value"] as? String == "≥ 15 (single-factor)")
        #expect(length["citation"] as? String == "SP 800-63B-4 §3.1.1.2 item 1")
        let composition = try finding(corp2, "nist-800-63b-4", "nist63b4.no_composition_rules")
        #expect(composition["policy_value"] as? String == "require-digit, require-special")
        // corp@2's latest scoring run is run 1: 20 candidates, 19 of them shorter than 15 (only the 17-long is not),
        // 14 shorter than 12 (lengths 1, 3, 5, 6, 10, 8 ×6, 11 ×3).
        let evidence = try #require(corp2["evidence"] as? [String: Any])
        #expect(evidence["run_id"] as? Int == 1 && evidence["candidates"] as? Int == 20)
        let figures = try #require(evidence["clauses"] as? [[String: Any]])
        let nist = try #require(figures.first { $0["clause"] as? String == "nist63b4.min_length_single_factor" })
        #expect(nist["count"] as? Int == 19 && nist["total"] as? Int == 20 && nist["minimum"] as? Int == 15)
        let pci = try #require(figures.first { $0["clause"] as? String == "pci401.8_3_6.min_length" })
        #expect(pci["count"] as? Int == 14)
        let conflicts = try #require(corp2["conflicts"] as? [[String: Any]])
        let c1 = try #require(conflicts.first { $0["conflict"] as? String == "C1" })
        #expect(c1["active"] as? Bool == true)
        #expect(
            c1["side_b_failing"] as? [String] == [
                "nist63b4.no_composition_rules", "nist63b3.no_composition_rules", "asvs403.2_1_9.no_composition",
                "asvs500.6_2_5.no_composition", "ms365.no_composition", "ce.no_complexity",
            ])
    }

    @Test("--all-versions: the version × standard matrix, so the auditor sees what each version met")
    func allVersions() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let table = fixture.run(["compliance", "--all-versions", "--standard", "nist-800-63b-3", "--fail-on", "never"])
        #expect(table.code == .success)
        #expect(table.out.contains("Compliance matrix (version × standard)"))
        #expect(table.out.contains("Compliance of corp@1 (effective 2026-01-01)"))
        #expect(table.out.contains("Compliance of corp@2 (effective 2026-06-01)"))
        let csv = ReportCLIFixture.csvRecords(
            fixture.run(["compliance", "--all-versions", "--standard", "nist-800-63b-3", "--format", "csv"]).out)
        #expect(Set(csv.map { $0["policy"] ?? "" }) == ["corp@1", "corp@2"])
        // corp@1's latest scoring run is run 2: 4 candidates, one (abc) shorter than 8.
        let corp1 = try #require(csv.first { $0["policy"] == "corp@1" && $0["clause"] == "nist63b3.min_length" })
        #expect(corp1["verdict"] == "pass" && corp1["evidence_count"] == "1" && corp1["evidence_total"] == "4")
        let markdown = fixture.run([
            "compliance", "--policy", "corp", "--standard", "nist-800-63b-4", "--format", "markdown",
        ])
        #expect(markdown.out.contains("## corp@2"))
        #expect(markdown.out.contains("| 19 of 20 (95.0%) shorter than 15 |"))
        // One standard alone has no conflict to report.
        #expect(markdown.out.contains("None: no conflicting clauses were evaluated together."))
        let named = fixture.run(["compliance", "--policy", "corp@1", "--standard", "pci-dss-4.0.1", "--format", "json"])
        let versions = try json(named.out)["versions"] as? [[String: Any]] ?? []
        #expect(versions.count == 1)
        #expect((versions.first?["policy"] as? [String: Any])?["reference"] as? String == "corp@1")
    }

    @Test("--fail-on: shall fails on a SHALL, should also on a SHOULD, never is 0; a bad level is a usage error")
    func failOn() throws {
        let harness = try CLIHarness()
        defer { harness.cleanUp() }
        let policy = try harness.write(
            "p.json",
            #"{"name": "p", "usage": "single-factor", "normalization": "none", "max-age-days": 0, "lockout-threshold": 10, "rules": [{"rule": "length", "min": 15, "max": 64}, {"rule": "blocklist", "lists": ["builtin:common"]}]}"#
        )
        #expect(try harness.run(["init", "--db", "a.db"]).code == .success)
        #expect(try harness.run(["policy", "add", policy, "--db", "a.db"]).code == .success)
        let standard = ["--standard", "nist-800-63b-4", "--db", "a.db"]
        // Every SHALL passes; the SHOULD of Unicode normalization fails (the policy does not normalize).
        #expect(try harness.run(["compliance"] + standard).code == .success)
        #expect(try harness.run(["compliance", "--fail-on", "should"] + standard).code == .findings)
        #expect(try harness.run(["compliance", "--fail-on", "never"] + standard).code == .success)
        let bad = try harness.run(["compliance", "--fail-on", "may"] + standard)
        #expect(bad.code == .usage && bad.err.contains("must be shall, should or never"))
    }

    @Test("the seed policy fails NIST rev 4 on length and on composition, and the report says both")
    func seed() throws {
        let harness = try CLIHarness()
        defer { harness.cleanUp() }
        #expect(try harness.run(["init", "--db", "a.db"]).code == .success)
        #expect(try harness.run(["policy", "add", CLIHarness.example("seed.json"), "--db", "a.db"]).code == .success)
        let result = try harness.run([
            "compliance", "--standard", "nist-800-63b-4", "--format", "markdown", "--db", "a.db",
        ])
        #expect(result.code == .findings)
        #expect(result.out.contains("| nist63b4.min\\_length\\_single\\_factor | SHALL | fail | 8 (usage not declared"))
        #expect(
            result.out.contains(
                "| nist63b4.no\\_composition\\_rules | SHALL NOT | fail | require-upper, require-digit, require-special |"
            ))
    }

    @Test("blocklist evidence: how many of the latest run's candidates the blocklist refused")
    func blocklistEvidence() throws {
        let harness = try CLIHarness()
        defer { harness.cleanUp() }
        let policy = try harness.write(
            "b.json",
            #"{"name": "b", "rules": [{"rule": "length", "min": 4}, {"rule": "blocklist", "lists": ["builtin:common"]}]}"#
        )
        let csv = try harness.write(
            "in.csv", "id,password\n1,password\n2,123456\n3,correct horse battery\n4,qwerty\n5,Zq8#mv!pLr\n")
        #expect(try harness.run(["init", "--db", "a.db"]).code == .success)
        #expect(try harness.run(["policy", "add", policy, "--db", "a.db"]).code == .success)
        #expect(try harness.run(["import", csv, "--policy", "b", "--db", "a.db"]).code == .success)
        let result = try harness.run(["compliance", "--standard", "bsi-orp4", "--format", "json", "--db", "a.db"])
        let version = try #require((try json(result.out)["versions"] as? [[String: Any]])?.first)
        let figures = (version["evidence"] as? [String: Any])?["clauses"] as? [[String: Any]] ?? []
        let refused = try #require(figures.first { $0["clause"] as? String == "bsi.orp4_a8.no_common_passwords" })
        #expect(refused["kind"] as? String == "blocklist-refusals")
        #expect(refused["count"] as? Int == 3 && refused["total"] as? Int == 5)
        let table = try harness.run(["compliance", "--standard", "bsi-orp4", "--db", "a.db"]).out
        #expect(table.contains("3 of 5 (60.0%) refused by the blocklist"))
        #expect(!table.contains("correct horse") && !result.out.contains("Zq8#mv!pLr"))
    }

    @Test("HTML: one self-contained page, a red/yellow/green tile per standard with its clause table")
    func html() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let out = fixture.run(["compliance", "--format", "html"]).out
        #expect(out.hasPrefix("<!DOCTYPE html>"))
        #expect(!out.contains("<script") && !out.contains("http://") && !out.contains("https://"))
        #expect(out.components(separatedBy: "<details class=\"tile ").count - 1 == 9)
        #expect(out.contains("<details class=\"tile red\">"))
        #expect(out.contains("<td>nist63b4.min_length_single_factor</td><td>SHALL</td><td>fail</td>"))
        #expect(out.contains("19 of 20 (95.0%) shorter than 15"))
        #expect(!out.contains(ReportCLIFixture.canary))
    }

    @Test("errors: unknown standard 64, unknown policy 66, no policy 66; --output writes a file")
    func errorsAndOutput() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let unknown = fixture.run(["compliance", "--standard", "nist"])
        #expect(unknown.code == .usage && unknown.err.contains("unknown standard 'nist'; use one of nist-800-63b-4"))
        #expect(fixture.run(["compliance", "--policy", "nope"]).code == .noInput)
        #expect(fixture.run(["compliance", "--policy", "corp@9"]).code == .noInput)
        let written = fixture.run(["compliance", "--format", "json", "--output", "c.json", "--fail-on", "never"])
        #expect(written.code == .success && written.err.contains("wrote json report to"))
        let text = try String(contentsOfFile: "\(fixture.directory)/c.json", encoding: .utf8)
        #expect(try json(text)["kind"] as? String == "compliance")
        let empty = try CLIHarness()
        defer { empty.cleanUp() }
        #expect(try empty.run(["init", "--db", "a.db"]).code == .success)
        #expect(try empty.run(["compliance", "--db", "a.db"]).code == .noInput)
    }

    @Test("declared facts: the report lists each with where it came from, and the clauses that read them say so")
    func declaredFacts() throws {
        let harness = try CLIHarness()
        defer { harness.cleanUp() }
        let policy = try harness.write(
            "p.json",
            #"{"name": "p", "usage": "single-factor", "max-age-days": 0, "history": 4, "lockout-threshold": 10, "#
                + #""compliance": {"asvs-level": 1, "system-max-length": {"length": 8, "justification": "legacy RACF"}, "#
                + #""dynamic-risk-analysis": "risk engine decides each sign-in"}, "rules": [{"rule": "length", "min": 8}, "#
                + #"{"rule": "require", "class": "letter"}, {"rule": "require", "class": "digit"}]}"#)
        #expect(try harness.run(["init", "--db", "a.db"]).code == .success)
        #expect(try harness.run(["policy", "add", policy, "--db", "a.db"]).code == .success)
        let table = try harness.run(["compliance", "--standard", "pci-dss-4.0.1", "--db", "a.db"])
        #expect(table.code == .success, "\(table.out)")
        #expect(table.out.contains("declared: compliance.asvs-level = 1 (p@1's definition, key compliance.asvs-level)"))
        #expect(table.out.contains("declared: compliance.system-max-length = 8: legacy RACF (p@1's definition"))
        let report = try json(
            try harness.run(["compliance", "--standard", "pci-dss-4.0.1", "--format", "json", "--db", "a.db"]).out)
        let version = try #require((report["versions"] as? [[String: Any]])?.first)
        let declared = try #require(version["declared"] as? [[String: Any]])
        #expect(
            declared.compactMap { $0["key"] as? String } == [
                "compliance.asvs-level", "compliance.dynamic-risk-analysis", "compliance.system-max-length",
            ])
        #expect(declared.first?["origin"] as? String == "p@1's definition, key compliance.asvs-level")
        let findings = try #require((version["results"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]])
        let length = try #require(findings.first { $0["clause"] as? String == "pci401.8_3_6.min_length" })
        #expect(length["verdict"] as? String == "pass")
        #expect((length["policy_value"] as? String)?.contains("compliance.system-max-length: legacy RACF") == true)
        let source = try #require(length["source"] as? [String: Any])
        #expect(source["wording"] as? String == "verbatim-copy" && source["confirmed"] as? Bool == true)
    }

    @Test("examples/nist.json has no failing clause under NIST rev 4, even at --fail-on should")
    func nistExample() throws {
        let harness = try CLIHarness()
        defer { harness.cleanUp() }
        #expect(try harness.run(["init", "--db", "a.db"]).code == .success)
        #expect(try harness.run(["policy", "add", SourceTree.example("nist.json"), "--db", "a.db"]).code == .success)
        let standard = ["--standard", "nist-800-63b-4", "--db", "a.db"]
        #expect(try harness.run(["compliance", "--fail-on", "should"] + standard).code == .success)
        let report = try json(try harness.run(["compliance", "--format", "json"] + standard).out)
        let results = try #require((report["versions"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let findings = try #require(results.first?["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty && !findings.contains { $0["verdict"] as? String == "fail" })
    }
}
