import AuditRepositories
import PolicyStore

/// A run's summaries recounted from its stored rows (`candidate`, the `attempt` view, `rejected_row`) with plain
/// SQL, independently of the importer's `RunTally`: what the stored summaries must agree with.
///
/// Days are the first ten characters of `submitted_at` (`none` without one), so a test using it gives times in UTC
/// (`…Z`) or bare dates. Compositions name the classes present in `CompositionMask`'s documented order, reading
/// `other_count` as marks: a test using it keeps control characters out of its passwords.
struct StoredRowRecount {
    let database: Database
    let runID: Int64

    /// The rows of `sql` (with `?1` bound to the run id), each as its first `columns` integer columns.
    private func integers(_ sql: String, columns: Int32) throws -> [[Int64]] {
        let statement = try database.makeStatement(sql)
        statement.bind(runID, at: 1)
        var rows: [[Int64]] = []
        while try statement.step() { rows.append((0..<columns).map { statement.int64(at: $0) }) }
        return rows
    }

    /// The run's attempts joined with their candidates and the versions' rules.
    private static let attempts = "attempt a JOIN candidate c ON c.id = a.candidate_id WHERE c.run_id = ?1"

    var versions: [RunVersionSummaryRow] {
        get throws {
            try integers(
                """
                SELECT a.policy_version_id, count(*), sum(a.failed_mask = 0),
                    sum(a.failed_mask != 0 AND (a.failed_mask & (a.failed_mask - 1)) = 0)
                FROM \(Self.attempts) GROUP BY 1 ORDER BY 1
                """, columns: 4
            ).map {
                RunVersionSummaryRow(
                    policyVersionID: $0[0], total: Int($0[1]), unlocked: Int($0[2]), nearMiss: Int($0[3]))
            }
        }
    }

    var rules: [RunRuleSummaryRow] {
        get throws {
            try integers(
                """
                SELECT r.policy_version_id, r.bit,
                    (SELECT count(*) FROM \(Self.attempts) AND a.policy_version_id = r.policy_version_id
                        AND a.failed_mask & (1 << r.bit) != 0),
                    (SELECT count(*) FROM \(Self.attempts) AND a.policy_version_id = r.policy_version_id
                        AND a.failed_mask = 1 << r.bit)
                FROM policy_rule r JOIN import_run_policy p ON p.policy_version_id = r.policy_version_id
                WHERE p.run_id = ?1 ORDER BY 1, 2
                """, columns: 4
            ).map {
                RunRuleSummaryRow(
                    policyVersionID: $0[0], bit: Int($0[1]), failures: Int($0[2]), onlyFailure: Int($0[3]))
            }
        }
    }

    var rulePairs: [RunRulePairSummaryRow] {
        get throws {
            try integers(
                """
                SELECT a.policy_version_id, x.bit, y.bit, count(*)
                FROM attempt a JOIN candidate c ON c.id = a.candidate_id
                    JOIN policy_rule x ON x.policy_version_id = a.policy_version_id
                    JOIN policy_rule y ON y.policy_version_id = a.policy_version_id AND y.bit > x.bit
                WHERE c.run_id = ?1 AND a.failed_mask & (1 << x.bit) != 0 AND a.failed_mask & (1 << y.bit) != 0
                GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
                """, columns: 4
            ).map {
                RunRulePairSummaryRow(policyVersionID: $0[0], bitA: Int($0[1]), bitB: Int($0[2]), failures: Int($0[3]))
            }
        }
    }

    /// `version/day=total/unlocked`, sorted.
    var days: [String] {
        get throws {
            try texts(
                """
                SELECT a.policy_version_id || '/' || coalesce(substr(c.submitted_at, 1, 10), 'none') || '='
                    || count(*) || '/' || sum(a.failed_mask = 0)
                FROM \(Self.attempts) GROUP BY a.policy_version_id, coalesce(substr(c.submitted_at, 1, 10), 'none')
                """)
        }
    }

    /// `version/day/bit=failures` where failures > 0, sorted.
    var dayRules: [String] {
        get throws {
            try texts(
                """
                SELECT a.policy_version_id || '/' || coalesce(substr(c.submitted_at, 1, 10), 'none') || '/' || r.bit
                    || '=' || count(*)
                FROM attempt a JOIN candidate c ON c.id = a.candidate_id
                    JOIN policy_rule r ON r.policy_version_id = a.policy_version_id
                WHERE c.run_id = ?1 AND a.failed_mask & (1 << r.bit) != 0
                GROUP BY a.policy_version_id, coalesce(substr(c.submitted_at, 1, 10), 'none'), r.bit
                """)
        }
    }

    var lengths: [RunLengthSummaryRow] {
        get throws {
            try integers("SELECT length, count(*) FROM candidate WHERE run_id = ?1 GROUP BY 1 ORDER BY 1", columns: 2)
                .map { RunLengthSummaryRow(length: Int($0[0]), count: Int($0[1])) }
        }
    }

    /// `composition=count`, sorted.
    var compositions: [String] {
        get throws {
            let names = ["upper", "lower", "other-letter", "digit", "special", "space", "mark"]
            let counts = try integers(
                """
                SELECT upper_count, lower_count, other_letter_count, digit_count, special_count, space_count,
                    other_count
                FROM candidate WHERE run_id = ?1
                """, columns: 7)
            var tally: [String: Int] = [:]
            for row in counts {
                let present = names.indices.filter { row[$0] > 0 }.map { names[$0] }
                tally[present.isEmpty ? "empty" : present.joined(separator: "+"), default: 0] += 1
            }
            return tally.map { "\($0.key)=\($0.value)" }.sorted()
        }
    }

    var reuse: RunReuseSummaryRow {
        get throws {
            let row = try integers(
                """
                SELECT count(*), coalesce(sum(n >= 2), 0), coalesce(sum(CASE WHEN n >= 2 THEN n ELSE 0 END), 0),
                    coalesce(max(n), 0)
                FROM (SELECT count(*) AS n FROM candidate WHERE run_id = ?1 GROUP BY fingerprint)
                """, columns: 4)[0]
            return RunReuseSummaryRow(
                distinctFingerprints: Int(row[0]), sharedGroups: Int(row[1]), sharedCandidates: Int(row[2]),
                largestGroup: Int(row[3]))
        }
    }

    /// `reason=count`, sorted.
    var rejects: [String] {
        get throws { try texts("SELECT reason || '=' || count(*) FROM rejected_row WHERE run_id = ?1 GROUP BY reason") }
    }

    private func texts(_ sql: String) throws -> [String] {
        let statement = try database.makeStatement(sql)
        statement.bind(runID, at: 1)
        var rows: [String] = []
        while try statement.step() { rows.append(statement.string(at: 0) ?? "") }
        return rows.sorted()
    }
}
