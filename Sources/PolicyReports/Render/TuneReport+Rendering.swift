import Foundation

extension TuneReport {
    /// Renders the report in `format`; `useColor` matters only for `table` (the stored setting in bold).
    package func rendered(as format: ReportFormat, useColor: Bool = false) -> String {
        switch format {
        case .table: tableText(useColor: useColor)
        case .json: json
        case .csv: csv
        case .markdown: markdown
        case .html: TuneHTMLRenderer().render(self)
        }
    }

    /// The settings table's headings, shared by the table, Markdown and HTML renderers.
    var headers: [String] {
        keys + ["Unlocked", "Share", "Change", "Points"] + (storedWeak == nil ? [] : ["Score ≤ 2"]) + ["Note"]
    }

    /// The columns holding numbers (right-aligned).
    var numericColumns: Set<Int> { Set(keys.count..<(headers.count - 1)) }

    /// One row per setting, in `headers`' order; the stored setting says so in the last column.
    var rows: [[String]] {
        settings.map { setting in
            var row = setting.values
            row += [
                ReportNumber.grouped(setting.unlocked), share(setting).description, changeText(setting),
                pointsText(setting),
            ]
            if storedWeak != nil { row.append(weakShare(setting)?.description ?? "") }
            row.append(setting.isStored ? "as stored" : "")
            return row
        }
    }

    /// What was varied, for titles: `min-length` or `min-length × classes`.
    var variedText: String { keys.joined(separator: " × ") }

    /// The lines under the title: the headline, the stored strength share, the standards' thresholds.
    var summaryLines: [String] {
        var lines = [headline + "."]
        if let storedWeak {
            lines.append(
                "Of those, \(Percentage(storedWeak, of: storedUnlocked)) score 2 or less (zxcvbn); the last column "
                    + "gives each setting's share.")
        }
        let unanswered = zip(keys, storedValues).filter { $0.1 == nil }.map(\.0)
        if !unanswered.isEmpty {
            lines.append("The stored version is none of the settings of \(unanswered.joined(separator: ", ")).")
        }
        if !marks.isEmpty {
            lines.append(
                "Standards' minimum lengths: "
                    + markGroups.map { "\($0.value) (\($0.labels))" }
                    .joined(separator: ", ") + ".")
        }
        return lines
    }

    /// The marks grouped by value, in value order: `15`, `nist-800-63b-4, owasp-asvs-5.0`.
    var markGroups: [(value: Int, labels: String)] {
        Dictionary(grouping: marks, by: \.value).sorted { $0.key < $1.key }.map { value, marks in
            (value, marks.map(\.label).joined(separator: ", "))
        }
    }

    private func tableText(useColor: Bool) -> String {
        var lines = [ReportText.terminalSafe("Tuning \(policy.reference) on \(run.displayName): \(variedText)")]
        lines += summaryLines.map { ReportText.terminalSafe("  " + $0) }
        lines.append("")
        let columns = headers.enumerated().map { index, header in
            TextTable.Column(header, numericColumns.contains(index) ? .right : .left)
        }
        lines += TextTable(columns: columns, rows: rows).lines(style: { useColor ? "\u{1B}[1m\($0)\u{1B}[0m" : $0 })
        return lines.joined(separator: "\n") + "\n"
    }

    private var markdown: String {
        let esc = ReportText.markdown
        var out = ["# Tuning \(esc(policy.reference)): \(esc(variedText))", ""]
        out.append(
            "Generated \(ReportTimestamp.string(from: generatedAt)) by pwaudit \(esc(pwauditVersion)) from "
                + "\(esc(run.displayName))'s stored tuning summary.")
        out.append("")
        out += summaryLines.map(esc)
        out.append("")
        out.append("| " + headers.map { esc($0) }.joined(separator: " | ") + " |")
        out.append("|" + headers.indices.map { numericColumns.contains($0) ? " ---: |" : " --- |" }.joined())
        out += rows.map { "| " + $0.map { esc($0) }.joined(separator: " | ") + " |" }
        return out.joined(separator: "\n") + "\n"
    }

    /// One row per setting: the keys' values, then `unlocked, total, percent, change, change_points, weak,
    /// weak_percent, stored`; CRLF line endings, cells neutralised as in the run report's CSV.
    private var csv: String {
        let header =
            keys + ["unlocked", "total", "percent", "change", "change_points", "weak", "weak_percent", "stored"]
        var lines = [header.map(ReportCSVRow.field).joined(separator: ",")]
        for setting in settings {
            let points = pointsHundredths(setting)
            let pointsText =
                (points < 0 ? "-" : "") + "\(abs(points) / 100)." + (abs(points) % 100 < 10 ? "0" : "")
                + "\(abs(points) % 100)"
            // The numbers are written as numbers (a negative change is no formula); the values as guarded text.
            let numbers = [
                String(setting.unlocked), String(total), share(setting).twoDecimals,
                String(setting.unlocked - storedUnlocked), pointsText, setting.weak.map(String.init) ?? "",
                weakShare(setting)?.twoDecimals ?? "", setting.isStored ? "true" : "false",
            ]
            lines.append((setting.values.map(ReportCSVRow.field) + numbers).joined(separator: ","))
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    private var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
        } catch {
            preconditionFailure("a tuning report failed to encode as JSON: \(error)")
        }
    }
}
