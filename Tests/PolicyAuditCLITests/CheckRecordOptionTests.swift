import Testing

@testable import PolicyAuditCLI

/// `check --record` outside a terminal: refused as a usage mistake, nothing read or stored.
@Suite("check --record off a terminal")
struct CheckRecordOptionTests {
    @Test("--record with stdin not a terminal is a usage error pointing to import")
    func recordNeedsATerminal() throws {
        let cli = try CLIHarness()
        let result = try cli.run(
            ["check", "--policy", CLIHarness.example("seed.json"), "--record"], stdin: "Canary-Record-1!\n")
        #expect(result.code == .usage)
        #expect(result.err.contains("--record needs a terminal; import a CSV of candidates with 'pwaudit import'"))
        #expect(result.out.isEmpty)
        #expect(!result.err.contains("Canary"))
    }

    @Test("check's help names --record and the live checklist")
    func help() throws {
        let result = try CLIHarness().run(["check", "--help"])
        #expect(result.out.contains("--record"))
        #expect(result.out.contains("live checklist on a terminal"))
    }
}
