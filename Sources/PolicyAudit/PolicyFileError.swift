import PasswordPolicy

/// Why a policy file could not be used.
package enum PolicyFileError: Error, Equatable, CustomStringConvertible {
    /// No file at `path`.
    case missing(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String)
    /// The file was read but its definition is invalid; `error` names the key at fault.
    case invalid(path: String, error: PolicyError)
    /// A `file:` blocklist named by the policy could not be read as UTF-8 text.
    case unreadableBlocklist(policy: String, list: String)

    package var description: String {
        switch self {
        case .missing(let path): "policy file not found: \(path)"
        case .unreadable(let path): "cannot read policy file \(path)"
        case .invalid(let path, let error): "\(path): \(error)"
        case .unreadableBlocklist(let policy, let list): "\(policy): cannot read blocklist file \(list)"
        }
    }
}
