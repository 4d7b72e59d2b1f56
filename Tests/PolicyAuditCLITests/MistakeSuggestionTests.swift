import PasswordPolicy
import Testing

@testable import PolicyAuditCLI

/// A slip of the keyboard is met halfway: the known name it is closest to is suggested, and only a close one
/// (issue 25, item 2).
@Suite("Mistake suggestions")
struct MistakeSuggestionTests {
    private func run(_ arguments: [String]) throws -> CLIHarness.Result {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        return try cli.run(arguments)
    }

    @Test(
        "a mistyped subcommand, nested subcommand or option names the one meant",
        arguments: [
            (["reprot"], "Error: unknown subcommand 'reprot'; did you mean 'report'?"),
            (["polcy", "list"], "Error: unknown subcommand 'polcy'; did you mean 'policy'?"),
            (["policy", "lst"], "Error: unknown subcommand 'policy lst'; did you mean 'list'?"),
            (["runs", "delte", "1"], "Error: unknown subcommand 'runs delte'; did you mean 'delete'?"),
            (["help", "policy", "shwo"], "Error: unknown subcommand 'policy shwo'; did you mean 'show'?"),
            (["report", "--formt", "json"], "Error: unknown option '--formt'; did you mean '--format'?"),
            (["policy", "list", "--dbb", "a.db"], "Error: unknown option '--dbb'; did you mean '--db'?"),
            (["import", "--rejcts", "r.csv", "x.csv"], "Error: unknown option '--rejcts'; did you mean '--rejects'?"),
        ])
    func suggestsTheClosestName(arguments: [String], firstLine: String) throws {
        let result = try run(arguments)
        #expect(result.code == .usage)
        #expect(result.err.split(separator: "\n").first.map(String.init) == firstLine)
    }

    @Test(
        "nothing is suggested when nothing is close",
        arguments: [["frobnicate"], ["policy", "zzz"], ["report", "--colour"], ["check", "--x"]])
    func suggestsNothingFar(arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.code == .usage)
        #expect(!result.err.contains("did you mean"), "\(result.err)")
    }

    @Test("an unknown nested subcommand prints its parent's usage, not a sibling's")
    func nestedMistakePrintsTheGroupUsage() throws {
        let result = try run(["policy", "lst"])
        let lines = result.err.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1] == "Usage: pwaudit policy <add|list|show|diff|at|export> [options]")
        #expect(lines[2] == "See 'pwaudit policy --help' for more information.")
        let runs = try run(["runs", "nope"])
        #expect(runs.err.contains("\nUsage: pwaudit runs <list|delete> [options]\n"))
        // A subcommand's own mistake still shows that subcommand's usage.
        let list = try run(["policy", "list", "extra"])
        #expect(list.err.contains("\nUsage: pwaudit policy list [--format text|json]\n"))
    }

    @Test("the distance: swaps, drops and insertions count one; case is ignored; a unique prefix is suggested")
    func distance() {
        #expect(NameSuggestion.closest(to: "lenght", among: ["length", "require"]) == ["length"])
        #expect(NameSuggestion.closest(to: "LIST", among: ["list", "show"]) == ["list"])
        #expect(NameSuggestion.closest(to: "rescor", among: ["report", "rescore"]) == ["rescore"])
        #expect(NameSuggestion.closest(to: "comp", among: ["compare", "compliance"]).isEmpty)
        #expect(NameSuggestion.closest(to: "compl", among: ["compare", "compliance"]) == ["compliance"])
        #expect(NameSuggestion.closest(to: "ab", among: ["xy", "at"]) == ["at"])
        #expect(NameSuggestion.closest(to: "zzzz", among: ["list", "show"]).isEmpty)
        #expect(NameSuggestion.didYouMean("sho", among: ["show", "shop"]) == "; did you mean 'show' or 'shop'?")
    }
}
