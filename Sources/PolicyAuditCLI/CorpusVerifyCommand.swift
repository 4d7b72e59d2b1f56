import BreachCorpus
import LibC
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
        let hashes = summary.lines == 1 ? "hash" : "hashes"
        let sightings = summary.sightings == 1 ? "sighting" : "sightings"
        context.stdout.line(
            "\(ReportText.terminalSafe(arguments.positionals[0])): \(ReportNumber.grouped(summary.lines)) \(kind) "
                + "\(hashes), well formed and sorted; \(ReportNumber.grouped(summary.sightings)) \(sightings) in all")
        return .success
    }

    /// The corpus at `path`, as SHA-1 unless its first line has an NTLM hash. A first or last line found bad on
    /// opening is named by number, as the full scan names the others.
    private static func open(_ path: String) throws(CorpusError) -> HIBPCorpus {
        do throws(CorpusError) {
            do throws(CorpusError) {
                return try HIBPCorpus(path: path, format: .sha1)
            } catch {
                guard error == .wrongFormat(path: path, expected: .sha1, digits: 32) else { throw error }
                return try HIBPCorpus(path: path, format: .ntlm)
            }
        } catch .malformed(let path, nil, let offset, let reason) {
            throw .malformed(path: path, line: lineNumber(at: offset, in: path), byteOffset: offset, reason: reason)
        } catch .unsorted(let path, nil, let offset) {
            throw .unsorted(path: path, line: lineNumber(at: offset, in: path), byteOffset: offset)
        } catch {
            throw error
        }
    }

    /// The 1-based number of the line holding byte `offset` of the file at `path`, or nil when it cannot be read.
    private static func lineNumber(at offset: Int, in path: String) -> Int? {
        guard let descriptor = try? RegularFile(path: path).descriptor else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var line = 1
        var read = 0
        while read < offset {
            let got = buffer.withUnsafeMutableBytes {
                LibC.read(descriptor, $0.baseAddress, min($0.count, offset - read))
            }
            guard got > 0 else { return got == 0 ? line : nil }
            line += buffer[0..<got].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            read += got
        }
        return line
    }
}
