import Foundation
import PolicyAudit
import Testing

@testable import PolicyAuditCLI
@testable import PolicyReports

/// `pwaudit report` on the hand-computed fixture (see ReportCLIFixture for every figure's derivation).
@Suite("pwaudit report")
struct ReportCommandTests {
    private func isISOTime(_ value: Any?) -> Bool {
        guard let text = value as? String else { return false }
        return text.wholeMatch(of: #/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/#) != nil
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func share(_ value: Any?) -> [Double] {
        guard let object = value as? [String: Any] else { return [] }
        return [(object["count"] as? NSNumber)?.doubleValue ?? -1, (object["percent"] as? NSNumber)?.doubleValue ?? -1]
    }

    /// `[{rule_id, label, count, percent}]` as comparable tuples of text.
    private func rules(_ value: Any?, keys: [String]) -> [[String]] {
        ((value as? [[String: Any]]) ?? []).map { object in keys.map { "\(object[$0] ?? "nil")" } }
    }

    @Test("JSON: every field of run 1 under corp@1 and corp@2")
    func jsonFieldByField() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let result = fixture.run(["report", "--run", "1", "--format", "json"])
        #expect(result.code == .success)
        let report = try json(result.out)
        #expect(
            Set(report.keys) == [
                "format_version", "kind", "pwaudit_version", "generated_at", "run", "rows", "versions", "features",
            ])
        #expect(report["format_version"] as? Int == 1)
        #expect(report["kind"] as? String == "run")
        #expect(report["pwaudit_version"] as? String == PolicyAuditVersion.current)
        #expect(isISOTime(report["generated_at"]))

        let run = try #require(report["run"] as? [String: Any])
        #expect(run["id"] as? Int == 1)
        #expect(run["label"] as? String == "first")
        #expect(run["source_file"] as? String == "run1.csv")
        #expect(run["source_size_bytes"] as? Int == ReportCLIFixture.run1.utf8.count)
        #expect(run["source_sha256"] as? String == fixture.run1SHA256)
        #expect(run["status"] as? String == "complete")
        #expect(isISOTime(run["started_at"]))
        #expect(isISOTime(run["finished_at"]))

        let rows = try #require(report["rows"] as? [String: Any])
        #expect(rows["read"] as? Int == 22)
        #expect(share(rows["accepted"]) == [20, 90.91])
        #expect(share(rows["rejected"]) == [2, 9.09])
        #expect(
            rules(rows["rejected_by_reason"], keys: ["reason", "count", "percent"])
                == [["empty-password", "1", "4.55"], ["field-count", "1", "4.55"]])

        let versions = try #require(report["versions"] as? [[String: Any]])
        try #require(versions.count == 2)
        let (v1, v2) = (versions[0], versions[1])
        let policy1 = try #require(v1["policy"] as? [String: Any])
        #expect(policy1["name"] as? String == "corp")
        #expect(policy1["version"] as? Int == 1)
        #expect(policy1["reference"] as? String == "corp@1")
        #expect(policy1["effective_from"] as? String == "2026-01-01T00:00:00Z")
        #expect((policy1["definition_sha256"] as? String)?.count == 64)
        #expect((v2["policy"] as? [String: Any])?["reference"] as? String == "corp@2")
        #expect((v2["policy"] as? [String: Any])?["effective_from"] as? String == "2026-06-01T00:00:00Z")

