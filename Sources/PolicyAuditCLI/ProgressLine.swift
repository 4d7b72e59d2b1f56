import Foundation
import PolicyAudit
import PolicyReports

/// The import's progress line: rows, rows/s, percent of bytes and ETA.
enum ProgressLine {
    static func text(_ progress: ImportProgress) -> String {
        let rate = progress.seconds > 0 ? Double(progress.rows) / progress.seconds : 0
        var text = "\(ReportNumber.grouped(progress.rows)) rows, \(ReportNumber.grouped(Int(rate))) rows/s"
        if let fraction = progress.fraction, fraction > 0 {
            let remaining = progress.seconds * (1 - fraction) / fraction
            text += String(format: ", %.0f%%, ETA %.0f s", fraction * 100, remaining)
        }
        return text
    }
}
