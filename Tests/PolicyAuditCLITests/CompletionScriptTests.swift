import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 25, item 5: `pwaudit completions bash|zsh|fish` completes subcommands, options, option choices and stored
/// policy names, from the same declarations as `--help`; each script loads in its shell.
@Suite("Shell completions")
struct CompletionScriptTests {
    static let bash = ShellTool("bash")
    static let zsh = ShellTool("zsh")
    static let fish = ShellTool("fish")

    /// A directory with `pwaudit.db` (policies seed and nist) and `other.db` (policy strict), and the three scripts.
    struct Fixture {
        let cli: CLIHarness
        let binary: String

        init() throws {
            cli = try CLIHarness()
            binary = try #require(BuiltBinary.url?.path, "no built pwaudit executable")
            for (db, policies) in [("pwaudit.db", ["seed", "nist"]), ("other.db", ["strict"])] {
                try #require(try cli.run(["init", "--db", db]).code == .success)
                for policy in policies {
                    try #require(
                        try cli.run(["policy", "add", CLIHarness.example("\(policy).json"), "--db", db]).code
                            == .success)
                }
            }
            for shell in CompletionShell.allCases {
                let script = try cli.run(["completions", shell.rawValue])
                try #require(script.code == .success && script.err.isEmpty)
                try cli.write("pwaudit.\(shell.rawValue)", script.out)
            }
            try cli.write("corpus.csv", "password\nx\n")
        }

