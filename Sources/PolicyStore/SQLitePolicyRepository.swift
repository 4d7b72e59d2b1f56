import AuditRepositories
import AuditTime

/// Stores policies as immutable numbered versions (`policy`, `policy_version`, `policy_rule`).
///
/// The store never parses definitions: the caller hands canonical JSON, its SHA-256 and the per-rule rows.
package struct SQLitePolicyRepository: PolicyRepository {
    private let database: Database

    /// Creates a repository over a migrated database.
    package init(database: Database) {
        self.database = database
    }

    private static let selectVersion = """
        SELECT pv.id, p.name, pv.version, pv.definition, pv.definition_sha256, pv.effective_from, pv.created_at,
            pv.note
        FROM policy_version pv JOIN policy p ON p.id = pv.policy_id
        """

    /// Adds a version of policy `name` as `VersionAddition`'s rule decides, creating the policy on first use; a new
    /// version is stored with `rules` in one transaction (`BEGIN IMMEDIATE`: one writer at a time numbers versions).
    /// - Throws: `SQLiteError` (for example a CHECK failure for a bit outside 0…63).
    package func add(
        name: String, definition: String, definitionSHA256: String, rules: [PolicyRuleRow], effectiveFrom: String?,
        note: String?
    ) throws -> VersionAddition {
        try database.inTransaction {
            let now = UTCInstant.now()
            try database.execute(
                "INSERT INTO policy (name, created_at) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING",
                [.text(name), .text(now.text)])
            return try VersionAddition(
                latest: try latest(name: name),
                sameDefinition: try fetchAll(
                    Self.selectVersion + " WHERE p.name = ?1 AND pv.definition_sha256 = ?2",
                    [.text(name), .text(definitionSHA256)]),
                effectiveFrom: effectiveFrom, note: note, now: now
            ) { number, effectiveFrom, note in
                try database.execute(
                    """
                    INSERT INTO policy_version (policy_id, version, definition, definition_sha256, effective_from,
                        created_at, note)
                    SELECT p.id, ?2, ?3, ?4, ?5, ?6, ?7 FROM policy p WHERE p.name = ?1
                    """,
                    [
                        .text(name), .integer(Int64(number)), .text(definition), .text(definitionSHA256),
                        .text(effectiveFrom), .text(now.text), .optional(note),
                    ])
                let versionID = database.lastInsertedRowID
                for rule in rules {
                    try database.execute(
                        """
                        INSERT INTO policy_rule (policy_version_id, bit, rule_id, kind, label, definition)
                        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
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
    package func list() throws(SQLiteError) -> [StoredVersion] {
        try fetchAll(Self.selectVersion + " ORDER BY p.name, pv.version", [])
    }

    /// The newest version of `name`, or nil if there is no such policy.
    package func latest(name: String) throws(SQLiteError) -> StoredVersion? {
        try fetchOne(Self.selectVersion + " WHERE p.name = ?1 ORDER BY pv.version DESC LIMIT 1", [.text(name)])
    }

    /// Version `number` of `name` (the `name@number` reference), or nil.
    package func version(name: String, number: Int) throws(SQLiteError) -> StoredVersion? {
        try fetchOne(
            Self.selectVersion + " WHERE p.name = ?1 AND pv.version = ?2", [.text(name), .integer(Int64(number))])
    }

    /// The version with row id `id`, or nil.
    package func version(id: Int64) throws(SQLiteError) -> StoredVersion? {
        try fetchOne(Self.selectVersion + " WHERE pv.id = ?1", [.integer(id)])
    }

    /// The newest version of each policy, by name.
    package func latestOfEveryPolicy() throws(SQLiteError) -> [StoredVersion] {
        try fetchAll(
            Self.selectVersion
                + " WHERE pv.version = (SELECT max(x.version) FROM policy_version x WHERE x.policy_id = pv.policy_id)"
                + " ORDER BY p.name",
            [])
    }

    /// The version of `name` in force at `instant`: greatest `effective_from` ≤ `instant`, ties going to the higher
    /// number.
    ///
    /// Times compare as ISO-8601 text (the instant as its canonical text), so `2026-03-01` is in force at
    /// `2026-03-01T09:00:00Z`.
    package func inForce(name: String, at instant: UTCInstant) throws(SQLiteError) -> StoredVersion? {
        try fetchOne(
            Self.selectVersion
                + " WHERE p.name = ?1 AND pv.effective_from <= ?2 ORDER BY pv.effective_from DESC, pv.version DESC"
                + " LIMIT 1",
            [.text(name), .text(instant.text)])
    }

    /// The rules of version `versionID` in bit order.
    package func rules(versionID: Int64) throws(SQLiteError) -> [PolicyRuleRow] {
        let statement = try database.cachedStatement(
            "SELECT bit, rule_id, kind, label, definition FROM policy_rule WHERE policy_version_id = ?1 ORDER BY bit")
        statement.bind(versionID, at: 1)
        var rules: [PolicyRuleRow] = []
        while try statement.step() {
            rules.append(
                PolicyRuleRow(
                    bit: statement.int(at: 0), ruleID: statement.string(at: 1) ?? "",
                    kind: statement.string(at: 2) ?? "", label: statement.string(at: 3) ?? "",
                    definition: statement.string(at: 4) ?? ""))
        }
        return rules
    }

    private func fetchOne(_ sql: String, _ values: [SQLValue]) throws(SQLiteError) -> StoredVersion? {
        let rows = try fetchAll(sql, values)
        return rows.first
    }

    private func fetchAll(_ sql: String, _ values: [SQLValue]) throws(SQLiteError) -> [StoredVersion] {
        let statement = try database.cachedStatement(sql)
        statement.bind(values)
        var records: [StoredVersion] = []
        while try statement.step() {
            records.append(
                StoredVersion(
                    id: statement.int64(at: 0), name: statement.string(at: 1) ?? "", number: statement.int(at: 2),
                    definition: statement.string(at: 3) ?? "", definitionSHA256: statement.string(at: 4) ?? "",
                    effectiveFrom: statement.string(at: 5) ?? "", createdAt: statement.string(at: 6) ?? "",
                    note: statement.string(at: 7)))
        }
        statement.reset()
        return records
    }
}
