import ExitStatus
import Foundation

/// Why a directory audit (`pwaudit import --ntds`) could not read its inputs.
package enum DirectoryAuditError: Error, Equatable, UserFacingError {
    /// An input file could not be opened or read.
    case cannotRead(path: String, reason: String)
    /// The extract held no account to audit.
    case noAccounts(path: String, linesRead: Int)
    /// A groups file or directory could not be read.
    case cannotReadGroups(path: String, reason: String)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .cannotRead, .cannotReadGroups: .noInput
        case .noAccounts: .dataError
        }
    }

    /// One sentence saying what went wrong.
    package var userMessage: String {
        switch self {
        case .cannotRead(let path, let reason): "cannot read '\(path)': \(reason)"
        case .noAccounts(let path, let linesRead):
            "'\(path)' holds no account line to audit (\(linesRead) lines read; expected "
                + "DOMAIN\\user:RID:LMHASH:NTHASH::: as secretsdump writes it)"
        case .cannotReadGroups(let path, let reason): "cannot read the groups in '\(path)': \(reason)"
        }
    }

    /// The reason of a Foundation file error, without its type.
    static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(code)))
        }
        return (error as NSError).localizedDescription
    }
}