        /// The words bash offers for `words` (the last one being completed), through the script's `_pwaudit`.
        func bashCompletions(_ words: [String]) throws -> [String] {
            let array = ([binary] + words).map(CompletionScript.quoted).joined(separator: " ")
            let program = """
                source ./pwaudit.bash
                COMP_WORDS=(\(array)); COMP_CWORD=\(words.count); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
                _pwaudit
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let outcome = try CompletionScriptTests.bash.run(
                ["--norc", "--noprofile", "-c", program], in: cli.directory)
            #expect(outcome.status == 0 && outcome.err.isEmpty, "\(words): \(outcome.err)")
            return outcome.out.split(separator: "\n").map(String.init).sorted()
        }
    }

    @Test("bash: subcommands, nested subcommands, options, choices, files and stored policy names")
    func bashCompletes() throws {
        let fixture = try Fixture()
        defer { fixture.cli.cleanUp() }
        #expect(try fixture.bashCompletions(["po"]) == ["policy"])
        #expect(try fixture.bashCompletions(["c"]) == ["check", "compare", "completions", "compliance", "corpus"])
        #expect(try fixture.bashCompletions(["policy", "l"]) == ["list"])
        #expect(try fixture.bashCompletions(["runs", "--db", "x.db", ""]) == ["delete", "list"])
        #expect(try fixture.bashCompletions(["help", "policy", "a"]) == ["add", "at"])
        #expect(try fixture.bashCompletions(["import", "--st"]) == ["--strength", "--strict"])
        #expect(try fixture.bashCompletions(["policy", "add", "--f"]) == ["--format"])
        #expect(
            try fixture.bashCompletions(["report", "--format", ""]) == ["csv", "html", "json", "markdown", "table"])
        #expect(try fixture.bashCompletions(["history", "--by", "w"]) == ["week"])
        #expect(try fixture.bashCompletions(["completions", "--h"]) == ["--help"])
        // Stored policy names: against the default store, then the --db typed on the line (either spelling).
        #expect(try fixture.bashCompletions(["policy", "show", ""]) == ["nist", "nist@1", "seed", "seed@1"])
        #expect(try fixture.bashCompletions(["report", "--policy", "n"]) == ["nist", "nist@1"])
        #expect(try fixture.bashCompletions(["compare", "--db", "other.db", ""]) == ["strict", "strict@1"])
        #expect(
            try fixture.bashCompletions(["import", "--db", "=", "other.db", "--policy", "s"]) == ["strict", "strict@1"])
        #expect(try fixture.bashCompletions(["policy", "show", "--db", "missing.db", ""]).isEmpty)
        // A value option's value is not taken for a subcommand; files where a file goes.
        #expect(try fixture.bashCompletions(["import", "corp"]) == ["corpus.csv"])
        #expect(try fixture.bashCompletions(["report", "--output", "corp"]) == ["corpus.csv"])
        #expect(try fixture.bashCompletions(["import", "--label", "policy", "--rejects", "c"]) == ["corpus.csv"])
        let registered = try Self.bash.run(
            ["--norc", "--noprofile", "-c", "source ./pwaudit.bash && complete -p pwaudit"],
            in: fixture.cli.directory)
        #expect(registered.out == "complete -F _pwaudit pwaudit\n")
    }

    @Test("every command and every option of its help is in the bash script's tables")
    func bashTablesFollowTheDeclarations() throws {
        let script = CompletionScript.script(for: .bash)
        for node in CompletionTree.pwaudit.nodes {
            let spellings = node.options.flatMap(\.spellings).joined(separator: " ")
            #expect(script.contains("[\(CompletionScript.quoted(node.key))]=\(CompletionScript.quoted(spellings))"))
        }
        let keys = Set(CompletionTree.pwaudit.nodes.map(\.key))
        #expect(keys.isSuperset(of: ["pwaudit policy add", "pwaudit runs delete", "pwaudit completions"]))
        #expect(keys.count == CommandHelpWalkTests.paths.count + 1)
    }

    @Test("zsh: the script loads after compinit and registers _pwaudit", .enabled(if: zsh.isEnabled, zsh.skipReason))
    func zshLoads() throws {
        let fixture = try Fixture()
        defer { fixture.cli.cleanUp() }
        let outcome = try Self.zsh.run(
            [
                "-f", "-c",
                "autoload -Uz compinit && compinit -u -D && source ./pwaudit.zsh && print -r -- ${_comps[pwaudit]} "
                    + "&& print -r -- ${_pwaudit_subs[pwaudit policy]}",
            ], in: fixture.cli.directory)
        #expect(outcome.status == 0)
        #expect(outcome.err.isEmpty, "\(outcome.err)")
        #expect(outcome.out == "_pwaudit\nadd list show diff at export\n")
    }

    @Test(
        "fish: the script loads and completes subcommands, options and policy names",
        .enabled(if: fish.isEnabled, fish.skipReason))
    func fishLoads() throws {
        let fixture = try Fixture()
        defer { fixture.cli.cleanUp() }
        func complete(_ line: String) throws -> [String] {
            let outcome = try Self.fish.run(
                ["--no-config", "-c", "source ./pwaudit.fish; and complete -C \(CompletionScript.fishQuoted(line))"],
                in: fixture.cli.directory,
                environment: ["PATH": "\((fixture.binary as NSString).deletingLastPathComponent):/usr/bin:/bin"])
            #expect(outcome.status == 0 && outcome.err.isEmpty, "\(line): \(outcome.err)")
            return outcome.out.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
        }
        #expect(try complete("pwaudit pol") == ["policy"])
        #expect(try complete("pwaudit policy s") == ["show"])
        #expect(try complete("pwaudit import --st") == ["--strength", "--strict"])
        #expect(try complete("pwaudit report --format j") == ["json"])
        #expect(try complete("pwaudit policy show se") == ["seed", "seed@1"])
        #expect(try complete("pwaudit compare --db other.db s") == ["strict", "strict@1"])
    }

    @Test("an unknown shell is a usage error naming the three")
    func unknownShell() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let result = try cli.run(["completions", "tcsh"])
        #expect(result.code == .usage && result.out.isEmpty)
        #expect(result.err.hasPrefix("Error: unknown shell 'tcsh' (bash, zsh or fish)\nUsage: pwaudit completions"))
        #expect(try cli.run(["completions"]).code == .usage)
    }
}
