import Foundation
import Testing

@testable import PolicyAuditCLI

/// The README's exit-code table, checked against what the commands do (issue 10, defect 10).
@Suite("Exit codes and usage lines")
struct ExitCodeTableTests {
    @Test(
        "a malformed --run is a usage error (64), not a run that does not exist (66)",
        arguments: [
            ["report", "--run", "abc"], ["report", "--run", "0"], ["compare", "corp@1", "corp@2", "--run", "-3x"],
        ]
    )
    func malformedRun(arguments: [String]) throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let result = fixture.run(arguments)
        #expect(result.code == .usage)
        #expect(result.err.hasPrefix("Error: option '--run' must be a run id or 'latest', not '\(arguments.last!)'\n"))
        #expect(result.err.contains("Usage: pwaudit \(arguments[0]) "))
        #expect(fixture.run(["report", "--run", "99"]).code == .noInput)
    }

    @Test("no complete run: history exits 66 like report and compare")
    func noCompleteRun() throws {
        let sandbox = try ImportSandbox()
        let report = sandbox.run(["report"])
        let history = sandbox.run(["history"])
        #expect(report.code == .noInput)
        #expect(history.code == .noInput)
        #expect(history.errLines == ["Error: no complete run scored policy 'seed'"])
    }

    @Test("--db naming a directory (or empty, the working directory) is not a database, and says so, for every opener")
    func databaseIsADirectory() throws {
        let harness = try CLIHarness()
        defer { harness.cleanUp() }
        for arguments in [["runs", "--db", harness.directory], ["init", "--db="], ["policy", "list", "--db="]] {
            let result = try harness.run(arguments)
            #expect(result.code == .dataError, "\(arguments)")
            #expect(
                result.err.hasPrefix("Error: \(harness.directory) is a directory, not a database file"), "\(result.err)"
            )
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: harness.directory).filter { !$0.hasPrefix(".") }.isEmpty
        )
    }

    @Test("compare of a version with itself is a usage error")
    func compareSameVersion() throws {
        let fixture = try ReportCLIFixture()
        defer { fixture.remove() }
        let result = fixture.run(["compare", "corp@2", "corp"])
        #expect(result.code == .usage)
    }

    @Test(
        "policy subcommands print their own usage line",
        arguments: [
            (["policy", "show"], "Usage: pwaudit policy show NAME[@N] [--format text|json]"),
            (["policy", "show", "a", "b"], "Usage: pwaudit policy show NAME[@N] [--format text|json]"),
            (["policy", "diff", "a"], "Usage: pwaudit policy diff A B [--format text|json]"),
            (["policy", "at", "seed", "someday"], "Usage: pwaudit policy at NAME DATE"),
            (["policy", "add"], "Usage: pwaudit policy add FILE [--effective DATE] [--note TEXT]"),
            (["policy", "list", "x"], "Usage: pwaudit policy list [--format text|json]"),
            (["runs", "delete"], "Usage: pwaudit runs delete ID"),
        ])
    func subcommandUsage(arguments: [String], usage: String) throws {
        let sandbox = try ImportSandbox()
        let result = sandbox.run(arguments)
        #expect(result.code == .usage)
        #expect(result.errLines.count == 3)
        #expect(result.errLines.dropFirst().first.map(String.init) == usage)
    }
}
