/// Read-only SQL as `AuditQuery` runs it: one statement, reading only, within limits, its rows handed on as they come.
package protocol QueryRunner {
    /// Runs `sql` (one statement that only reads) within `limits`, handing `receiver` the column names and then each
    /// row as the store produces it: no more than one row is held at a time, so memory stays flat in the row count.
    ///
    /// An error `receiver` throws stops the statement and is rethrown as it is.
    /// - Throws: An error saying what was refused (a write, a change of the store's settings, a second statement),
    ///   that the statement is invalid or failed, that it ran past the deadline, produced a value longer than the
    ///   limit or needed more memory than allowed; or what `receiver` threw.
    ///
    /// `parameters` give the statement's `:NAME` parameters their values, bound by the store (never spliced into the
    /// text); the statement must use every one, and have no other parameter (`QueryParameters`).
    func run(
        _ sql: String, parameters: QueryParameters, limits: QueryLimits, into receiver: any QueryRowReceiver
    ) throws
}

extension QueryRunner {
    /// Runs `sql`, which has no parameters.
    package func run(_ sql: String, limits: QueryLimits, into receiver: any QueryRowReceiver) throws {
        try run(sql, parameters: .none, limits: limits, into: receiver)
    }
}
