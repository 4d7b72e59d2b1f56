import AuditCrypto

/// The two roles of one pwaudit database on a PostgreSQL server, `<db>_writer` and `<db>_reader`, and the SQL that
/// creates them and gives them their rights (<https://www.postgresql.org/docs/current/sql-grant.html>).
///
/// Roles are cluster-wide, so their names carry the database's. A name is an identifier of at most 63 bytes
/// (`NAMEDATALEN - 1`, beyond which the server would silently cut it) that may not start with `pg_` (reserved): a
/// database name that would make a longer one is cut at a character boundary and followed by 8 hex digits of its
/// SHA-256 (two long names sharing a prefix still get two roles), and one starting with `pg_` is prefixed with
/// `pwaudit_`. Every name is written double-quoted in SQL (`quoted(_:)`), so any character a database name may hold is
/// safe.
///
/// - The writer may read and write every table and sequence of pwaudit's schema (import, `policy add`, `runs delete`,
///   prune, rescore, `check --record`) but `schema_migrations`, which it only reads, and read its views; it cannot
///   create, alter, truncate or drop anything (upgrading the schema takes the database's owner).
/// - The reader may `SELECT` the `v_*` views and nothing else: no table, not even `attempt` (a view without the
///   prefix); the views read the tables with their owner's rights.
///
/// Grants are computed from the catalog (every table, sequence and `v_*` view of the schema holding `import_run`), not
/// from a list, and are idempotent: `grantStatements` revokes what a role should not hold and grants what it should.
/// Later migrations are covered by re-granting after them (the migrator calls `PostgresRoleSetup.regrant(on:)` in its
/// transaction), not by default privileges: those cannot tell a `v_*` view from a table and belong to the role that
/// creates the objects, which need not be the one that created the roles.
package struct PostgresRoles: Equatable, Sendable {
    /// The longest role name the server keeps whole: `NAMEDATALEN - 1` bytes.
    package static let maximumNameBytes = 63

    /// The database the roles are for.
    package let database: String
    /// The writer's role name, unquoted.
    package let writer: String
    /// The reader's role name, unquoted.
    package let reader: String

    /// The roles of `database`.
    package init(database: String) {
        self.database = database
        writer = Self.roleName(database: database, suffix: "_writer")
        reader = Self.roleName(database: database, suffix: "_reader")
    }

    /// `<database><suffix>`, made a valid role name of at most 63 bytes (see the type's notes).
    static func roleName(database: String, suffix: String) -> String {
        var base = database.hasPrefix("pg_") ? "pwaudit_" + database : database
        guard base.utf8.count + suffix.utf8.count > maximumNameBytes else { return base + suffix }
        let tag = "_" + String(SHA256.hexDigest(utf8: database).prefix(8))
        let room = maximumNameBytes - suffix.utf8.count - tag.utf8.count
        var cut = ""
        for character in base {
            guard cut.utf8.count + character.utf8.count <= room else { break }
            cut.append(character)
        }
        base = cut + tag
        return base + suffix
    }

    /// `name` as a double-quoted SQL identifier (a `"` doubled), exactly as written, case and all.
    package static func quoted(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }

    /// `text` as a SQL string literal (a `'` doubled; the server's `standard_conforming_strings` is on).
    static func literal(_ text: String) -> String {
        "'" + text.replacing("'", with: "''") + "'"
    }

    /// What creates the two roles that do not exist yet: `LOGIN` roles without a password (an administrator sets one,
    /// `ALTER ROLE … PASSWORD`, or grants the role to people's own roles) that hold nothing else.
    /// - Parameter existing: The role names that already exist (they are left as they are).
    package func creationStatements(existing: Set<String> = []) -> [String] {
        [writer, reader].filter { !existing.contains($0) }.map {
            "CREATE ROLE \(Self.quoted($0)) LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS"
        }
    }

    /// The grants that give each role exactly its rights over the objects of schema `schema`, revoking any other.
    /// - Parameters:
    ///   - tables: The schema's tables (and partitioned tables).
    ///   - views: The schema's views (only those named `v_…` go to the reader).
    ///   - sequences: The schema's sequences.
    package func grantStatements(schema: String, tables: [String], views: [String], sequences: [String]) -> [String] {
        let writer = Self.quoted(writer)
        let reader = Self.quoted(reader)
        let schemaName = Self.quoted(schema)
        func object(_ name: String) -> String { schemaName + "." + Self.quoted(name) }
        var statements = [
            "GRANT CONNECT ON DATABASE \(Self.quoted(database)) TO \(writer), \(reader)",
            "GRANT USAGE ON SCHEMA \(schemaName) TO \(writer), \(reader)",
        ]
        for table in tables.sorted() {
            // The migrations' record is the owner's to write: the writer reads it to see the schema is current.
            let rights = table == "schema_migrations" ? "SELECT" : "SELECT, INSERT, UPDATE, DELETE"
            statements.append("REVOKE ALL ON TABLE \(object(table)) FROM \(writer), \(reader)")
            statements.append("GRANT \(rights) ON TABLE \(object(table)) TO \(writer)")
        }
        for sequence in sequences.sorted() {
            statements.append("REVOKE ALL ON SEQUENCE \(object(sequence)) FROM \(reader)")
            statements.append("GRANT USAGE, SELECT, UPDATE ON SEQUENCE \(object(sequence)) TO \(writer)")
        }
        for view in views.sorted() {
            statements.append("REVOKE ALL ON TABLE \(object(view)) FROM \(writer), \(reader)")
            statements.append("GRANT SELECT ON TABLE \(object(view)) TO \(writer)")
            if view.hasPrefix("v_") { statements.append("GRANT SELECT ON TABLE \(object(view)) TO \(reader)") }
        }
        return statements
    }

    /// Settings the server keeps for the reader that only a superuser may set: `temp_file_limit`, so a query's sorts
    /// and hashes cannot fill the server's disk (the runner sets `work_mem` itself, a setting any role may change).
    package func readerSettingStatements(tempFileLimitKibibytes: Int64) -> [String] {
        ["ALTER ROLE \(Self.quoted(reader)) SET temp_file_limit = \(tempFileLimitKibibytes)"]
    }

    /// What takes from every role but the writer and the database's owner the functions a read-only transaction still
    /// lets run and that pwaudit's readers have no use for: advisory locks (the runs' leases), large objects,
    /// `pg_notify`, snapshots exported, transaction ids assigned, other sessions cancelled or ended. Only a superuser
    /// may run these (the functions belong to the bootstrap superuser); they hold in this database only.
    /// - Parameters:
    ///   - functions: The functions, as `regprocedure` text (`pg_advisory_lock(bigint)`), from `revokedFunctionsQuery`.
    ///   - owner: The database owner's role name.
    package func functionRevocationStatements(functions: [String], owner: String) -> [String] {
        let keepers = Set([writer, owner]).sorted().map(Self.quoted).joined(separator: ", ")
        return functions.sorted().flatMap { function in
            [
                "REVOKE EXECUTE ON FUNCTION pg_catalog.\(function) FROM PUBLIC",
                "GRANT EXECUTE ON FUNCTION pg_catalog.\(function) TO \(keepers)",
            ]
        }
    }

    /// The catalog query listing, as `regprocedure` text without schema, the functions `functionRevocationStatements`
    /// takes away.
    static let revokedFunctionsQuery = """
        SELECT p.oid::regprocedure::text FROM pg_catalog.pg_proc p
        WHERE p.pronamespace = 'pg_catalog'::regnamespace
          AND (p.proname LIKE 'pg\\_advisory\\_%' OR p.proname LIKE 'pg\\_try\\_advisory\\_%'
               OR p.proname LIKE 'lo\\_%' OR p.proname IN ('loread', 'lowrite')
               OR p.proname IN ('pg_notify', 'pg_export_snapshot', 'pg_terminate_backend', 'pg_cancel_backend',
                                'txid_current', 'txid_current_if_assigned', 'pg_current_xact_id',
                                'pg_current_xact_id_if_assigned'))
        """
}
