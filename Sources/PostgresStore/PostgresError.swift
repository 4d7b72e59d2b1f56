import ExitStatus

/// A failed libpq call: what failed, the server's SQLSTATE where there is one, and a message with no password and no
/// bound value.
///
/// The address in a message is `PostgresAddress.displayText` (password replaced by `***`), and every message libpq or
/// the server writes passes through `PostgresAddress.redact(_:)`. The server's DETAIL and CONTEXT fields quote row
/// values (a duplicate key, a COPY line), so only its primary message is kept, and for data exceptions (SQLSTATE class
/// 22, whose messages quote the input) quoted text is cut. SQLSTATEs:
/// <https://www.postgresql.org/docs/current/errcodes-appendix.html>.
package enum PostgresError: Error, Equatable, UserFacingError {
    /// The connection string does not parse (`PQconninfoParse`): `reason` is libpq's, redacted.
    case invalidAddress(address: String, reason: String)
    /// No connection could be made, or it was lost: `address` is the display text, `reason` libpq's message, redacted.
    case connectionFailed(address: String, reason: String)
    /// The server refused or failed a statement (`sql`: its text, never its values).
    case statementFailed(sqlState: String, message: String, sql: String)
    /// A value read back was not of the type asked for (a column `column` of `sql`).
    case unexpectedValue(column: Int, expected: String, sql: String)

    /// The five-character SQLSTATE, or nil when no server answered.
    package var sqlState: String? {
        switch self {
        case .statementFailed(let sqlState, _, _): sqlState
        case .invalidAddress, .connectionFailed, .unexpectedValue: nil
        }
    }

    /// A unique, primary-key or exclusion constraint rejected a row (SQLSTATE 23505 or 23P01).
    package var isUniqueViolation: Bool { sqlState == "23505" || sqlState == "23P01" }

    /// Usage (64) for a connection string that does not parse; bad data (65) for a data exception or a constraint
    /// violation (SQLSTATE classes 22 and 23) or a value of the wrong type; no permission (77) when the server refuses
    /// the role (SQLSTATE 42501, a reader role that tries to write); an I/O error (74) for everything else.
    package var exitCode: ExitCode {
        switch self {
        case .invalidAddress: .usage
        case .connectionFailed: .ioError
        case .statementFailed(let sqlState, _, _):
            sqlState == "42501"
                ? .noPermission : sqlState.hasPrefix("22") || sqlState.hasPrefix("23") ? .dataError : .ioError
        case .unexpectedValue: .dataError
        }
    }

    /// One sentence: what failed, where, and what to do.
    package var userMessage: String {
        switch self {
        case .invalidAddress(let address, let reason):
            "\(address) is not a PostgreSQL connection URI libpq accepts (\(reason)); "
                + "write it as postgresql://user@host:port/database"
        case .connectionFailed(let address, let reason):
            "cannot connect to PostgreSQL at \(address): \(reason); check that the server runs and accepts this "
                + "user (connect directly: a transaction-pooling proxy such as PgBouncer breaks pwaudit's locks)"
        case .statementFailed("42501", let message, _):
            "PostgreSQL refused this role: \(message); connect as the database's writer role (<database>_writer, which "
                + "pwaudit init creates) to import, add policies, delete or prune runs, or as its owner to upgrade it"
        case .statementFailed(let sqlState, let message, let sql):
            "PostgreSQL error \(sqlState): \(message) — in SQL: \(Self.oneLine(sql))"
        case .unexpectedValue(let column, let expected, let sql):
            "PostgreSQL returned a value that is not \(expected) in column \(column + 1) — in SQL: \(Self.oneLine(sql))"
        }
    }

    /// Collapses whitespace and cuts long SQL so the message stays on one line.
    static func oneLine(_ sql: String, limit: Int = 160) -> String {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        let joined = words.joined(separator: " ")
        return joined.count > limit ? String(joined.prefix(limit)) + "…" : joined
    }

    /// A server message made safe to show: no quoted input for a data exception, no bound value, no password.
    static func serverMessage(
        _ message: String, sqlState: String, values: [String], address: PostgresAddress
    ) -> String {
        var text = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        if sqlState.hasPrefix("22") { text = cutQuoted(text) }
        // Values of three characters and more: shorter ones (a 1, a 't') are not secrets and would mangle the text.
        for value in values.sorted(by: { $0.count > $1.count }) where value.count >= 3 {
            text = text.replacing(value, with: "…")
        }
        return address.redact(text)
    }

    /// `text` with the inside of every `"…"` replaced by `…`.
    private static func cutQuoted(_ text: String) -> String {
        var result = ""
        var inside = false
        for character in text {
            if character == "\"" {
                result.append(character)
                if !inside { result.append("…") }
                inside.toggle()
            } else if !inside {
                result.append(character)
            }
        }
        return result
    }
}