        #expect(v1["total"] as? Int == 20)
        #expect(share(v1["unlocked"]) == [12, 60])
        let failureKeys = ["rule_id", "label", "kind", "bit", "count", "percent"]
        #expect(
            rules(v1["rule_failures"], keys: failureKeys) == [
                ["require-digit", "A digit", "require", "1", "7", "35"],
                ["length", "At least 8 characters", "length", "0", "4", "20"],
            ])
        let near1 = try #require(v1["near_misses"] as? [String: Any])
        #expect(near1["count"] as? Int == 5)
        #expect((near1["percent"] as? NSNumber)?.doubleValue == 25)
        let ruleKeys = ["rule_id", "label", "count", "percent"]
        #expect(
            rules(near1["by_rule"], keys: ruleKeys) == [
                ["require-digit", "A digit", "4", "20"], ["length", "At least 8 characters", "1", "5"],
            ])
        let pairKeys = ["rule_a", "rule_a_label", "rule_b", "rule_b_label", "count", "percent"]
        #expect(
            rules(v1["top_failing_pairs"], keys: pairKeys) == [
                ["length", "At least 8 characters", "require-digit", "A digit", "3", "15"]
            ])

        #expect(v2["total"] as? Int == 20)
        #expect(share(v2["unlocked"]) == [4, 20])
        #expect(
            rules(v2["rule_failures"], keys: failureKeys) == [
                ["require-special", "A special character", "require", "2", "14", "70"],
                ["length", "At least 10 characters", "length", "0", "10", "50"],
                ["require-digit", "A digit", "require", "1", "7", "35"],
            ])
        let near2 = try #require(v2["near_misses"] as? [String: Any])
        #expect(near2["count"] as? Int == 5)
        #expect(
            rules(near2["by_rule"], keys: ruleKeys) == [
                ["require-special", "A special character", "4", "20"], ["require-digit", "A digit", "1", "5"],
            ])
        #expect(
            rules(v2["top_failing_pairs"], keys: pairKeys) == [
                ["length", "At least 10 characters", "require-special", "A special character", "9", "45"],
                ["length", "At least 10 characters", "require-digit", "A digit", "5", "25"],
                ["require-digit", "A digit", "require-special", "A special character", "5", "25"],
            ])

        let features = try #require(report["features"] as? [String: Any])
        #expect(features["candidates"] as? Int == 20)
        #expect(
            rules(features["length_histogram"], keys: ["length", "count", "percent"]) == [
                ["1", "1", "5"], ["3", "1", "5"], ["5", "1", "5"], ["6", "1", "5"], ["8", "6", "30"], ["10", "1", "5"],
                ["11", "3", "15"], ["12", "3", "15"], ["13", "2", "10"], ["17", "1", "5"],
            ])
        #expect(
            rules(features["class_composition"], keys: ["classes", "count", "percent"]) == [
                ["lower+digit", "8", "40"], ["lower", "5", "25"], ["upper+lower+digit+special", "3", "15"],
                ["lower+special", "2", "10"], ["digit", "1", "5"], ["lower+digit+special", "1", "5"],
            ])
        let reuse = try #require(features["reuse"] as? [String: Any])
        #expect(reuse["group_count"] as? Int == 2)
        #expect(share(reuse["candidates_in_groups"]) == [5, 25])
        #expect(reuse["largest_group_size"] as? Int == 3)
    }

    @Test("markdown: headline, rule, near-miss, pair, length, class and reuse rows")
    func markdownRows() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let out = fixture.run(["report", "--run", "1", "--format", "markdown"]).out
        for line in [
            "# Run report: run 1 (first)",
            "| read | 22 |  |", "| accepted | 20 | 90.9% |", "| rejected | 2 | 9.1% |",
            "| rejected: empty-password | 1 | 4.5% |", "| rejected: field-count | 1 | 4.5% |",
            "**12 of 20 (60.0%) would unlock reset under corp@1.** 5 (25.0%) fail exactly one rule.",
            "**4 of 20 (20.0%) would unlock reset under corp@2.** 5 (25.0%) fail exactly one rule.",
            "| require-digit | A digit | require | 1 | 7 | 35.0% |",
            "| length | At least 8 characters | length | 0 | 4 | 20.0% |",
            "| require-special | A special character | require | 2 | 14 | 70.0% |",
            "| length | At least 10 characters | length | 0 | 10 | 50.0% |",
            "| require-digit | A digit | 4 | 20.0% |", "| length | At least 8 characters | 1 | 5.0% |",
            "| require-special | A special character | 4 | 20.0% |", "| require-digit | A digit | 1 | 5.0% |",
            "| length | require-digit | 3 | 15.0% |", "| length | require-special | 9 | 45.0% |",
            "| require-digit | require-special | 5 | 25.0% |",
            "| 0–4 | 2 | 10.0% |", "| 5–7 | 2 | 10.0% |", "| 8–11 | 10 | 50.0% |", "| 12–14 | 5 | 25.0% |",
            "| 15–19 | 1 | 5.0% |", "| 20–31 | 0 | 0.0% |", "| 32+ | 0 | 0.0% |",
            "| lower+digit | 8 | 40.0% |", "| upper+lower+digit+special | 3 | 15.0% |", "| digit | 1 | 5.0% |",
            "5 candidates (25.0%) share a password with another in 2 groups; the largest group has 3.",
        ] {
            #expect(out.contains(line + "\n"), "missing: \(line)")
        }
        #expect(out.contains("`\(fixture.run1SHA256)`"))
    }

    @Test("table: headlines and aligned figures; colour only on a TTY without NO_COLOR or TERM=dumb")
    func tableAndColour() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let plain = fixture.run(["report", "--run", "1"])
        #expect(plain.code == .success)
        #expect(plain.out.contains("\n12 of 20 (60.0%) would unlock reset under corp@1\n"))
        #expect(plain.out.contains("\n4 of 20 (20.0%) would unlock reset under corp@2\n"))
        #expect(plain.out.contains("A special character (require-special) blocks the most: 14 (70.0%)"))
        #expect(plain.out.contains("  require-special  A special character     require       14  70.0%"))
        #expect(plain.out.contains("Reuse: 5 candidates (25.0%) share a password with another in 2 groups"))
        #expect(!plain.out.contains("\u{1B}["))
        #expect(fixture.run(["report", "--run", "1"], terminal: true).out.contains("\u{1B}[1m"))
        #expect(
            !fixture.run(["report", "--run", "1"], environment: ["NO_COLOR": "1"], terminal: true).out.contains(
                "\u{1B}["))
        #expect(
            !fixture.run(["report", "--run", "1"], environment: ["TERM": "dumb"], terminal: true).out.contains(
                "\u{1B}["))
    }

    @Test("HTML: one self-contained page with the rule bars, funnel and length charts and their figures")
    func html() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let out = fixture.run(["report", "--run", "1", "--format", "html"]).out
        #expect(out.hasPrefix("<!DOCTYPE html>"))
        #expect(!out.contains("<script"))
        #expect(!out.contains("http://") && !out.contains("https://"))
        #expect(out.components(separatedBy: "<svg").count - 1 >= 5)  // bars + funnel per version, length histogram
        #expect(out.contains("12 of 20 (60.0%) would unlock reset under corp@1"))
        #expect(out.contains("4 of 20 (20.0%) would unlock reset under corp@2"))
        #expect(out.contains(">14 (70.0%)</text>"))  // require-special's bar
        #expect(out.contains(">7 (35.0%)</text>"))  // require-digit's bar
        #expect(out.contains("<td class=\"num\">14</td>"))
        #expect(out.contains(fixture.run1SHA256))
    }

    @Test("run selection: latest complete by default, --policy narrows, unknown run and unscored version fail")
    func selection() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let latest = try json(fixture.run(["report", "--format", "json"]).out)
        #expect((latest["run"] as? [String: Any])?["id"] as? Int == 2)
        let versions = latest["versions"] as? [[String: Any]]
        #expect(versions?.count == 1)
        #expect(share(versions?.first?["unlocked"]) == [2, 50])
        let narrowed = try json(fixture.run(["report", "--run", "1", "--policy", "corp@2", "--format=json"]).out)
        #expect(
            (narrowed["versions"] as? [[String: Any]])?.map {
                ($0["policy"] as? [String: Any])?["reference"] as? String
            } == ["corp@2"])
        let byName = try json(fixture.run(["report", "--run", "1", "--policy", "corp", "--format", "json"]).out)
        #expect((byName["versions"] as? [[String: Any]])?.count == 2)
        let unscored = fixture.run(["report", "--run", "2", "--policy", "corp@2"])
        #expect(unscored.code == .dataError)
        #expect(unscored.err.hasPrefix("Error: run 2 did not score corp@2"))
        #expect(fixture.run(["report", "--run", "9"]).code == .noInput)
        let badFormat = fixture.run(["report", "--format", "xml"])
        #expect(badFormat.code == .usage)
        #expect(badFormat.err.contains("Unknown report format 'xml'") || badFormat.err.contains("xml"))
    }

    @Test("--output writes the file and prints where")
    func output() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let direct = fixture.run(["report", "--run", "1", "--format", "json", "-o", "r.json"])
        #expect(direct.code == .success)
        // "wrote …" is a status line: stderr, so that stdout holds results only (issue 25, item 3).
        #expect(direct.out.isEmpty)
        #expect(direct.err == "wrote json report to \(fixture.directory)/r.json\n")
        let written = try String(contentsOfFile: "\(fixture.directory)/r.json", encoding: .utf8)
        #expect(try json(written)["kind"] as? String == "run")
        let missing = fixture.run(["report", "--output", "no/such/dir/r.txt"])
        #expect(missing.code == .ioError)
        #expect(missing.err.hasPrefix("Error: cannot write 'no/such/dir/r.txt': "))
    }

    @Test("no report, comparison or history in any format contains the canary password or its fingerprint")
    func noSecrets() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let fingerprint = try fixture.canaryFingerprint()
        #expect(fingerprint.count == 64)
        let commands: [[String]] = [
            ["report", "--run", "1"], ["compare", "corp@1", "corp@2"],
            ["history", "--by", "run"], ["history", "--by", "day", "--in-force"], ["history", "--by", "week"],
            ["history", "--by", "month", "--in-force"],
        ]
        for command in commands {
            for format in ReportFormat.allCases {
                let result = fixture.run(command + ["--format", format.rawValue])
                #expect(result.code == .success, "\(command) \(format)")
                for text in [result.out, result.err] {
                    #expect(!text.contains(ReportCLIFixture.canary), "\(command) \(format)")
                    #expect(!text.lowercased().contains(fingerprint), "\(command) \(format)")
                    #expect(!text.contains("Canary"), "\(command) \(format)")
                }
            }
        }
    }

    @Test("help in the house layout")
    func help() throws {
        for name in ["report", "compare", "history"] {
            let out = CapturedOutput()
            let code = PolicyAuditCLI.run(
                [name, "--help"], context: CLIContext(stdout: out, stderr: CapturedOutput(), currentDirectory: "/tmp"))
            #expect(code == .success)
            #expect(out.text.hasPrefix("OVERVIEW: "))
            #expect(out.text.contains("\nUSAGE: pwaudit \(name)"))
            #expect(out.text.contains("\nOPTIONS:\n"))
            #expect(out.text.contains("--format"))
        }
    }
}
