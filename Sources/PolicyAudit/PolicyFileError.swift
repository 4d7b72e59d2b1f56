import BreachCorpus
import ExitStatus
import PasswordPolicy

/// Why a policy file could not be used.
package enum PolicyFileError: Equatable, UserFacingError {
    /// No file at `path`.
    case missing(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String)
    /// The file was read but its definition is invalid; `error` names the key at fault.
    case invalid(path: String, error: PolicyError)
    /// A `file:` blocklist named by the policy could not be read as UTF-8 text.
    case unreadableBlocklist(policy: String, list: String)
    /// A `file:` blocklist named by the policy holds more than `PolicyFileLoader.listByteLimit` bytes of text.
    case blocklistTooLarge(policy: String, list: String)
    /// A breach corpus (`hibp:`, `hibp-ntlm:`) named by the policy could not be opened; `error` says why.
    case unreadableCorpus(policy: String, error: CorpusError)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .missing, .unreadableBlocklist: .noInput
        case .unreadable: .ioError
        case .invalid, .blocklistTooLarge: .dataError
        case .unreadableCorpus(_, let error): error.exitCode
        }
    }

    /// One sentence saying what went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .missing(let path): "policy file not found: \(path)"
        case .unreadable(let path): "cannot read policy file \(path)"
        case .invalid(let path, let error): "\(path): \(error)"
        case .unreadableBlocklist(let policy, let list): "\(policy): cannot read blocklist file \(list)"
        case .blocklistTooLarge(let policy, let list):
            "\(policy): blocklist file \(list) holds more than 1 GiB of text (decompressed): too large for a word list; "
                + "a breach corpus belongs in a sorted hash file named as hibp:PATH"
        case .unreadableCorpus(let policy, let error): "\(policy): \(error.userMessage)"
        }
    }
}
