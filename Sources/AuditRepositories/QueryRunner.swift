/// Read-only SQL as `AuditQuery` runs it: one statement, reading only, within a time limit.
package protocol QueryRunner {
    /// Runs `sql` (one statement that only reads), stopping it after `timeoutSeconds`.
    /// - Throws: An error saying what was refused (a write, a pragma, a second statement), that the statement is
    ///   invalid or failed, or that it ran past the limit.
    func run(_ sql: String, timeoutSeconds: Double) throws -> QueryRows
}
