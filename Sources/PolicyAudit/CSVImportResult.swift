import AuditRepositories
import AuditTime
import PolicyCSV

/// What an import did, for the summary line.
package struct CSVImportResult: Sendable {
    /// Unlock figures of one policy version.
    package struct VersionOutcome: Sendable, Equatable {
        package var reference: String
        package var total: Int
        package var unlocked: Int
    }

    /// The run that holds the rows, or nil when nothing was stored (`--strict` with bad rows).
    package var runID: Int64?
    /// Records read, header excluded.
    package var rowsRead: Int
    package var accepted: Int
    package var rejected: Int
    /// Rejected rows by reason (`field-count` → 3).
    package var rejectedByReason: [String: Int]
    /// The first rejected rows (line and reason), for the terminal.
    package var firstRejections: [RowRejection]
    package var seconds: Double
    package var versions: [VersionOutcome]
    /// The SHA-256 of the source bytes.
    package var sourceSHA256: String
    /// Whether the file has the submission time column.
    package var hasTimeColumn = false
    /// Accepted rows without a submission time (`time: none`).
    package var timeNone = 0
    /// Accepted rows whose submission time is not a valid timestamp (`time: invalid`), scored all the same.
    package var timeInvalid = 0
    /// Accepted rows whose submission time named no zone and was read as UTC (`time: read as UTC`).
    package var timeWithoutZone = 0
    /// Accepted rows with a time, by the layout it was read as (indexed by `TimeKind.rawValue`).
    package var timeKinds = [Int](repeating: 0, count: TimeKind.allCases.count)
    /// How the times were read (the format given, and the zone a time without an offset was read in).
    package var timeReader = TimeReader.standard

    /// The result of run `runID`, which scored `versions` and counted `tally`, read through `validator`.
    init(
        runID: Int64, versions: [StoredVersion], tally: RunTally, validator: CSVRowValidator,
        firstRejections: [RowRejection], seconds: Double, sourceSHA256: String, timeReader: TimeReader = .standard
    ) {
        self.runID = runID
        (rowsRead, accepted, rejected) = (tally.rowsSeen, tally.acceptedCount, tally.rejectedCount)
        rejectedByReason = tally.rejections
        self.firstRejections = firstRejections
        self.seconds = seconds
        self.versions = zip(versions, tally.versions).map {
            VersionOutcome(reference: $0.reference, total: $1.total, unlocked: $1.unlocked)
        }
        self.sourceSHA256 = sourceSHA256
        hasTimeColumn = validator.hasTimeColumn
        timeNone = tally.candidates(onDay: SubmissionDay.none)
        timeInvalid = tally.candidates(onDay: SubmissionDay.invalid)
        timeWithoutZone = tally.timesWithoutZone
        timeKinds = tally.timeKinds
        self.timeReader = timeReader
    }
}
