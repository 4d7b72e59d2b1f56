import ExitStatus

/// Why an import stopped without storing a run (an input already imported is an outcome, `CSVImportOutcome`).
package enum ImportError: Equatable, UserFacingError {
    /// `--strict` and some rows were bad: nothing was stored.
    case strictRejected(rejected: Int, firstLine: Int, firstReason: String)
    /// Rescoring: the file is not the one the run imported.
    case sourceMismatch(runID: Int64)
    /// Rescoring: the file's accepted rows do not line up with the run's candidates.
    case rowsMismatch(runID: Int64, line: Int)
    /// Rescoring: the run is not complete.
    case runNotComplete(runID: Int64, status: String)
    /// Rescoring: an option asks to read the run's file otherwise than its import did: the value the run recorded for
    /// `setting` and the one given (as stored: a tab is a tab; messages show it as `\t`).
    case rescoreSettingDiffers(runID: Int64, setting: CSVSetting, recorded: String, given: String)
    /// The run's row disappeared while it was being imported (deleted by another program): nothing more was stored.
    case runVanished(runID: Int64)
    /// The rejects file could not be written.
    case rejectsUnwritable(path: String, reason: String)

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .strictRejected, .sourceMismatch, .rowsMismatch, .runNotComplete, .runVanished: .dataError
        case .rejectsUnwritable: .ioError
        case .rescoreSettingDiffers: .usage
        }
    }

    /// One sentence saying what went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .strictRejected(let rejected, let line, let reason):
            "\(rejected) row(s) rejected, the first at line \(line) (\(reason)); with --strict nothing was stored"
        case .sourceMismatch(let runID):
            "this file is not the one run \(runID) imported (its SHA-256 differs); pass the original file"
        case .rowsMismatch(let runID, let line):
            "the file's rows do not line up with run \(runID) at line \(line); use the same --delimiter and "
                + "column options as the original import"
        case .runNotComplete(let runID, let status):
            "run \(runID) is \(status), not complete; only complete runs can be rescored"
        case .rescoreSettingDiffers(let runID, let setting, let recorded, let given):
            "run \(runID) was imported with '\(Self.shown(recorded))' as \(setting.description), not "
                + "'\(Self.shown(given))'; a rescore reads the run's file as its import did, so leave the option out "
                + "(to read the file another way, import it again with --again)"
        case .runVanished(let runID):
            "run \(runID) was deleted by another program while it was being imported, so the import stopped; run "
                + "'pwaudit runs delete \(runID)' to remove what it left, then import the file again"
        case .rejectsUnwritable(let path, let reason):
            "cannot write the rejects file \(path): \(reason)"
        }
    }

    /// An option's value as it would be typed: a tab as `\t`.
    package static func shown(_ value: String) -> String { value == "\t" ? "\\t" : value }
}
