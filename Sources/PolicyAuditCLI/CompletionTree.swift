import Foundation

/// What shell completion knows of the commands, read from the same declarations as `--help` and the parser: per
/// command path (`""`, `"policy"`, `"policy add"`) its subcommand words, its options and what their values are.
///
/// A value is completed from what its declaration calls it: `NAME[@N]` is a stored policy version, `FILE`, `PATH`
/// and `PATH|URI` a file, `DIR` a directory; a usage line's `[--format table|json|csv]` lists an option's choices.
/// A command's positional arguments are policies when its `ARGUMENTS:` name a version (`NAME[@N]`, `A`, `B`), files
/// when they name a file.
struct CompletionTree {
    /// What a value or a positional argument is, for completing it.
    enum ValueKind: String, Equatable {
        /// A stored policy version: `pwaudit policy list` names them.
        case policy
        /// A stored policy version or a policy file.
        case policyOrFile
        /// A file.
        case file
        /// A directory.
        case directory
        /// Nothing to offer (a label, a number, a date).
        case none
    }

    /// One command reached by its words.
    struct Node {
        /// The words after `pwaudit` (empty for `pwaudit` itself).
        let path: [String]
        /// The command's one-sentence overview.
        let overview: String
        /// The words of its subcommands, with their overviews.
        let subcommands: [(word: String, overview: String)]
        /// Its options (with `-h, --help`; `--version` at the top).
        let options: [OptionDeclaration]
        /// Choices an option's value is one of, by long name, from the usage lines.
        let choices: [String: [String]]
        /// What its positional arguments are.
        let positional: ValueKind

        /// The key of the generated tables: `pwaudit` and the path (`pwaudit policy add`; a shell's table has no
        /// empty key).
        var key: String { (["pwaudit"] + path).joined(separator: " ") }

        /// What the value of `option` (declared here) is.
        func valueKind(of option: OptionDeclaration) -> ValueKind {
            CompletionTree.kind(ofValue: option.valueName ?? "")
        }

        /// The options whose value is of `kind`, every spelling.
        func spellings(where kind: ValueKind) -> [String] {
            options.filter { $0.arity != .flag && valueKind(of: $0) == kind }.flatMap(\.spellings)
        }

        /// Every option spelling that takes a value.
        var valueSpellings: [String] { options.filter { $0.arity != .flag }.flatMap(\.spellings) }
    }

    /// Every command, `pwaudit` itself first, then depth first in `--help` order.
    let nodes: [Node]

    /// The tree of `PolicyAuditCLI.commands`.
    static let pwaudit = CompletionTree(commands: PolicyAuditCLI.commands)

    /// The tree of `commands` under a top level with `--help` and `--version`.
    init(commands: [any CLICommand.Type]) {
        var nodes = [
            Node(
                path: [], overview: PolicyAuditCLI.help.overview,
                subcommands: commands.map { ($0.word, $0.help.overview) } + [("help", "Show a subcommand's help.")],
                options: [Flag.help.declaration, Flag.version.declaration], choices: [:], positional: .none)
        ]
        func walk(_ command: any CLICommand.Type, prefix: [String]) {
            let path = prefix + [command.word]
            // A group scans its subcommands' options too (`policy --db a.db list`): offer them before the word.
            let declared = (command.options + command.subcommands.flatMap { $0.options }).map(\.declaration)
            var seen = Set<String>()
            let options = (declared + [Flag.help.declaration]).filter { seen.insert($0.name).inserted }
            nodes.append(
                Node(
                    path: path, overview: command.help.overview,
                    subcommands: command.subcommands.map { ($0.word, $0.help.overview) }, options: options,
                    choices: Self.choices(in: command.help.usage),
                    positional: command.help.arguments.lazy.map { Self.kind(ofArgument: $0.name) }.first { $0 != .none }
                        ?? .none))
            for subcommand in command.subcommands { walk(subcommand, prefix: path) }
        }
        for command in commands { walk(command, prefix: []) }
        self.nodes = nodes
    }

    /// What a value called `name` in the help (`NAME[@N]`, `FILE`) is.
    static func kind(ofValue name: String) -> ValueKind {
        let parts = Set(name.split(separator: "|").map(String.init))
        let policy = parts.contains("NAME[@N]")
        if policy { return parts.contains("FILE") ? .policyOrFile : .policy }
        if !parts.isDisjoint(with: ["FILE", "PATH"]) { return .file }
        return parts.contains("DIR") ? .directory : .none
    }

    /// What a positional argument called `name` in `ARGUMENTS:` is.
    static func kind(ofArgument name: String) -> ValueKind {
        switch name {
        case "NAME", "NAME[@N]", "A", "B": .policy
        case "FILE", "FILE.csv", "PATH": .file
        default: .none
        }
    }

    /// The choices usage lines give an option (`[--format table|json|csv]`), by long name.
    static func choices(in usage: [String]) -> [String: [String]] {
        var found: [String: [String]] = [:]
        let pattern = try! NSRegularExpression(pattern: #"\[(--[a-z-]+) ([a-z]+(?:\|[a-z]+)+)\]"#)
        for line in usage {
            for match in pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                guard let name = Range(match.range(at: 1), in: line), let list = Range(match.range(at: 2), in: line)
                else { continue }
                found[String(line[name])] = line[list].split(separator: "|").map(String.init)
            }
        }
        return found
    }
}
