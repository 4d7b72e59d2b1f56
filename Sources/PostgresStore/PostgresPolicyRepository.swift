import AuditRepositories
import AuditTime

/// Policies as immutable numbered versions in `policy`, `policy_version` and `policy_rule`
/// (migrations/postgresql/0001_initial.sql), for the `PostgresAuditStore` still to come (issue 22, item 2).
///
/// As on SQLite, the store never parses definitions: the caller hands canonical JSON, its SHA-256 and the rule rows.
/// Times are `timestamptz`, read back as canonical UTC text (`PostgresTime`).
package struct PostgresPolicyRepository: PolicyRepository {
    private let connection: PostgresConnection

    /// Creates a repository over a migrated database.
    package init(connection: PostgresConnection) { self.connection = connection }

    private static let selectVersion = """
        SELECT pv.id, p.name, pv.version, pv.definition, pv.definition_sha256, pv.effective_from, pv.created_at,
            pv.note
        FROM policy_version pv JOIN policy p ON p.id = pv.policy_id
        """

    /// Adds a version of policy `name` as `VersionAddition`'s rule decides, creating the policy on first use; a new
    /// version is stored with `rules` in one transaction, the policy's row locked (`FOR UPDATE`) first, so that two
    /// writers adding versions of one policy at once number them one after the other.
    /// - Throws: `PostgresError` (for example a CHECK failure for a bit outside 0…63); nothing is stored then.
    package func add(
        name: String, definition: String, definitionSHA256: String, rules: [PolicyRuleRow], effectiveFrom: String?,
        note: String?
    ) throws -> VersionAddition {
        try connection.inTransaction {
            let now = UTCInstant.now()
            _ = try connection.execute(
                "INSERT INTO policy (name, created_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
                [.text(name), .text(now.text)])
            guard
                let policyID = try connection.firstRow(
                    "SELECT id FROM policy WHERE name = $1 FOR UPDATE", [.text(name)])?.int64(at: 0)
            else { preconditionFailure("inserted policy vanished") }
            return try VersionAddition(
                latest: try latest(name: name),
                sameDefinition: try fetchAll(
                    Self.selectVersion + " WHERE pv.policy_id = $1 AND pv.definition_sha256 = $2",
                    [.integer(policyID), .text(definitionSHA256)]),
                effectiveFrom: effectiveFrom, note: note, now: now
            ) { number, effectiveFrom, note in
                guard
                    let versionID = try connection.firstRow(
                        """
                        INSERT INTO policy_version (policy_id, version, definition, definition_sha256, effective_from,
                            created_at, note)
                        VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7)
                        RETURNING id
                        """,
                        [
                            .integer(policyID), .integer(Int64(number)), .text(definition), .text(definitionSHA256),
                            .text(effectiveFrom), .text(now.text), .optional(note),
                        ])?.int64(at: 0)
                else { preconditionFailure("INSERT … RETURNING returned no row") }
                for rule in rules {
                    _ = try connection.execute(
                        """
                        INSERT INTO policy_rule (policy_version_id, bit, rule_id, kind, label, definition)
                        VALUES ($1, $2, $3, $4, $5, $6)
                        """,
                        [
                            .integer(versionID), .integer(Int64(rule.bit)), .text(rule.ruleID), .text(rule.kind),
                            .text(rule.label), .text(rule.definition),
                        ])
                }
                guard let created = try version(id: versionID) else { preconditionFailure("inserted version vanished") }
                return created
            }
        }
    }

    /// Every version of every policy, by name then number.
    package func list() throws -> [StoredVersion] {
        try fetchAll(Self.selectVersion + " ORDER BY p.name, pv.version", [])
    }

    /// The newest version of `name`, or nil if there is no such policy.
    package func latest(name: String) throws -> StoredVersion? {
        try fetchOne(Self.selectVersion + " WHERE p.name = $1 ORDER BY pv.version DESC LIMIT 1", [.text(name)])
    }

    /// Version `number` of `name` (the `name@number` reference), or nil.
    package func version(name: String, number: Int) throws -> StoredVersion? {
        try fetchOne(
            Self.selectVersion + " WHERE p.name = $1 AND pv.version = $2", [.text(name), .integer(Int64(number))])
    }

    /// The version with row id `id`, or nil.
    package func version(id: Int64) throws -> StoredVersion? {
        try fetchOne(Self.selectVersion + " WHERE pv.id = $1", [.integer(id)])
    }

    /// The newest version of each policy, by name.
    package func latestOfEveryPolicy() throws -> [StoredVersion] {
        try fetchAll(
            Self.selectVersion
                + " WHERE pv.version = (SELECT max(x.version) FROM policy_version x WHERE x.policy_id = pv.policy_id)"
                + " ORDER BY p.name",
            [])
    }

    /// The version of `name` in force at `instant`: greatest `effective_from` ≤ `instant` (as `timestamptz`), ties
    /// going to the higher number, so `2026-03-01` is in force at `2026-03-01T09:00:00Z`.
    package func inForce(name: String, at instant: UTCInstant) throws -> StoredVersion? {
        try fetchOne(
            Self.selectVersion
                + " WHERE p.name = $1 AND pv.effective_from <= $2::timestamptz"
                + " ORDER BY pv.effective_from DESC, pv.version DESC LIMIT 1",
            [.text(name), .text(instant.text)])
    }

    /// The rules of version `versionID` in bit order.
    package func rules(versionID: Int64) throws -> [PolicyRuleRow] {
        try connection.rows(
            "SELECT bit, rule_id, kind, label, definition FROM policy_rule WHERE policy_version_id = $1 ORDER BY bit",
            [.integer(versionID)]
        ).map { row throws(PostgresError) in
            PolicyRuleRow(
                bit: try row.int(at: 0), ruleID: row.string(at: 1) ?? "", kind: row.string(at: 2) ?? "",
                label: row.string(at: 3) ?? "", definition: row.string(at: 4) ?? "")
        }
    }

    private func fetchOne(_ sql: String, _ values: [SQLValue]) throws -> StoredVersion? {
        try fetchAll(sql, values).first
    }

    private func fetchAll(_ sql: String, _ values: [SQLValue]) throws -> [StoredVersion] {
        try connection.rows(sql, values).map { row throws(PostgresError) in
            StoredVersion(
                id: try row.int64(at: 0), name: row.string(at: 1) ?? "", number: try row.int(at: 2),
                definition: row.string(at: 3) ?? "", definitionSHA256: row.string(at: 4) ?? "",
                effectiveFrom: PostgresTime.canonical(row.string(at: 5) ?? ""),
                createdAt: PostgresTime.canonical(row.string(at: 6) ?? ""), note: row.string(at: 7))
        }
    }
}
