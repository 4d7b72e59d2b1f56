import Foundation
import PolicyReports

extension DirectoryReport {
    /// The JSON `directory` object (docs/report-format.md), pretty-printed with sorted keys; each line after the first
    /// indented by `indent`.
    func jsonObject(indent: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(JSONShape(self)) else {
            preconditionFailure("the directory section holds only strings, integers and booleans")
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .joined(separator: "\n" + indent)
    }

    /// The section as rows of the report CSV (`section, policy, item, item_b, label, count, total, percent, value`):
    /// `directory` (totals), `directory_apart`, `directory_reuse`, `directory_length`, `directory_privileged`,
    /// `directory_breach` and `directory_account` (one per flagged account: name, groups, findings).
    var csvRecords: String {
        var rows: [[String]] = []
        func add(
            _ section: String, policy: String = "", item: String, itemB: String = "", label: String = "",
            count: Int? = nil, total: Int? = nil, value: String = ""
        ) {
            let percent = count.flatMap { count in total.map { Percentage(count, of: $0).twoDecimals } } ?? ""
            rows.append([
                section, policy, item, itemB, label, count.map(String.init) ?? "", total.map(String.init) ?? "",
                percent, value,
            ])
        }
        for line in totals { add("directory", item: line.key, label: line.unit, count: line.count, total: line.of) }
        for version in versions {
            add(
                "directory_version", policy: version.policy, item: "passing", label: "cracked accounts",
                count: version.passing, total: version.scored)
        }
        for line in countedApart { add("directory_apart", item: line.key, count: line.count) }
        for (size, groups) in reuseRows { add("directory_reuse", item: String(size), label: "groups", count: groups) }
        let lengthTotal = lengthRows.reduce(0) { $0 + $1.accounts }
        for (length, accounts) in lengthRows {
            add(
                "directory_length", item: String(length), label: "cracked accounts", count: accounts, total: lengthTotal
            )
        }
        if let counts {
            for (finding, accounts) in privilegedRows {
                add("directory_privileged", item: finding.rawValue, count: accounts, total: counts.privileged)
            }
            for (index, label) in Self.breachBucketLabels.enumerated() {
                add("directory_breach", item: label, count: counts.breachBuckets[index], total: summary.accounts)
            }
        }
        for account in flagged {
            add(
                "directory_account", item: account.username, itemB: account.groups.joined(separator: "; "),
                label: account.disabled ? "disabled" : "", count: account.sharedWith,
                value: account.findings.joined(separator: " "))
        }
        return rows.map {
            $0.map { CSVField.quoted(ReportText.terminalSafe(CSVField.formulaGuarded($0))) }
                .joined(separator: ",") + "\r\n"
        }.joined()
    }
}

/// The `directory` object of the JSON report.
private struct JSONShape: Encodable {
    struct Source: Encodable {
        var extract: String
        var potfile: String?
    }
    struct Reuse: Encodable {
        var size: Int
        var groups: Int
    }
    struct Length: Encodable {
        var length: Int
        var accounts: Int
    }

    var run: Int64
    var source: Source
    var accounts: Int
    var cracked: Int
    var scored: Int
    var emptyPassword: Int
    var lmHash: Int
    var sharedHash: Int
    var breached: Int
    var usernameInPassword: Int?
    var privileged: Int?
    var privilegedCracked: Int?
    var privilegedSharingWithOrdinary: Int?
    var breachBuckets: [String: Int]?
    var countedApart: [String: Int]
    var machinesIncluded: Bool
    var redacted: Bool
    var pruned: Bool
    var reuseGroups: [Reuse]
    var crackedLengths: [Length]
    var privilegedByFinding: [String: Int]?
    var versions: [DirectoryReport.VersionPass]
    var flaggedAccounts: [DirectoryReport.FlaggedAccount]

    enum CodingKeys: String, CodingKey {
        case run, source, accounts, cracked, scored, breached, privileged, redacted, pruned, versions
        case emptyPassword = "empty_password"
        case lmHash = "lm_hash"
        case sharedHash = "shared_hash"
        case usernameInPassword = "username_in_password"
        case privilegedCracked = "privileged_cracked"
        case privilegedSharingWithOrdinary = "privileged_sharing_with_ordinary"
        case breachBuckets = "breach_buckets"
        case countedApart = "counted_apart"
        case machinesIncluded = "machines_included"
        case reuseGroups = "reuse_groups"
        case crackedLengths = "cracked_lengths"
        case privilegedByFinding = "privileged_by_finding"
        case flaggedAccounts = "flagged_accounts"
    }

    init(_ report: DirectoryReport) {
        let s = report.summary
        let counts = report.counts
        run = report.runID
        source = Source(extract: s.extractName, potfile: s.potfileName)
        (accounts, cracked, scored) = (s.accounts, s.cracked, s.scored)
        (emptyPassword, lmHash, sharedHash, breached) = (s.emptyPassword, s.lmHash, s.sharedHash, s.breached)
        usernameInPassword = counts?.usernameInPassword
        privileged = counts?.privileged
        privilegedCracked = counts?.privilegedCracked
        privilegedSharingWithOrdinary = counts?.privilegedSharingWithOrdinary
        breachBuckets = counts.map {
            Dictionary(uniqueKeysWithValues: zip(DirectoryReport.breachBucketLabels, $0.breachBuckets))
        }
        countedApart = Dictionary(uniqueKeysWithValues: report.countedApart.map { ($0.key, $0.count) })
        machinesIncluded = s.machinesIncluded
        redacted = s.redacted
        pruned = counts == nil
        reuseGroups = report.reuseRows.map { Reuse(size: $0.size, groups: $0.groups) }
        crackedLengths = report.lengthRows.map { Length(length: $0.length, accounts: $0.accounts) }
        privilegedByFinding = counts.map { _ in
            Dictionary(uniqueKeysWithValues: report.privilegedRows.map { ($0.finding.rawValue, $0.accounts) })
        }
        versions = report.versions
        flaggedAccounts = report.flagged
    }
}
