#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read or write of the CLI's own streams or output files failed.
package enum CLIIOError: Error, Equatable, CustomStringConvertible {
    /// Reading `what` failed with `errno`.
    case readFailed(what: String, errno: Int32)
    /// Writing the file at `path` failed.
    case writeFailed(path: String, reason: String)

    package var description: String {
        switch self {
        case .readFailed(let what, let code): "cannot read \(what): \(String(cString: strerror(code)))"
        case .writeFailed(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
