import PasswordPolicy
import PolicyAudit
import PolicyStore

/// The one place where errors become exit codes and one-line messages.
package enum ErrorExitCode {
    /// The exit code for `error` (sysexits: 64 usage, 65 bad data, 66 missing input, 70 bug, 74 I/O).
    package static func code(for error: any Error) -> ExitCode {
        switch error {
        case is UsageError, is ReportFormatError: .usage
        case is PolicyError, is MigrationError: .dataError
        case let error as ReportError:
            switch error {
            case .noRunsForPolicy, .noRunScoringBoth: .noInput  // no complete run, as `report` without one
            case .sameVersion: .usage
            case .runNotComplete, .versionNotScored: .dataError
            }
        case let error as PolicyFileError:
            switch error {
            case .missing, .unreadableBlocklist: .noInput
            case .unreadable: .ioError
            case .invalid: .dataError
            }
        case let error as SQLiteError:
            error.isNotADatabase || error.isCorrupt ? .dataError : .ioError
        case let error as FingerprintKeyError:
            switch error {
            case .missing: .noInput
            case .wrongSize, .alreadyExists, .doesNotMatchDatabase: .dataError
            case .unreadable, .unwritable, .randomUnavailable: .ioError
            }
        case let error as AuditStoreError:
            switch error {
            case .databaseMissing, .unknownPolicy, .unknownRun, .noVersionInForce, .noPolicies: .noInput
            case .orphanKey, .keyLostForExistingData, .notAPwauditDatabase, .schemaNeedsMigration: .dataError
            }
        case let error as CSVImportError:
            switch error {
            case .cannotOpen: .noInput
            case .readFailed: .ioError
            case .missingHeader, .unterminatedHeader, .notText, .notAHeader, .duplicateColumn: .dataError
            case .missingColumn: .usage
            }
        case let error as ImportError:
            switch error {
            case .rejectsUnwritable: .ioError
            default: .dataError
            }
        case let error as PolicyStoreError:
            switch error {
            case .runNotFound: .noInput
            case .runNotRunning, .runBeingImported: .dataError
            case .runLockFailed: .ioError
            }
        case let error as DemoError:
            switch error {
            case .directoryInUse: .usage
            case .cannotCreateDirectory, .cannotWriteReport: .ioError
            }
        case let error as OutputFileError:
            switch error {
            case .clash: .usage
            case .cannotWrite: .ioError
            }
        case is CLIIOError: .ioError
        default: .internalError
        }
    }

    /// The one-sentence message for `error`; never a type dump, never a bound value or a password.
    package static func message(for error: any Error) -> String {
        switch error {
        case let error as UsageError: error.message
        case let error as PolicyError: error.description
        case let error as PolicyFileError: error.description
        case let error as SQLiteError: error.description
        case let error as MigrationError: error.description
        case let error as FingerprintKeyError: error.description
        case let error as AuditStoreError: error.description
        case let error as CSVImportError: error.description
        case let error as ImportError: error.description
        case let error as PolicyStoreError: error.description
        case let error as ReportError: error.description
        case let error as ReportFormatError: error.description
        case let error as DemoError: error.description
        case let error as OutputFileError: error.description
        case let error as CLIIOError: error.description
        default: "unexpected failure (\(type(of: error))); please report this"
        }
    }
}
