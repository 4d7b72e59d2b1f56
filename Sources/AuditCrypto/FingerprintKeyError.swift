import ExitStatus

/// Why the fingerprint key could not be created or loaded; never carries key bytes.
package enum FingerprintKeyError: Equatable, UserFacingError {
    /// No key file exists at `path`.
    case missing(path: String)
    /// The key file exists but is not exactly 32 bytes.
    case wrongSize(path: String, bytes: Int)
    /// The key file could not be read (permissions, I/O error, a directory …).
    case unreadable(path: String, reason: String)
    /// The key path is a symbolic link whose target `target` (as the link names it) does not exist.
    case danglingSymlink(path: String, target: String)
    /// The key path names something that is not a regular file (`kind`: "a character device", "a directory", …).
    case notRegularFile(path: String, kind: String)
    /// `create` refused to overwrite an existing key file.
    case alreadyExists(path: String)
    /// The key file could not be written.
    case unwritable(path: String, reason: String)
    /// The key is 32 bytes but not the one this database's fingerprints were made with (its check value differs).
    case doesNotMatchDatabase(path: String)
    /// The system random generator failed.
    case randomUnavailable

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .missing, .danglingSymlink: .noInput
        case .wrongSize, .alreadyExists, .doesNotMatchDatabase, .notRegularFile: .dataError
        case .unreadable, .unwritable, .randomUnavailable: .ioError
        }
    }

    /// One sentence with what to do.
    package var userMessage: String {
        switch self {
        case .missing(let path):
            "The fingerprint key \(path) is missing; run `pwaudit init` for a new database, or restore the key "
                + "that belongs to this database."
        case .wrongSize(let path, let bytes):
            "The fingerprint key \(path) is \(bytes) bytes long instead of 32; restore the original key file."
        case .unreadable(let path, let reason):
            "The fingerprint key \(path) cannot be read (\(reason)); check its permissions."
        case .alreadyExists(let path):
            "A fingerprint key already exists at \(path); it was left untouched."
        case .danglingSymlink(let path, let target):
            "The fingerprint key \(path) is a symbolic link to \(target), which does not exist; restore the key there, "
                + "or remove the link (then 'pwaudit init' creates a new key for a new database)."
        case .notRegularFile(let path, let kind):
            "The fingerprint key \(path) is \(kind), not a regular file; a key is a 32-byte file of its own: pass its "
                + "path with --key-file."
        case .unwritable(let path, let reason):
            "The fingerprint key \(path) cannot be written (\(reason)); check that the directory is writable."
        case .doesNotMatchDatabase(let path):
            "The fingerprint key \(path) is not the key this database was used with (its key check value differs), "
                + "and the database holds candidates fingerprinted with that other key; pass the right --key-file."
        case .randomUnavailable:
            "The system random number generator is unavailable; check that /dev/urandom is readable."
        }
    }
}
