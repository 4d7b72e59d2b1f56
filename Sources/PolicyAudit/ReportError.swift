import ExitStatus
import PolicyReports

/// Why a report could not be made as asked.
package enum ReportError: Equatable, UserFacingError {
    /// Reports cover complete runs only.
    case runNotComplete(runID: Int64, status: String)
    /// The run did not score this version.
    case versionNotScored(reference: String, runID: Int64)
    /// `compare` needs two different versions.
    case sameVersion(reference: String)
    /// No complete run scored both versions.
    case noRunScoringBoth(a: String, b: String)
    /// No complete run scored this policy.
    case noRunsForPolicy(name: String)
    /// No import run is complete yet (the latest was asked for); `importing` is one being imported, if any.
    case noCompleteRun(importing: Int64?)
    /// `report --runs` named runs that do not exist.
    case unknownRuns(ids: [Int64])
    /// `report --runs` named a run that is not complete.
    case runNotCompleteToAdd(runID: Int64, status: String)
    /// `report --label` matched no complete run.
    case noCompleteRunLabelled(label: String)
    /// None of the runs a report adds up scored this version.
    case versionNotScoredByRuns(reference: String, runIDs: [Int64])

    /// The exit code a command ends with when this error stops it.
    package var exitCode: ExitCode {
        switch self {
        case .noRunsForPolicy, .noRunScoringBoth, .noCompleteRun: .noInput  // no complete run to report on
        case .sameVersion, .unknownRuns, .runNotCompleteToAdd, .noCompleteRunLabelled: .usage
        case .runNotComplete, .versionNotScored, .versionNotScoredByRuns: .dataError
        }
    }

    /// One sentence saying what went wrong and what to do.
    package var userMessage: String {
        switch self {
        case .runNotComplete(let runID, let status):
            "run \(runID) is \(status); reports cover complete runs only (see 'pwaudit runs')"
        case .versionNotScored(let reference, let runID):
            "run \(runID) did not score \(reference); score it with 'pwaudit rescore \(runID) --policy \(reference) FILE'"
        case .sameVersion(let reference):
            "compare needs two different versions, got \(reference) twice"
        case .noRunScoringBoth(let a, let b):
            "no complete run scored both \(a) and \(b); pass --run, or rescore a run with the missing version"
        case .noRunsForPolicy(let name):
            "no complete run scored policy '\(name)'"
        case .noCompleteRun(let importing?):
            "no import run has completed yet: run \(importing) is being imported; report on it once it has finished"
        case .unknownRuns(let ids):
            "no import run \(Self.list(ids)); --runs adds up existing complete runs (see 'pwaudit runs')"
        case .runNotCompleteToAdd(let runID, let status):
            "run \(runID) is \(status); --runs adds up complete runs only (see 'pwaudit runs')"
        case .noCompleteRunLabelled(let label):
            "no complete run has the label '\(ReportText.terminalSafe(label, limit: 80))' (see 'pwaudit runs')"
        case .versionNotScoredByRuns(let reference, let runIDs):
            (runIDs.count == 1 ? "run \(runIDs[0]) did not score" : "none of runs \(Self.list(runIDs)) scored")
                + " \(reference); score it with 'pwaudit rescore RUN --policy \(reference) FILE'"
        case .noCompleteRun(nil):
            "no import run has completed yet; import a CSV first ('pwaudit import FILE.csv'), see 'pwaudit runs'"
        }
    }

    /// Run ids as a sentence lists them: `3, 4, 5`.
    private static func list(_ ids: [Int64]) -> String { ids.map { "\($0)" }.joined(separator: ", ") }
}
