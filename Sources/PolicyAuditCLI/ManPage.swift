/// The `pwaudit(1)` manual page in man(7) roff, generated from the same command help and option declarations as
/// `--help`: every command and nested command with its usage, arguments, options and notes.
///
/// The checked-in `man/pwaudit.1` is this page; a test regenerates it and compares. The text is escaped for roff
/// (`\e`, `\-`, `\&` before a leading dot, `\[uXXXX]` for what is not ASCII), so that `groff -man -ww` and
/// `mandoc -T lint` find nothing to say.
enum ManPage {
    /// The day of the release the page describes (`.TH`'s date): changed with `PolicyAuditVersion.current`.
    static let date = "2026-12-02"

    /// The page for `commands` (default: every command).
    static func render(commands: [any CLICommand.Type] = PolicyAuditCLI.commands) -> String {
        var out = [
            #".\" Generated from pwaudit's declarations (ManPage.swift): do not edit."#,
            ".ad l",
            ".TH PWAUDIT 1 \(date) \"pwaudit \(PolicyAuditCLI.version)\" \"User Commands\"",
            ".SH NAME", "pwaudit \\- " + text(PolicyAuditCLI.help.overview),
            ".SH SYNOPSIS",
        ]
        for (index, line) in PolicyAuditCLI.help.usage.enumerated() {
            if index > 0 { out.append(".br") }
            out.append("\\fBpwaudit\\fR " + text(line))
        }
        out += [
            ".SH DESCRIPTION",
            "pwaudit keeps dated, immutable versions of password policies, scores files of candidate passwords against "
                + "them (storing keyed fingerprints and derived features, never a password) and reports which candidates "
                + "would pass each version, why the others fail, how versions compare and how the rates move.",
            ".PP", "Results go to standard output, diagnostics and progress to standard error.",
            ".SH OPTIONS",
        ]
        out += options([Flag.help.declaration, Flag.version.declaration])
        out.append(".SH COMMANDS")
        func walk(_ command: any CLICommand.Type) {
            section(command, into: &out)
            for subcommand in command.subcommands { walk(subcommand) }
        }
        for command in commands + [HelpEntry.self] { walk(command) }
        out += [
            ".SH ENVIRONMENT",
            ".TP", ".B PWAUDIT_DB", "The store when no \\fB\\-\\-db\\fR is given (default \\fI./pwaudit.db\\fR).",
            ".TP", ".B PWAUDIT_KEY_FILE",
            "The fingerprint key when no \\fB\\-\\-key\\-file\\fR is given "
                + "(default \\fI<db>.key\\fR).",
            ".TP", ".B NO_COLOR", "When set, no colour on a terminal (also with \\fBTERM=dumb\\fR).",
            ".TP", ".B TMPDIR", "Where \\fBpwaudit demo\\fR makes its directory when no \\fB\\-\\-dir\\fR is given.",
            ".SH EXIT STATUS",
        ]
        let statuses: [(ExitCode, String)] = [
            (.success, "Everything worked and nothing failed."),
            (.findings, "What the command examined failed: a candidate or a policy."),
            (.usage, "The command line was wrong."),
            (.dataError, "The input data was wrong: a bad policy file, rejected CSV rows, a corrupt database."),
            (.noInput, "An input file does not exist or cannot be opened."),
            (.internalError, "Something pwaudit did not expect."),
            (.ioError, "Reading or writing a file failed."),
            (.noPermission, "The PostgreSQL role lacks a permission the command needs."),
            (.interrupted, "Interrupted by the user (Ctrl\\-C)."),
            (.brokenPipe, "Standard output's reader went away."),
        ]
        for (code, meaning) in statuses { out += [".TP", ".B \(code.rawValue)", text(meaning)] }
        out += [
            ".SH FILES",
            ".TP", ".I ./pwaudit.db", "The default SQLite store, with its key \\fI./pwaudit.db.key\\fR beside it.",
            ".SH SEE ALSO",
            "The policy format, report formats and database views are documented in "
                + "\\fI/usr/share/doc/pwaudit\\fR when packaged, and in the source tree's \\fIdocs/\\fR.",
        ]
        return out.flatMap(wrapped).joined(separator: "\n") + "\n"
    }

    /// The longest input line mandoc's lint accepts without a style note.
    static let lineLimit = 80

