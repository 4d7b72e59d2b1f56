import AuditRepositories

/// What `init` did about a database's two roles (`PostgresRoles`): which it created and granted, and the SQL left for
/// an administrator when the connecting role may not do it all.
///
/// A role with `CREATEROLE` (or a superuser) creates the roles that do not exist and, owning the schema's objects,
/// grants them their rights. Only a superuser can also keep `temp_file_limit` on the reader and take the functions a
/// read-only transaction still allows from every other role of the database (`PostgresRoles` lists them); for a role
/// that may not, those statements are returned in `administratorSQL`, with the rest of what it could not do, for an
/// administrator to run as a superuser (`psql -d <db> -f …`).
package struct PostgresRoleSetup: Equatable, Sendable {
    /// The database's roles.
    package let roles: PostgresRoles
    /// The role names this call created.
    package let created: [String]
    /// Whether both roles exist and hold their grants now.
    package let rolesReady: Bool
    /// Statements this connection could not run, for an administrator to run as a superuser in the database; empty
    /// when there is nothing left to do.
    package let administratorSQL: [String]

    /// The reader's `temp_file_limit`: 1 GiB of temporary files per query process, the most a query's sorts and hashes
    /// may spill to the server's disk.
    package static let readerTempFileLimitKibibytes: Int64 = 1 << 20

    /// Creates and grants the database's roles as far as the connecting role may (`init`), in one transaction.
    /// - Returns: What was done and what is left for an administrator.
    /// - Throws: `PostgresError` when the catalog cannot be read or a statement fails.
    package static func ensure(on connection: PostgresConnection) throws -> PostgresRoleSetup {
        try connection.inTransaction {
            let context = try Context(connection)
            let roles = PostgresRoles(database: context.database)
            let existing = try existingRoles(roles, on: connection)
            let creation = roles.creationStatements(existing: existing)
            let grants = try grantStatements(roles, on: connection)
            let hardening =
                roles.readerSettingStatements(tempFileLimitKibibytes: readerTempFileLimitKibibytes)
                + roles.functionRevocationStatements(
                    functions: try connection.rows(PostgresRoles.revokedFunctionsQuery).compactMap { $0.string(at: 0) },
                    owner: context.databaseOwner)
            var done: [String] = []
            var left: [String] = []
            if context.isSuperuser {
                done = creation + grants + hardening
            } else if context.mayCreateRoles && context.ownsSchema {
                done = creation + grants
                left = hardening
            } else if existing.count == 2 && context.ownsSchema {
                done = grants
                left = hardening
            } else {
                left = creation + grants + hardening
            }
            for statement in done { try connection.execute(statement) }
            return PostgresRoleSetup(
                roles: roles,
                created: context.isSuperuser || context.mayCreateRoles
                    ? [roles.writer, roles.reader]
                        .filter { !existing.contains($0) } : [],
                rolesReady: left.allSatisfy { !creation.contains($0) && !grants.contains($0) },
                administratorSQL: left)
        }
    }

    /// Grants the roles their rights over every table and view of the schema as it is now, when both exist and the
    /// connecting role owns the schema's objects (or is a superuser); else does nothing. The migrator calls it after
    /// applying migrations, inside their transaction, so tables and views a later migration adds reach the roles.
    /// - Returns: Whether it granted.
    /// - Throws: `PostgresError` when the catalog cannot be read or a grant fails.
    @discardableResult
    package static func regrant(on connection: PostgresConnection) throws -> Bool {
        let context = try Context(connection)
        let roles = PostgresRoles(database: context.database)
        guard try existingRoles(roles, on: connection).count == 2, context.isSuperuser || context.ownsSchema else {
            return false
        }
        try connection.inTransaction {
            for statement in try grantStatements(roles, on: connection) { try connection.execute(statement) }
        }
        return true
    }

    /// One paragraph for `init` to print: the roles made, or the SQL an administrator should run.
    package var summary: String {
        var lines: [String] = []
        let names = "\(PostgresRoles.quoted(roles.writer)) and \(PostgresRoles.quoted(roles.reader))"
        if !created.isEmpty {
            lines.append("Created the roles \(created.map(PostgresRoles.quoted).joined(separator: " and ")).")
        }
        if rolesReady {
            lines.append(
                "Roles \(names): connect as the writer to import, add policies, delete and prune runs, and for "
                    + "reports; as the reader for 'pwaudit query', which reads the v_* views only (give them passwords "
                    + "with ALTER ROLE … PASSWORD, or grant them to people's own roles).")
        } else {
            lines.append("This role may not create the roles \(names).")
        }
        if !administratorSQL.isEmpty {
            lines.append(
                "Ask an administrator to run, as a superuser in database \(PostgresRoles.quoted(roles.database)):")
            lines.append(contentsOf: administratorSQL.map { $0 + ";" })
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Catalog

    /// Who is connected where, and what they may do.
    private struct Context {
        let database: String
        let databaseOwner: String
        let isSuperuser: Bool
        let mayCreateRoles: Bool
        /// Whether the connecting role owns (or is a member of the owner of) pwaudit's tables: grants need it.
        let ownsSchema: Bool

        init(_ connection: PostgresConnection) throws {
            let sql = """
                SELECT current_database(),
                       (SELECT pg_catalog.pg_get_userbyid(d.datdba) FROM pg_catalog.pg_database d
                        WHERE d.datname = current_database()),
                       r.rolsuper, r.rolcreaterole,
                       coalesce((SELECT bool_and(pg_catalog.pg_has_role(current_user, c.relowner, 'USAGE'))
                                 FROM pg_catalog.pg_class c
                                 WHERE c.relnamespace = (\(PostgresRoleSetup.schemaQuery))::regnamespace
                                   AND c.relkind IN ('r', 'p', 'v', 'm', 'S')), true)
                FROM pg_catalog.pg_roles r WHERE r.rolname = current_user
                """
            guard let row = try connection.firstRow(sql) else {
                throw PostgresError.unexpectedValue(column: 0, expected: "the connected role", sql: sql)
            }
            database = row.string(at: 0) ?? ""
            databaseOwner = row.string(at: 1) ?? ""
            isSuperuser = try row.bool(at: 2)
            mayCreateRoles = try row.bool(at: 3)
            ownsSchema = try row.bool(at: 4)
        }
    }

    /// The schema holding pwaudit's tables: the one `import_run` is found in on the search path, else the current one.
    static let schemaQuery = """
        SELECT coalesce((SELECT n.nspname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n \
        ON n.oid = c.relnamespace WHERE c.relname = 'import_run' AND pg_catalog.pg_table_is_visible(c.oid)), \
        current_schema())
        """

    private static func existingRoles(_ roles: PostgresRoles, on connection: PostgresConnection) throws -> Set<String> {
        Set(
            try connection.rows(
                "SELECT rolname FROM pg_catalog.pg_roles WHERE rolname IN ($1, $2)",
                [.text(roles.writer), .text(roles.reader)]
            ).compactMap { $0.string(at: 0) })
    }

    private static func grantStatements(_ roles: PostgresRoles, on connection: PostgresConnection) throws -> [String] {
        let schemaRow = try connection.firstRow(schemaQuery)
        let schema = schemaRow?.string(at: 0) ?? "public"
        let objects = try connection.rows(
            """
            SELECT c.relname, c.relkind::text FROM pg_catalog.pg_class c
            WHERE c.relnamespace = $1::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
            """, [.text(PostgresRoles.quoted(schema))])
        func names(_ kinds: Set<String>) -> [String] {
            objects.filter { kinds.contains($0.string(at: 1) ?? "") }.compactMap { $0.string(at: 0) }
        }
        return roles.grantStatements(
            schema: schema, tables: names(["r", "p"]), views: names(["v", "m"]), sequences: names(["S"]))
    }
}
