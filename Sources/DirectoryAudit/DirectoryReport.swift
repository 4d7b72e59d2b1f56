import AuditRepositories

/// The directory section of a run's report: what the extract held, the findings' totals (each saying whether it counts
/// accounts or cracked accounts), the charts' figures, how many cracked accounts each version would let through, and
/// the accounts with a finding, by name (the auditor needs them: they must change a password). Never a hash, never
/// a password.
package struct DirectoryReport: Sendable, Equatable {
    /// One account with at least one finding.
    package struct FlaggedAccount: Sendable, Equatable, Encodable {
        /// `DOMAIN\user`, or its pseudonym.
        package var username: String
        /// Its privileged groups.
        package var groups: [String]
        /// Its findings, in `DirectoryFinding` order.
        package var findings: [String]
        /// Accounts sharing its NT hash, itself included.
        package var sharedWith: Int
        /// How often a breach corpus saw its NT hash.
        package var breachCount: Int
        /// Disabled in the directory.
        package var disabled: Bool

        enum CodingKeys: String, CodingKey {
            case username, groups, findings, disabled
            case sharedWith = "shared_with"
            case breachCount = "breach_count"
        }
    }

    /// Of the scored cracked accounts, how many one version would accept.
    package struct VersionPass: Sendable, Equatable, Encodable {
        /// `name@N`.
        package var policy: String
        /// Cracked accounts scored.
        package var scored: Int
        /// Of them, those the version accepts (unlocked).
        package var passing: Int

        /// A version's line.
        package init(policy: String, scored: Int, passing: Int) {
            self.policy = policy
            self.scored = scored
            self.passing = passing
        }
    }

    /// The run.
    package var runID: Int64
    /// What was read and found, as stored.
    package var summary: RunDirectorySummary
    /// The totals counted from the stored accounts; nil once the run was pruned (the summary remains).
    package var counts: DirectoryCounts?
    /// Accounts with a finding: privileged ones first, then by name.
    package var flagged: [FlaggedAccount]
    /// Per version, the cracked accounts it would accept.
    package var versions: [VersionPass]

    /// Creates a report.
    package init(
        runID: Int64, summary: RunDirectorySummary, counts: DirectoryCounts?, flagged: [FlaggedAccount],
        versions: [VersionPass]
    ) {
        self.runID = runID
        self.summary = summary
        self.counts = counts
        self.flagged = flagged
        self.versions = versions
    }

    /// The assessment a stored account row holds.
    package static func assessment(of row: DirectoryAccountRow) -> AccountAssessment {
        AccountAssessment(
            cracked: row.cracked, emptyPassword: row.emptyPassword, lmHash: row.lmHash, sharedWith: row.sharedWith,
            sharedGroup: row.sharedGroup, breachCount: row.breachCount,
            usernameInPassword: UsernameMatch(rawValue: row.usernameInPassword) ?? .none, groups: row.groups,
            passwordLength: row.passwordLength)
    }

    /// The report of `summary` and its stored `accounts` (none once pruned), with the versions' lines.
    package init(runID: Int64, summary: RunDirectorySummary, accounts: [DirectoryAccountRow], versions: [VersionPass]) {
        var flagged: [FlaggedAccount] = []
        let assessments = accounts.map(Self.assessment(of:))
        for (row, item) in zip(accounts, assessments) where item.hasFinding {
            flagged.append(
                FlaggedAccount(
                    username: row.username, groups: row.groups,
                    findings: DirectoryFinding.allCases.filter { $0.holds(for: item) }.map(\.rawValue),
                    sharedWith: row.sharedWith, breachCount: row.breachCount, disabled: row.disabled))
        }
        flagged.sort { ($0.groups.isEmpty ? 1 : 0, $0.username) < ($1.groups.isEmpty ? 1 : 0, $1.username) }
        self.init(
            runID: runID, summary: summary, counts: accounts.isEmpty ? nil : DirectoryCounts(assessments),
            flagged: flagged, versions: versions)
    }

    /// Flagged accounts the table, Markdown and HTML forms list (JSON and CSV list them all).
    package static let listedAccounts = 200
}
