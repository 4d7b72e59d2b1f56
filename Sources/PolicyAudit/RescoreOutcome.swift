/// What `RunRescore` did: scored the version on the run, or found the run already had it and changed nothing.
package enum RescoreOutcome: Equatable, Sendable {
    /// The version's outcomes were added to the run.
    case rescored(CSVImportResult.VersionOutcome)
    /// The run had scored the version already (the file was still checked to be the run's): its stored figures.
    case alreadyScored(CSVImportResult.VersionOutcome)
    /// The run had scored the version but had no tuning summary of it (completed before schema 13): the summary was
    /// written from the file, the outcomes left as they were.
    case tuningWritten(CSVImportResult.VersionOutcome)
}
