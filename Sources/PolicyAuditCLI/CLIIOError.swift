#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read or write of the CLI's own streams failed (output files fail with `OutputFileError`).
package enum CLIIOError: Error, Equatable, CustomStringConvertible {
    /// Reading `what` failed with `errno`.
    case readFailed(what: String, errno: Int32)
    /// Writing standard output failed with `errno` (`ENOSPC` on a full disk, `EPIPE` when the reader is gone).
    case standardOutputFailed(errno: Int32)

    package var description: String {
        switch self {
        case .readFailed(let what, let code): "cannot read \(what): \(String(cString: strerror(code)))"
        case .standardOutputFailed(let code): "cannot write standard output: \(String(cString: strerror(code)))"
        }
    }
}
