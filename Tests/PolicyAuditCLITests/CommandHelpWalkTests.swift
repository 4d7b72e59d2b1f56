import Foundation
import Testing

@testable import PolicyAuditCLI

/// Every command and nested command has its own help, and its help and its parser agree on the options (issue 11).
@Suite("Every command's own help")
struct CommandHelpWalkTests {
    /// The words that reach every command and nested command (`["policy", "add"]`).
    static let paths: [[String]] = walk(PolicyAuditCLI.commands, prefix: [])

    private static func walk(_ commands: [any CLICommand.Type], prefix: [String]) -> [[String]] {
        commands.flatMap { command in
            [prefix + [command.word]] + walk(command.subcommands, prefix: prefix + [command.word])
        }
    }

    /// The command `path` reaches.
    private static func command(_ path: [String]) throws -> any CLICommand.Type {
        var found = PolicyAuditCLI.commands.first { $0.word == path[0] }
        for word in path.dropFirst() { found = found?.subcommand(named: word) }
        guard let command = found else { throw CommandNotFound(path: path) }
        return command
    }

    private struct CommandNotFound: Error {
        let path: [String]
    }

    private func run(_ arguments: [String]) -> (code: ExitCode, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = PolicyAuditCLI.run(
            arguments, context: CLIContext(stdout: out, stderr: err, currentDirectory: "/tmp"))
        return (code, out.text, err.text)
    }

    /// The options a help text names: `--word` and `-x`, wherever they appear (usage, options, discussion).
    private static func optionTokens(in text: String) throws -> Set<String> {
        let pattern = try NSRegularExpression(pattern: #"(?<![\w-])--?[A-Za-z][A-Za-z-]*"#)
        let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
        return Set(matches.compactMap { Range($0.range, in: text).map { String(text[$0]) } })
    }

    @Test("the walk reaches every nested command")
    func reachesNestedCommands() {
        let names = Set(Self.paths.map { $0.joined(separator: " ") })
        let nested = [
            "policy add", "policy list", "policy show", "policy diff", "policy at", "runs list", "runs delete",
        ]
        #expect(names.isSuperset(of: nested))
    }

    @Test(
        "each has its own --help: OVERVIEW, USAGE, OPTIONS on stdout, exit 0; -h and 'pwaudit help' print the same",
        arguments: paths)
    func ownHelp(path: [String]) throws {
        let name = path.joined(separator: " ")
        let help = run(path + ["--help"])
        #expect(help.code == .success)
        #expect(help.err.isEmpty)
        #expect(help.out.hasPrefix("OVERVIEW: "))
        #expect(help.out.contains("\nUSAGE: pwaudit "))
        #expect(help.out.contains("\nOPTIONS:\n"))
        // Its own: every usage line is of this command (policy add's help shows no other policy subcommand; the
        // default subcommand's is `runs [list]`).
        let usage = help.out.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE:") } ?? ""
        #expect(!usage.isEmpty)
        for line in usage.split(separator: "\n") {
            let words = line.dropFirst(6).filter { $0 != "[" && $0 != "]" }.split(separator: " ").map(String.init)
            #expect(words.starts(with: ["pwaudit"] + path), "\(line)")
        }
        let short = run(path + ["-h"])
        #expect(short.code == .success && short.out == help.out)
        let viaHelp = run(["help"] + path)
        #expect(viaHelp.code == .success && viaHelp.out == help.out)
        #expect(try Self.command(path).help.name == name)
    }

    @Test("every declared option is in the help, and every option the help names is accepted", arguments: paths)
    func optionsMatchHelp(path: [String]) throws {
        let command = try Self.command(path)
        let help = run(path + ["--help"]).out
        let declarations = command.options.map(\.declaration) + [Flag.help.declaration]
        for declaration in declarations {
            #expect(help.contains("\n  \(declaration.synopsis) "), "\(path) \(declaration.synopsis)")
        }
        let spellings = declarations.flatMap(\.spellings)
        #expect(Set(spellings).count == spellings.count, "an option declared twice in \(path)")
        for token in try Self.optionTokens(in: help) {
            // A flag, a value option (inline or not): with --help after it, nothing runs; only the parse is tried.
            let attempts = [[token, "--help"], ["\(token)=1", "--help"], [token, "1", "--help"]]
            #expect(attempts.contains { run(path + $0).code == .success }, "\(path) refuses '\(token)' from its help")
        }
        #expect(run(path + ["--no-such-option", "--help"]).code == .usage)
    }

    @Test("a subcommand parses only its own options, wherever its word stands")
    func subcommandsHaveTheirOwnOptions() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        #expect(try cli.run(["init", "--db", "a.db"]).code == .success)
        let list = try cli.run(["policy", "list", "--effective", "2026-01-01", "--db", "a.db"])
        #expect(list.code == .usage)
        #expect(
            list.err.hasPrefix("Error: unknown option '--effective'\nUsage: pwaudit policy list [--format text|json]\n")
        )
        #expect(list.err.hasSuffix("See 'pwaudit policy list --help' for more information.\n"))
        let added = try cli.run(["policy", "--db", "a.db", "add", CLIHarness.example("seed.json"), "--note", "n"])
        #expect(added.code == .success && added.out == "seed@1\n")
        #expect(try cli.run(["policy", "--db", "a.db", "list"]).out.contains("seed@1"))
        #expect(try cli.run(["runs", "--db", "a.db"]).out == (try cli.run(["runs", "list", "--db", "a.db"])).out)
    }

    @Test("a group without its subcommand names them; an unknown one is refused, in help too")
    func groupMistakes() {
        let missing = run(["policy"])
        #expect(missing.code == .usage)
        #expect(missing.err.hasPrefix("Error: missing subcommand (add, list, show, diff, at, export)\n"))
        #expect(run(["policy", "nope"]).err.hasPrefix("Error: unknown subcommand 'policy nope'\n"))
        let help = run(["help", "runs", "nope"])
        #expect(help.code == .usage && help.out.isEmpty)
        #expect(help.err.hasPrefix("Error: unknown subcommand 'runs nope'\n"))
    }
}
