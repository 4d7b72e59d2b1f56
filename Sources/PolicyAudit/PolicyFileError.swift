import BreachCorpus
import ExitStatus
import PasswordPolicy

/// Why a policy file could not be used.
package enum PolicyFileError: Equatable, UserFacingError {
    /// No file at `path`.
    case missing(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String)
    /// The path is a directory, a FIFO, a device or a socket, not a file to read.
    case notRegularFile(path: String)
    /// The file holds more than `PolicyFileLoader.listByteLimit` bytes.
    case tooLarge(path: String)
    /// The file was read but its definition is invalid; `error` names the key at fault.
    case invalid(path: String, error: PolicyError)
    /// No file at the path of a `file:` list the policy names.
    case missingList(policy: String, list: String)
    /// A `file:` list the policy names could not be read; `reason` is the system's, or "not a regular file".
    case unreadableList(policy: String, list: String, reason: String)
    /// A `file:` list was read but is not a word list: `reason` says why (not UTF-8 at a line, damaged gzip).
    case invalidList(policy: String, list: String, reason: String)
    /// A `file:` list named by the policy holds more than `PolicyFileLoader.listByteLimit` bytes of text.
    case listTooLarge(policy: String, list: String)
    /// A breach corpus (`hibp:`, `hibp-ntlm:`) named by the policy could not be opened; `error` says why.
    case unreadableCorpus(policy: String, error: CorpusError)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .missing, .missingList: .noInput
        case .unreadable, .unreadableList: .ioError
        case .invalid, .invalidList, .listTooLarge, .notRegularFile, .tooLarge: .dataError
        case .unreadableCorpus(_, let error): error.exitCode
        }
    }

    /// One sentence saying what went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .missing(let path): "policy file not found: \(path)"
        case .unreadable(let path): "cannot read policy file \(path)"
        case .notRegularFile(let path):
            "\(path) is not a regular file (a directory, FIFO or device cannot be read as a policy); give a policy file"
        case .tooLarge(let path): "policy file \(path) holds more than 1 GiB: too large for a policy"
        case .invalid(let path, let error): "\(path): \(error)"
        case .missingList(let policy, let list): "\(policy): list file not found: \(list)"
        case .unreadableList(let policy, let list, let reason): "\(policy): cannot read list file \(list): \(reason)"
        case .invalidList(let policy, let list, let reason): "\(policy): list file \(list) \(reason)"
        case .listTooLarge(let policy, let list):
            "\(policy): list file \(list) holds more than 1 GiB of text: too large for a word list; "
                + "a breach corpus belongs in a sorted hash file named as hibp:PATH"
        case .unreadableCorpus(let policy, let error): "\(policy): \(error.userMessage)"
        }
    }
}
