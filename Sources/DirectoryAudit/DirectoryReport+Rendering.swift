import Foundation
import PolicyReports

extension DirectoryReport {
    /// `report` (a run's report rendered in `format`) with this directory section added: after the text of the table
    /// and Markdown forms, as the JSON object's `directory` member, as `directory…` rows of the CSV, and as a section
    /// with its charts at the end of the HTML page.
    package func appended(to report: String, format: ReportFormat) -> String {
        switch format {
        case .table: report + "\n" + tableText
        case .markdown: report + "\n" + markdown
        case .json:
            if let close = report.lastIndex(of: "}") {
                report[..<close].trimmingTrailingWhitespace() + ",\n  \"directory\" : " + jsonObject(indent: "  ")
                    + "\n}\n"
            } else {
                report
            }
        case .csv: report + csvRecords
        case .html:
            if let end = report.range(of: "</main>", options: .backwards) {
                report[..<end.lowerBound] + htmlSection + report[end.lowerBound...]
            } else {
                report + htmlSection
            }
        }
    }

    /// The totals as (label, count, what it counts) lines, in the order every form shows them.
    var totals: [(key: String, label: String, count: Int, of: Int, unit: String)] {
        let s = summary
        var lines: [(String, String, Int, Int, String)] = [
            ("accounts", "Accounts audited", s.accounts, s.accounts, "accounts"),
            ("cracked", "Cracked (password known)", s.cracked, s.accounts, "accounts"),
            ("scored", "Cracked and scored against the versions", s.scored, s.cracked, "cracked accounts"),
            ("empty_password", "Empty password", s.emptyPassword, s.accounts, "accounts"),
            ("lm_hash", "LM hash stored", s.lmHash, s.accounts, "accounts"),
            ("shared_hash", "NT hash shared with another account", s.sharedHash, s.accounts, "accounts"),
            ("breached", "NT hash in a breach corpus", s.breached, s.accounts, "accounts"),
        ]
        if let counts {
            lines += [
                (
                    "username_in_password", "Password is or holds the account name", counts.usernameInPassword,
                    s.cracked, "cracked accounts"
                ),
                ("privileged", "Privileged accounts", counts.privileged, s.accounts, "accounts"),
                (
                    "privileged_cracked", "Privileged accounts cracked", counts.privilegedCracked, counts.privileged,
                    "privileged accounts"
                ),
                (
                    "privileged_sharing_with_ordinary", "Privileged accounts sharing an NT hash with an ordinary one",
                    counts.privilegedSharingWithOrdinary, counts.privileged, "privileged accounts"
                ),
            ]
        }
        return lines
    }

    /// What the extract held beyond the audited accounts, named in the summary.
    var countedApart: [(key: String, label: String, count: Int)] {
        let s = summary
        return [
            ("lines_read", "Extract lines read", s.linesRead),
            (
                "machine_accounts", s.machinesIncluded ? "Machine accounts (audited)" : "Machine accounts (left out)",
                s.machineAccounts
            ),
            ("history_lines", "Password-history lines (left out)", s.historyLines),
            ("without_nt_hash", "Lines without an NT hash (left out)", s.withoutNTHash),
            ("disabled_accounts", "Disabled accounts", s.disabledAccounts),
            ("disabled_excluded", "Disabled accounts left out (--enabled-only)", s.disabledExcluded),
            ("malformed_lines", "Malformed extract lines (left out)", s.malformedLines),
            ("potfile_lines", "Potfile lines read", s.potfileLines),
            ("potfile_unmatched", "Potfile lines not used (unreadable, or not giving their hash)", s.potfileUnmatched),
            ("breach_corpora", "Breach corpora checked", s.breachCorpora),
        ]
    }

    /// Sentences above the figures.
    var headlines: [String] {
        let s = summary
        var lines = [
            "\(ReportNumber.grouped(s.cracked)) of \(ReportNumber.grouped(s.accounts)) accounts cracked "
                + "(\(Percentage(s.cracked, of: s.accounts))); the others are not cracked, neither unlocked nor "
                + "blocked by any version."
        ]
        for version in versions {
            lines.append(
                "\(version.policy) would accept \(ReportNumber.grouped(version.passing)) of the "
                    + "\(ReportNumber.grouped(version.scored)) cracked accounts scored "
                    + "(\(Percentage(version.passing, of: version.scored))).")
        }
        if s.redacted { lines.append("Account names were replaced by pseudonyms when the audit was stored.") }
        if counts == nil { lines.append("This run was pruned: its accounts were deleted, its totals remain.") }
        return lines
    }

    /// The flagged accounts the short forms list, and how many more there are.
    var listed: (accounts: [FlaggedAccount], more: Int) {
        (Array(flagged.prefix(Self.listedAccounts)), max(0, flagged.count - Self.listedAccounts))
    }

    /// A flagged account's findings as the report words them.
    static func findingsText(_ account: FlaggedAccount) -> String {
        account.findings.compactMap { DirectoryFinding(rawValue: $0) }.map { finding in
            switch finding {
            case .sharedHash: "NT hash shared (\(account.sharedWith) accounts)"
            case .breached: "in a breach corpus (seen \(ReportNumber.grouped(account.breachCount)) times)"
            default: finding.label
            }
        }.joined(separator: ", ")
    }

    /// Reuse groups by size, smallest first.
    var reuseRows: [(size: Int, groups: Int)] {
        (counts?.reuseGroupsBySize ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Cracked accounts by password length.
    var lengthRows: [(length: Int, accounts: Int)] {
        (counts?.crackedLengths ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Privileged accounts by finding, in `DirectoryFinding` order.
    var privilegedRows: [(finding: DirectoryFinding, accounts: Int)] {
        DirectoryFinding.allCases.map { ($0, counts?.privilegedByFinding[$0] ?? 0) }
    }

    /// Breached accounts by how often the corpus saw their NT hash.
    static let breachBucketLabels = ["1", "2-10", "11-100", "101-1000", "over 1000"]
}

extension Substring {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var text = String(self)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
