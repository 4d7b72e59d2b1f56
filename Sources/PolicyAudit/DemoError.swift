import ExitStatus
import PolicyReports

/// Why `pwaudit demo` could not set up or finish its directory.
package enum DemoError: Equatable, Sendable, UserFacingError {
    /// The directory already holds a pwaudit database; the demo only writes into a fresh one.
    case directoryInUse(path: String)
    /// The directory could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The HTML report could not be written.
    case cannotWriteReport(path: String, reason: String)
    /// More rows were asked for than a demo generates.
    case tooManyRows(rows: Int, maximum: Int)
    /// The file system of `path` has `available` bytes free for this user; the demo needs about `needed`.
    case insufficientSpace(path: String, needed: UInt64, available: UInt64)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .directoryInUse, .tooManyRows: .usage
        case .cannotCreateDirectory, .cannotWriteReport, .insufficientSpace: .ioError
        }
    }

    /// `bytes` in whole megabytes (10^6), at least 1.
    private static func megabytes(_ bytes: UInt64) -> String {
        "\(ReportNumber.grouped(Int(max(bytes / 1_000_000, 1)))) MB"
    }

    /// One actionable sentence.
    package var userMessage: String {
        switch self {
        case .directoryInUse(let path):
            "'\(path)' already holds a pwaudit database; pass a new --dir or leave it out for a fresh temporary one"
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the demo directory '\(path)': \(reason); pass a writable --dir"
        case .cannotWriteReport(let path, let reason):
            "cannot write the HTML report '\(path)': \(reason); check the directory's free space and permissions"
        case .tooManyRows(let rows, let maximum):
            "--rows \(ReportNumber.grouped(rows)) is more than a demo generates (at most "
                + "\(ReportNumber.grouped(maximum))); pass a smaller --rows"
        case .insufficientSpace(let path, let needed, let available):
            "a demo of this size needs about \(Self.megabytes(needed)) on disk and '\(path)' has "
                + "\(Self.megabytes(available)) free; nothing was written: pass a smaller --rows or a --dir with more "
                + "space"
        }
    }
}
