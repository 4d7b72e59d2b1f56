import Testing

@testable import PolicyAuditCLI

/// Ordinary slips on the command line are refused before anything is stored (issue 10, defect 7).
@Suite("Option mistakes")
struct OptionMistakeTests {
    private let csv = "id,username,password\n1,anna,Password1!\n2,bob,bad\u{0}pass\n"

    @Test("--label --strict is a usage error, not a run labelled '--strict' imported non-strictly")
    func valueOptionSwallowsNoFlag() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("c.csv", csv)
        let result = sandbox.run(["import", file, "--label", "--strict"])
        #expect(result.code == .usage)
        #expect(result.errLines.first == "Error: option '--label' needs a value")
        #expect(try sandbox.integer("SELECT count(*) FROM import_run") == 0)
        let inline = sandbox.run(["import", file, "--label=--strict"])
        #expect(inline.code == .dataError)  // the NUL row is rejected, the label kept as given
        #expect(try sandbox.integer("SELECT count(*) FROM import_run WHERE label = '--strict'") == 1)
    }

    @Test("a single-valued option given twice is a usage error")
    func singleValuedTwice() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("c.csv", csv)
        let result = sandbox.run(["import", file, "--label", "a", "--label", "b"])
        #expect(result.code == .usage)
        #expect(result.errLines.first == "Error: option '--label' is given more than once")
        #expect(sandbox.run(["report", "-o", "a.txt", "--output", "b.txt"]).code == .usage)
    }

    @Test("--policy seed --policy seed@1 scores the version once, and the run completes")
    func duplicatePolicyIsScoredOnce() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("c.csv", "id,username,password\n1,anna,Password1!\n")
        let result = sandbox.run(["import", file, "--policy", "seed", "--policy", "seed@1", "--policy", "seed"])
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.hasSuffix("; seed@1 1 unlocked (100.0%)\n"))
        #expect(try sandbox.integers("SELECT status = 'complete' FROM import_run") == [1])
        #expect(try sandbox.integer("SELECT count(*) FROM import_run_policy") == 1)
    }

    @Test("pwaudit alone is a usage error: help on stderr, nothing on stdout, exit 64")
    func noSubcommand() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let result = try cli.run([])
        #expect(result.code == .usage)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("OVERVIEW:") && result.err.contains("SUBCOMMANDS:"))
    }
}
