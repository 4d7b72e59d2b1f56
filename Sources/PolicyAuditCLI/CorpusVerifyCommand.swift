import BreachCorpus
import PolicyReports

/// `pwaudit corpus verify`: reads a whole breach corpus and names its first bad line.
enum CorpusVerifyCommand: CLICommand {
    static let help = CommandHelp(
        name: "corpus verify", overview: "Check every line of a breach corpus: format and order.",
        usage: ["corpus verify PATH"],
        arguments: [.init("PATH", "A Pwned Passwords file: sorted HASH:COUNT lines, SHA-1 (40 hex) or NTLM (32 hex).")],
        discussion: """
            The format is the first line's: 40-digit hashes are SHA-1 ("hibp:"), 32-digit ones NTLM ("hibp-ntlm:").
            Every line must be HASH:COUNT (upper or lower case hex, LF or CRLF) and sort after the one before it. A
            bad line is named by number (exit 65); nothing of the file's contents is printed. Lookups check the lines
            they read; this checks them all, once, after a download.
            """)

    static let options: [any DeclaredOption] = []

    static func run(_ arguments: ParsedArguments, context: CLIContext) throws -> ExitCode {
        guard arguments.positionals.count == 1 else {
            throw UsageError("'corpus verify' needs one PATH", command: help.name)
        }
        let path = context.resolve(arguments.positionals[0])
        let corpus = try open(path)
        let summary = try CorpusVerifier.verify(corpus)
        let kind = summary.format == .sha1 ? "SHA-1 (hibp:)" : "NTLM (hibp-ntlm:)"
        context.stdout.line(
            "\(arguments.positionals[0]): \(ReportNumber.grouped(summary.lines)) \(kind) hashes, well formed and sorted; "
                + "\(ReportNumber.grouped(summary.sightings)) sightings in all")
        return .success
    }

    /// The corpus at `path`, as SHA-1 unless its first line has an NTLM hash.
    private static func open(_ path: String) throws(CorpusError) -> HIBPCorpus {
        do {
            return try HIBPCorpus(path: path, format: .sha1)
        } catch {
            guard error == .wrongFormat(path: path, expected: .sha1, digits: 32) else { throw error }
            return try HIBPCorpus(path: path, format: .ntlm)
        }
    }
}
