import AuditRepositories
import PolicyReports

/// What `DemoRun` made: where it wrote, the versions it stored, and the reports of the run it imported.
package struct DemoRunOutcome {
    /// The database and key.
    package var location: AuditLocation
    /// The database file.
    package var databasePath: String
    /// The key file.
    package var keyPath: String
    /// The self-contained HTML report of the run.
    package var htmlPath: String
    /// `corp@1`, `corp@2`, `corp@3`.
    package var versions: [StoredVersion]
    /// The import's figures.
    package var importResult: CSVImportResult
    /// The run report (all three versions).
    package var report: RunReport
    /// Version 1 against version 2 on the same candidates.
    package var comparison: ComparisonReport
    /// `corp@1`'s minimum length tuned from 8 to 16 on the run.
    package var tuning: TuneReport
    /// The tuning report as HTML, with its curve.
    package var tuningHTMLPath: String
}
