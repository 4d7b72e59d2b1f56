import Foundation

/// The help text of one command, rendered in the house layout (`OVERVIEW:`, `USAGE:`, …).
///
/// The `OPTIONS:` section is not written here: it is rendered from the command's option declarations, so that it
/// lists exactly what the parser accepts.
package struct CommandHelp: Sendable {
    /// One entry of the `ARGUMENTS:` or `SUBCOMMANDS:` section.
    package struct Entry: Sendable {
        /// The left column: an argument's or subcommand's name.
        package let name: String
        /// The right column: one sentence.
        package let summary: String
        /// Creates an entry.
        package init(_ name: String, _ summary: String) {
            self.name = name
            self.summary = summary
        }
    }

    /// The full command name, e.g. `policy add`.
    package let name: String
    /// One sentence: what the command does.
    package let overview: String
    /// The usage lines, without the leading `pwaudit`.
    package let usage: [String]
    /// The `ARGUMENTS:` section.
    package var arguments: [Entry] = []
    /// The `SUBCOMMANDS:` section.
    package var subcommands: [Entry] = []
    /// Free text after the sections: examples, notes.
    package var discussion: String = ""

    /// Creates help for a command.
    package init(
        name: String, overview: String, usage: [String], arguments: [Entry] = [], subcommands: [Entry] = [],
        discussion: String = ""
    ) {
        self.name = name
        self.overview = overview
        self.usage = usage
        self.arguments = arguments
        self.subcommands = subcommands
        self.discussion = discussion
    }

    /// Creates help for a command group (`policy`): its usage is its subcommands' usage lines, its `SUBCOMMANDS:`
    /// their overviews.
    package init(group name: String, overview: String, subcommands: [any CLICommand.Type], discussion: String = "") {
        self.init(
            name: name, overview: overview, usage: subcommands.flatMap { $0.help.usage },
            subcommands: subcommands.map { .init($0.word, $0.help.overview) }, discussion: discussion)
    }

    /// The first usage line, for usage errors.
    package var usageLine: String { "pwaudit " + (usage.first ?? name) }

    /// The usage line for a usage error of `command` (`policy show`): the usage entry for exactly that
    /// subcommand when there is one, else the first.
    package func usageLine(for command: String) -> String {
        let words = command.split(separator: " ")
        let entry = usage.first { $0.split(separator: " ").starts(with: words) } ?? usage.first ?? name
        return "pwaudit " + entry
    }

    /// The help text as printed by `--help`, with `options` (in order) as its `OPTIONS:` section.
    package func rendered(options: [any DeclaredOption]) -> String {
        let optionEntries = options.map { Entry($0.declaration.synopsis, $0.declaration.summary) }
        var out = "OVERVIEW: \(overview)\n\nUSAGE:"
        for line in usage { out += " pwaudit \(line)\n" + (line == usage.last ? "" : "      ") }
        for (title, entries) in [("ARGUMENTS", arguments), ("OPTIONS", optionEntries), ("SUBCOMMANDS", subcommands)]
        where !entries.isEmpty {
            out += "\n\(title):\n"
            let width = min(max(entries.map(\.name.count).max() ?? 0, 8), 28)
            for entry in entries {
                let name = entry.name.padding(toLength: max(width, entry.name.count), withPad: " ", startingAt: 0)
                out +=
                    entry.name.count > width
                    ? "  \(entry.name)\n  \(String(repeating: " ", count: width))  \(entry.summary)\n"
                    : "  \(name)  \(entry.summary)\n"
            }
        }
        if !discussion.isEmpty { out += "\n\(discussion)\n" }
        return out
    }
}
