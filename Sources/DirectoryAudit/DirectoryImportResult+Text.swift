import Foundation
import PolicyReports

extension DirectoryImportResult {
    /// `run 3: 1,000 accounts from corp.ntds, 300 cracked (30.0%), …; of 290 cracked accounts scored, corp@1 accepts
    /// 120 (41.4%); counted apart: …` Never a name, a hash or a password.
    package var line: String {
        let s = summary
        func share(_ count: Int) -> String {
            "\(ReportNumber.grouped(count)) (\(Percentage(count, of: s.accounts)))"
        }
        let versions = scoring.versions.map {
            "\($0.reference) accepts \(ReportNumber.grouped($0.unlocked)) (\(Percentage($0.unlocked, of: $0.total)))"
        }
        let apart = [
            (s.machineAccounts, s.machinesIncluded ? "machine (audited)" : "machine"), (s.historyLines, "history"),
            (s.withoutNTHash, "without NT hash"), (s.disabledExcluded, "disabled (left out)"),
            (malformed.count, "malformed"),
        ].filter { $0.0 > 0 }.map { "\(ReportNumber.grouped($0.0)) \($0.1)" }
        return "run \(runID.map(String.init) ?? "-"): \(ReportNumber.grouped(s.accounts)) accounts from "
            + "\(s.extractName) (\(ReportNumber.grouped(s.disabledAccounts - s.disabledExcluded)) disabled); "
            + "cracked \(share(s.cracked)), empty password \(share(s.emptyPassword)), LM hash \(share(s.lmHash)), "
            + "shared NT hash \(share(s.sharedHash)), breached \(share(s.breached)) of accounts; "
            + "of \(ReportNumber.grouped(s.scored)) cracked accounts scored: "
            + (versions.isEmpty ? "no version" : versions.joined(separator: ", "))
            + (apart.isEmpty ? "" : "; counted apart: " + apart.joined(separator: ", "))
            + ", \(String(format: "%.1f", scoring.seconds)) s"
    }

    /// The summary as `import --ntds --format json` prints it: `kind` `import`, `outcome` `audited`, the run, the
    /// `directory` counts and the versions' figures over the cracked accounts, and the malformed lines by number.
    package var json: String {
        struct Version: Encodable {
            var reference: String
            var scored: Int
            var passing: Int
        }
        struct Line: Encodable {
            var file: String
            var line: Int
            var reason: String
        }
        struct Document: Encodable {
            var kind = "import"
            var outcome = "audited"
            var runID: Int64?
            var directory: [String: Int]
            var versions: [Version]
            var malformed: [Line]

            enum CodingKeys: String, CodingKey {
                case kind, outcome, directory, versions, malformed
                case runID = "run_id"
            }
        }
        let s = summary
        let document = Document(
            runID: runID,
            directory: [
                "accounts": s.accounts, "cracked": s.cracked, "scored": s.scored, "empty_password": s.emptyPassword,
                "lm_hash": s.lmHash, "shared_hash": s.sharedHash, "breached": s.breached,
                "machine_accounts": s.machineAccounts, "history_lines": s.historyLines,
                "without_nt_hash": s.withoutNTHash, "disabled_accounts": s.disabledAccounts,
                "disabled_excluded": s.disabledExcluded, "malformed_lines": malformed.count,
                "potfile_unmatched": s.potfileUnmatched,
            ],
            versions: scoring.versions.map { Version(reference: $0.reference, scored: $0.total, passing: $0.unlocked) },
            malformed: malformed.map { Line(file: $0.file, line: $0.line, reason: $0.reason) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n"
    }
}
