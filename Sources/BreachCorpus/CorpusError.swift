import ExitStatus
import PasswordPolicy

/// Why a breach corpus could not be opened or searched; never carries a hash from the file or a password.
package enum CorpusError: Error, Equatable, UserFacingError {
    /// No file at `path`.
    case missing(path: String)
    /// The file exists but could not be opened or mapped; `reason` is the system's.
    case unreadable(path: String, reason: String)
    /// The file has no lines: every password would pass unchecked.
    case empty(path: String)
    /// A line is not `HASH:COUNT`; `line` is its 1-based number when known (a full scan), `byteOffset` where it starts.
    case malformed(path: String, line: Int?, byteOffset: Int, reason: String)
    /// A line's hash does not sort after the one before it (the file is unsorted or holds a hash twice).
    case unsorted(path: String, line: Int?, byteOffset: Int)
    /// The lines hold hashes of another format than the list names (an NTLM file given as `hibp:`, …).
    case wrongFormat(path: String, expected: BreachCorpusReference.Format, digits: Int)
    /// The file was written while it was being read (rewritten in place): the answers read from it are not trusted.
    case changed(path: String)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .missing: .noInput
        case .unreadable, .changed: .ioError
        case .empty, .malformed, .unsorted, .wrongFormat: .dataError
        }
    }

    /// One sentence saying what went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .missing(let path):
            "breach corpus not found: \(path)"
        case .unreadable(let path, let reason):
            "cannot read breach corpus \(path): \(reason)"
        case .empty(let path):
            "breach corpus \(path) is empty; download it again"
        case .malformed(let path, let line, let offset, let reason):
            "breach corpus \(path): \(Self.place(line, offset)) \(reason)"
        case .unsorted(let path, let line, let offset):
            "breach corpus \(path): \(Self.place(line, offset)) does not sort after the line before it; the file must be "
                + "sorted by hash with each hash once" + (line == nil ? " (run 'pwaudit corpus verify \(path)')" : "")
        case .wrongFormat(let path, let expected, let digits):
            "breach corpus \(path) holds \(digits)-digit hashes, not the \(expected.hexDigits) of "
                + "\"\(expected.rawValue):\"; "
                + (digits == 32
                    ? "use \"hibp-ntlm:\" for the NTLM corpus"
                    : digits == 40
                        ? "use \"hibp:\" for the SHA-1 corpus"
                        : "it is not a full-hash Pwned Passwords file (40 hex digits a line for hibp:, 32 for hibp-ntlm:)")
        case .changed(let path):
            "breach corpus \(path) changed while pwaudit was reading it (rewritten in place?), so its answers are not "
                + "trusted and nothing was stored; replace a corpus by writing the new file beside it and renaming it "
                + "over the old one"
        }
    }

    private static func place(_ line: Int?, _ offset: Int) -> String {
        if let line { return "line \(line)" }
        return "the line at byte \(offset)"
    }
}
