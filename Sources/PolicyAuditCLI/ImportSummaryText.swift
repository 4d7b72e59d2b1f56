import AuditTime
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
                ? ", time: \(ReportNumber.grouped(result.timeWithoutZone)) without zone "
                    + "(read as \(result.timeReader.zone?.identifier ?? "UTC"))" : "")
            + formats(result)
            + ", \(String(format: "%.1f", result.seconds)) s; \(versions)"
    }

    /// The summary as `import --format json` prints it (docs/report-format.md, "Listings"): `kind` `import`,
    /// `outcome` `imported`, the run's id, rows, rejections by reason (and the first ones' line numbers), times, the
    /// source's SHA-256 and each version's figures. Never a row's content, nor the time taken (the same input gives
    /// the same document).
    static func json(_ result: CSVImportResult) -> String {
        ListingFormat.json(
            kind: "import",
            [
                "outcome": "imported", "run_id": result.runID.map { Int($0) },
                "rows": [
                    "read": result.rowsRead, "accepted": result.accepted, "rejected": result.rejected,
                    "rejected_by_reason": result.rejectedByReason.sorted { $0.key < $1.key }.map {
                        ["reason": $0.key, "count": $0.value] as [String: Any]
                    },
                    "first_rejections": result.firstRejections.prefix(10).map {
                        ["line": $0.line, "reason": $0.reason.rawValue] as [String: Any]
                    },
                ] as [String: Any],
                "time": [
                    "column_present": result.hasTimeColumn, "none": result.timeNone, "invalid": result.timeInvalid,
                    "without_zone": result.timeWithoutZone,
                    "zone": result.timeReader.zone?.identifier ?? "UTC",
                    "format": result.timeReader.format.text.isEmpty ? "auto" : result.timeReader.format.text,
                    "formats": Dictionary(
                        uniqueKeysWithValues: TimeKind.allCases.map { ($0.key, result.timeKinds[$0.rawValue]) }),
                ] as [String: Any],
                "source_sha256": result.sourceSHA256,
                "versions": result.versions.map(versionObject),
            ])
    }

    /// `import --format json` for a file a complete run already holds: `outcome` `already-imported`.
    static func alreadyImportedJSON(runID: Int64, sha256: String) -> String {
        ListingFormat.json(
            kind: "import", ["outcome": "already-imported", "run_id": Int(runID), "source_sha256": sha256])
    }

    /// `rescore --format json`: `kind` `rescore`, `outcome` `rescored`, `already-scored` or `tuning-written` (a pre-13
    /// run given its tuning summary), the run and the version.
    static func rescoreJSON(runID: Int64, outcome: RescoreOutcome) -> String {
        let (word, figures) =
            switch outcome {
            case .rescored(let scored): ("rescored", scored)
            case .alreadyScored(let stored): ("already-scored", stored)
            case .tuningWritten(let scored): ("tuning-written", scored)
            }
        return ListingFormat.json(
            kind: "rescore", ["outcome": word, "run_id": Int(runID), "version": versionObject(figures)])
    }

    /// `{reference, total, unlocked: {count, percent}}`, the share as reports write it.
    private static func versionObject(_ outcome: CSVImportResult.VersionOutcome) -> [String: Any] {
        let share = Percentage(outcome.unlocked, of: outcome.total)
        return [
            "reference": outcome.reference, "total": outcome.total,
            "unlocked": ["count": outcome.unlocked, "percent": share.rounded2] as [String: Any],
        ]
    }

    /// `, times read as generalized time 3, Unix epoch seconds 2`: the layouts the times were read as, when any is
    /// other than ISO-8601 (ISO-8601 alone, the documented default, is not named); a `--time-format` layout by its
    /// text.
    static func formats(_ result: CSVImportResult) -> String {
        let seen = TimeKind.allCases.filter { result.timeKinds[$0.rawValue] > 0 }
        guard seen.contains(where: { $0 != .iso8601 }) else { return "" }
        let names = seen.map { kind in
            let name = kind == .pattern ? "'\(result.timeReader.format.text)'" : kind.name
            return "\(name) \(ReportNumber.grouped(result.timeKinds[kind.rawValue]))"
        }
        return ", times read as " + names.joined(separator: ", ")
    }

    /// `1,234 of 3,000 unlocked (41.1%)`: a version's figures on a run, as `rescore` prints them.
    static func figures(_ outcome: CSVImportResult.VersionOutcome) -> String {
        "\(ReportNumber.grouped(outcome.unlocked)) of \(ReportNumber.grouped(outcome.total)) unlocked "
            + "(\(Percentage(outcome.unlocked, of: outcome.total)))"
    }
}
