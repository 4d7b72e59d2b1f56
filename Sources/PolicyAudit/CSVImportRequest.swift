import AuditRepositories
import AuditTime
import PolicyCSV

/// What `pwaudit import` was asked to do.
package struct CSVImportRequest {
    /// The CSV to read.
    package var source: ImportSource
    /// The versions to score against, each once however often it is listed; empty means the latest version of every
    /// stored policy.
    package var versions: [StoredVersion] = []
    /// Which columns hold what.
    package var mapping = CSVColumnMapping()
    /// The delimiter, or nil to detect it from the header.
    package var dialect = CSVDialect()
    /// How the submission times are read: their format and the zone of a time without an offset.
    package var timeReader = TimeReader.standard
    /// A free-text label for the run.
    package var label: String?
    /// Store nothing if any row is bad.
    package var strict = false
    /// Import even if a complete run already holds the same file.
    package var again = false
    /// Also store each account's last candidate (`run_account_summary`, behind `v_account_last_candidate`): one
    /// sorted pass over the run's usernames at completion, about a second per million named rows, so it is asked for.
    package var accounts = false
    /// Store each candidate's strength estimate (score and `log10` guesses) even when no version has a `strength`
    /// rule (`--strength`); with one, they are stored anyway.
    package var strength = false
    /// Where to write the rejected rows as CSV (`line,reason`), if anywhere; opened (and checked against the
    /// database and input) by the caller before the import starts.
    package var rejects: RejectsFileWriter.Destination?
    /// Called with each warning (such as a `context` rule without its columns) before any row is read.
    package var warn: ((CSVImportWarning) -> Void)?
    /// Called now and then with the progress so far (on the importing thread).
    package var progress: ((ImportProgress) -> Void)?
    /// Called inside the run's completing transaction with the run's id and the candidates accepted, to store what
    /// belongs to the run beside its candidates (a directory audit's accounts): the run is complete with them or not
    /// at all.
    package var completing: ((_ runID: Int64, _ accepted: Int) throws -> Void)?

    /// A request to import `source` with defaults for everything else.
    package init(source: ImportSource) { self.source = source }
}

/// How far an import has come, for a progress line.
package struct ImportProgress: Sendable {
    /// Records read so far (accepted and rejected).
    package var rows: Int
    /// Seconds since the import started.
    package var seconds: Double
    /// Share of the input's bytes consumed, when its size is known.
    package var fraction: Double?
}
