import AuditRepositories

/// The CSV options a run read its file with (`import_run_csv_options`, schema 10).
extension SQLiteRunRepository {
    /// The options recorded for run `runID`, or nil.
    package func csvOptions(runID: Int64) throws(SQLiteError) -> RunCSVOptions? {
        let statement = try database.cachedStatement(
            """
            SELECT password_column, username_column, email_column, id_column, time_column, delimiter
            FROM import_run_csv_options WHERE run_id = ?1
            """)
        defer { statement.reset() }
        statement.bind(runID, at: 1)
        guard try statement.step() else { return nil }
        return RunCSVOptions(
            passwordColumn: statement.string(at: 0) ?? "", usernameColumn: statement.string(at: 1) ?? "",
            emailColumn: statement.string(at: 2) ?? "", idColumn: statement.string(at: 3) ?? "",
            timeColumn: statement.string(at: 4) ?? "", delimiter: statement.string(at: 5) ?? "")
    }

    /// Records `options` for run `runID` unless it has options already (`INSERT OR IGNORE`: the first recorded stay).
    package func recordCSVOptions(_ options: RunCSVOptions, runID: Int64) throws(SQLiteError) {
        try database.execute(
            """
            INSERT OR IGNORE INTO import_run_csv_options (run_id, password_column, username_column, email_column,
                id_column, time_column, delimiter)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """,
            [
                .integer(runID), .text(options.passwordColumn), .text(options.usernameColumn),
                .text(options.emailColumn), .text(options.idColumn), .text(options.timeColumn),
                .text(options.delimiter),
            ])
    }
}
