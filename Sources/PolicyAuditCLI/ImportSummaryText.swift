import Foundation
import PolicyAudit
import PolicyReports

/// The figures `import` and `rescore` print when they are done.
enum ImportSummaryText {
    /// `run 3: 1,000,000 rows, 0 rejected, 3.1 s; seed@1 312,004 unlocked (31.2%), …`; accepted rows without a valid
    /// time are counted before the seconds (`time: invalid 2`, and `time: none 1` when the file has a time column), and
    /// so are those whose time named no zone and was read as UTC (`time: 3 without zone (read as UTC)`).
    static func line(_ result: CSVImportResult) -> String {
        let versions = result.versions.map { version in
            "\(version.reference) \(ReportNumber.grouped(version.unlocked)) unlocked "
                + "(\(Percentage(version.unlocked, of: version.total)))"
        }.joined(separator: ", ")
        let reasons = result.rejectedByReason.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        return "run \(result.runID.map(String.init) ?? "-"): \(ReportNumber.grouped(result.rowsRead)) rows, "
            + "\(ReportNumber.grouped(result.rejected)) rejected"
            + (reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))")
            + (result.timeInvalid > 0 ? ", time: invalid \(ReportNumber.grouped(result.timeInvalid))" : "")
            + (result.hasTimeColumn && result.timeNone > 0
                ? ", time: none \(ReportNumber.grouped(result.timeNone))" : "")
            + (result.timeWithoutZone > 0
                ? ", time: \(ReportNumber.grouped(result.timeWithoutZone)) without zone (read as UTC)" : "")
            + ", \(String(format: "%.1f", result.seconds)) s; \(versions)"
    }

    /// `1,234 of 3,000 unlocked (41.1%)`: a version's figures on a run, as `rescore` prints them.
    static func figures(_ outcome: CSVImportResult.VersionOutcome) -> String {
        "\(ReportNumber.grouped(outcome.unlocked)) of \(ReportNumber.grouped(outcome.total)) unlocked "
            + "(\(Percentage(outcome.unlocked, of: outcome.total)))"
    }
}
