import AuditRepositories

/// The CSV options a run read its file with (`import_run_csv_options`, schema 10; its time options, schema 14).
extension SQLiteRunRepository {
    /// The options recorded for run `runID`, or nil.
    package func csvOptions(runID: Int64) throws(SQLiteError) -> RunCSVOptions? {
        let statement = try database.cachedStatement(
            """
            SELECT password_column, username_column, email_column, id_column, time_column, delimiter, time_format,
                time_zone
            FROM import_run_csv_options WHERE run_id = ?1
            """)
        defer { statement.reset() }
        statement.bind(runID, at: 1)
        guard try statement.step() else { return nil }
        return RunCSVOptions(
            passwordColumn: statement.string(at: 0) ?? "", usernameColumn: statement.string(at: 1) ?? "",
            emailColumn: statement.string(at: 2) ?? "", idColumn: statement.string(at: 3) ?? "",
            timeColumn: statement.string(at: 4) ?? "", delimiter: statement.string(at: 5) ?? "",
            timeFormat: statement.string(at: 6), timeZone: statement.string(at: 7))
    }

    /// Records `options` for run `runID` unless it has options already (the first recorded stay), filling in time
    /// options the run lacks (a row from before schema 14).
    package func recordCSVOptions(_ options: RunCSVOptions, runID: Int64) throws(SQLiteError) {
        try database.execute(
            """
            INSERT INTO import_run_csv_options (run_id, password_column, username_column, email_column,
                id_column, time_column, delimiter, time_format, time_zone)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            ON CONFLICT (run_id) DO UPDATE SET
                time_format = coalesce(time_format, excluded.time_format),
                time_zone = coalesce(time_zone, excluded.time_zone)
            """,
            [
                .integer(runID), .text(options.passwordColumn), .text(options.usernameColumn),
                .text(options.emailColumn), .text(options.idColumn), .text(options.timeColumn),
                .text(options.delimiter), options.timeFormat.map(SQLValue.text) ?? .null,
                options.timeZone.map(SQLValue.text) ?? .null,
            ])
    }
}
