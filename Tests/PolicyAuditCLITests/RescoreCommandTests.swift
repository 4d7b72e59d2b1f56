import Foundation
import PolicyAudit
import Testing

@testable import PolicyAuditCLI
@testable import PolicyReports

/// `pwaudit rescore RUN --policy V FILE` adds one attempt per candidate of an old run, from the same file only.
@Suite("pwaudit rescore")
struct RescoreCommandTests {
    static let csv: String = {
        var text = "id,username,password,submitted_at\n"
        let passwords = ["password1", "Tr0ub4dor&3", "correct horse battery staple", "Summer2024!", "aB3$", "x"]
        for index in 0..<3_000 {
            let password = passwords[index % passwords.count] + (index % 5 == 0 ? "" : "\(index)")
            text += "\(index),user\(index),\"\(password)\",2026-0\(index % 3 + 1)-15T08:00:00Z\n"
        }
        return text + "bad,row\n"
    }()

    @Test("rescore adds the version's attempts, and report figures match the stored attempts and a fresh import")
    func rescoreAddsAttempts() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        let file = try sandbox.write("in.csv", Self.csv)
        let imported = sandbox.run(["import", file, "--policy", "seed"])
        #expect(imported.code == .dataError)
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == 3_000)

        let rescored = sandbox.run(["rescore", "1", "--policy", "nist", file])
        #expect(rescored.code == .success, "\(rescored.err)")
        let nistID = try sandbox.integer("SELECT id FROM v_policy_version WHERE reference = 'nist@1'")
        #expect(try sandbox.integer("SELECT count(*) FROM attempt WHERE policy_version_id = \(nistID)") == 3_000)
        #expect(try sandbox.integer("SELECT count(*) FROM import_run_policy WHERE run_id = 1") == 2)
        let unlocked = try sandbox.integer(
            "SELECT count(*) FROM attempt WHERE policy_version_id = \(nistID) AND unlocks_reset = 1")
        #expect(
            rescored.out == "run 1: nist@1 \(ReportNumber.grouped(Int(unlocked))) of 3,000 unlocked "
                + "(\(Percentage(Int(unlocked), of: 3_000)))\n")

        // The run's report reads the summaries: they must agree with the attempts just stored.
        let workspace = try AuditWorkspace.open(AuditLocation(databasePath: sandbox.databasePath))
        let builder = RunReportBuilder(workspace: workspace)
        let report = try builder.build(run: try builder.run("1"))
        let nist = try #require(report.versions.first { $0.policy.name == "nist" })
        #expect(nist.total == 3_000)
        #expect(nist.unlocked == Int(unlocked))
        for failure in nist.ruleFailures {
            let stored = try sandbox.integer(
                "SELECT count(*) FROM attempt WHERE policy_version_id = \(nistID) AND failed_mask & \(1 << failure.bit)"
            )
            #expect(failure.count == Int(stored), "rule \(failure.ruleID)")
        }
        let days = try sandbox.integer(
            "SELECT sum(total) FROM run_day_summary WHERE run_id = 1 AND policy_version_id = \(nistID)")
        #expect(days == 3_000)

        // Importing the same file against nist directly gives the same figures.
        let direct = sandbox.run(["import", file, "--policy", "nist", "--again"])
        #expect(direct.out.contains("nist@1 \(ReportNumber.grouped(Int(unlocked))) unlocked"), "\(direct.out)")
        let directRun = try builder.build(run: try builder.run("2"))
        #expect(directRun.versions.first?.ruleFailures.map(\.count) == nist.ruleFailures.map(\.count))
        #expect(directRun.versions.first?.nearMisses == nist.nearMisses)
    }

    @Test("rescoring with another file is refused (65) and adds nothing")
    func wrongFile() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        let file = try sandbox.write("in.csv", Self.csv)
        _ = sandbox.run(["import", file, "--policy", "seed"])
        let other = try sandbox.write("other.csv", Self.csv.replacingOccurrences(of: "user1,", with: "user9,"))
        let result = sandbox.run(["rescore", "1", "--policy", "nist", other])
        #expect(result.code == .dataError)
        #expect(
            result.errLines == [
                "Error: this file is not the one run 1 imported (its SHA-256 differs); pass the original file"
            ])
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == 3_000)
        #expect(try sandbox.integer("SELECT count(*) FROM import_run_policy") == 1)
    }

    @Test("rescoring an unknown run is 66; a missing --policy is a usage error")
    func unknownRunAndUsage() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        let file = try sandbox.write("in.csv", Self.csv)
        #expect(sandbox.run(["rescore", "7", "--policy", "nist", file]).code == .noInput)
        #expect(sandbox.run(["rescore", "1", file]).code == .usage)
        #expect(sandbox.run(["rescore", "one", "--policy", "nist", file]).code == .usage)
    }

    @Test("rescoring a run that is not complete is refused")
    func incompleteRun() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        let file = try sandbox.write("in.csv", Self.csv)
        _ = sandbox.run(["import", file, "--policy", "seed"])
        try sandbox.database().execute("UPDATE import_run SET status = 'failed'")
        let result = sandbox.run(["rescore", "1", "--policy", "nist", file])
        #expect(result.code == .dataError)
        #expect(result.err.contains("run 1 is failed, not complete"))
    }

    @Test("rescore - reads the run's file from standard input; other bytes on stdin are refused and add nothing")
    func rescoreFromStandardInput() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        let file = try sandbox.write("in.csv", Self.csv)
        #expect(sandbox.run(["import", file, "--policy", "seed"]).code == .dataError)
        let other = try sandbox.write("other.csv", Self.csv.replacingOccurrences(of: "user1,", with: "userX,"))

        let otherInput = open(other, O_RDONLY)
        defer { close(otherInput) }
        let refused = sandbox.run(["rescore", "1", "--policy", "nist", "-"], stdin: otherInput)
        #expect(refused.code == .dataError)
        #expect(refused.err.contains("not the one run 1 imported"), "\(refused.err)")
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == 3_000)

        let input = open(file, O_RDONLY)
        defer { close(input) }
        let rescored = sandbox.run(["rescore", "1", "--policy", "nist", "-"], stdin: input)
        #expect(rescored.code == .success, "\(rescored.err)")
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == 6_000)
    }
}