    /// A text line broken at spaces into lines of at most `lineLimit` bytes (a request line as it is); a word longer
    /// than that is cut between escapes and continued with `\c`, which joins the next line without a space.
    static func wrapped(_ line: String) -> [String] {
        guard line.utf8.count > lineLimit, !line.hasPrefix(".") else { return [line] }
        var lines: [String] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            lines.append(current.hasPrefix(".") || current.hasPrefix("'") ? "\\&" + current : current)
            current = ""
        }
        for word in line.split(separator: " ") {
            if !current.isEmpty && current.utf8.count + 1 + word.utf8.count > lineLimit { flush() }
            var rest = Substring(word)
            while current.utf8.count + (current.isEmpty ? 0 : 1) + rest.utf8.count > lineLimit {
                if !current.isEmpty { flush() }
                // Cut before the escape or character that would pass the limit (less 3 bytes for `\&` and `\c`).
                var cut = rest.startIndex
                var bytes = 0
                while cut < rest.endIndex {
                    let atom = escapeEnd(in: rest, at: cut)
                    let size = rest[cut..<atom].utf8.count
                    if bytes + size > lineLimit - 4 { break }
                    bytes += size
                    cut = atom
                }
                current = String(rest[..<cut]) + "\\c"
                flush()
                rest = rest[cut...]
            }
            current += (current.isEmpty ? "" : " ") + rest
        }
        flush()
        return lines
    }

    /// The end of the escape sequence (`\fB`, `\-`, `\[u2026]`, `\e`, `\&`) or character starting at `index`.
    private static func escapeEnd(in text: Substring, at index: Substring.Index) -> Substring.Index {
        guard text[index] == "\\", let next = text.index(index, offsetBy: 1, limitedBy: text.endIndex),
            next < text.endIndex
        else { return text.index(after: index) }
        switch text[next] {
        case "[": return text[next...].firstIndex(of: "]").map { text.index(after: $0) } ?? text.endIndex
        case "f": return text.index(next, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
        default: return text.index(after: next)
        }
    }

    /// One command's subsection: overview, usage, arguments, options, subcommands and notes.
    private static func section(_ command: any CLICommand.Type, into out: inout [String]) {
        let help = command.help
        out += [".SS \"pwaudit \(text(help.name))\"", text(help.overview), ".PP"]
        for (index, line) in help.usage.enumerated() {
            if index > 0 { out.append(".br") }
            out.append("\\fBpwaudit\\fR " + text(line))
        }
        for entry in help.arguments { out += [".TP", "\\fI\(text(entry.name))\\fR", text(entry.summary)] }
        if !(command is HelpEntry.Type) {
            out += options(command.options.map(\.declaration) + [Flag.help.declaration])
        }
        if !help.subcommands.isEmpty {
            out += [".PP", "Subcommands:"]
            for entry in help.subcommands { out += [".TP", "\\fB\(text(entry.name))\\fR", text(entry.summary)] }
        }
        guard !help.discussion.isEmpty else { return }
        out.append(".PP")
        var indented = false
        for line in help.discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            guard !line.isEmpty else {
                out.append(".PP")
                continue
            }
            // A line that starts with spaces (a command to type, a list) keeps its own line.
            let starts = line.first == " "
            if starts || indented { out.append(".br") }
            indented = starts
            out.append(text(starts ? String(line.drop { $0 == " " }) : String(line)))
        }
    }

    /// An option list: `.TP` per option, its synopsis in bold with the value in italics.
    private static func options(_ declarations: [OptionDeclaration]) -> [String] {
        declarations.flatMap { option -> [String] in
            let names = option.spellings.reversed().map { "\\fB\(text($0))\\fR" }.joined(separator: ", ")
            let value = option.valueName.map { " \\fI\(text($0))\\fR" } ?? ""
            return [".TP", names + value, text(option.summary)]
        }
    }

    /// `text` escaped for a roff text line: backslashes, hyphens as `\-`, a leading dot or quote guarded, and every
    /// character outside ASCII as `\[uXXXX]`.
    static func text(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\u{2713}": out += "\\[OK]"  // groff and mandoc name the check mark; the ballot x they lack
            case "\u{2717}", "\u{00D7}": out += "\\[mu]"
            case _ where scalar.value > 0x7E || scalar.value < 0x20:
                out += "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// `pwaudit help`, which is a word of the dispatcher rather than a command: its entry on the page.
    private enum HelpEntry: CLICommand {
        static let help = CommandHelp(
            name: "help", overview: "Show the help of a command, as its --help does.", usage: ["help [SUBCOMMAND...]"])
        static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode { .success }
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
