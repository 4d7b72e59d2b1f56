/// What a `QueryRunner` hands a query's result to, as it is produced: the column names once, then each row in turn.
package protocol QueryRowReceiver: AnyObject {
    /// Takes the result's column names, left to right (as the store names them: `count(*)`, or the `AS` alias); called
    /// once, before any row.
    /// - Throws: Any error, which stops the query.
    func receive(columns: [String]) throws

    /// Takes one row: one value per column. The runner keeps no reference to it.
    /// - Throws: Any error, which stops the query (a failed write of the output, say).
    func receive(row: [SQLValue]) throws
}
