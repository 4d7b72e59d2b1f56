/// Inserts rows in multi-row `INSERT … VALUES (…), (…), …` statements, the heart of `AttemptWriter`'s speed.
///
/// SQLite's fixed cost per statement execution (cursor open/close, VDBE halt) dominates narrow rows, so binding
/// many rows into one statement (<https://www.sqlite.org/lang_insert.html>) cuts insert time several-fold. A full
/// statement of `rowsPerStatement` rows is prepared once; a remainder uses a one-row statement.
final class MultiRowInsert {
    /// Number of `?` parameters per row.
    let columns: Int32
    /// Rows bound into one execution of the full statement.
    let rowsPerStatement: Int
    private let full: Statement
    private let single: Statement

    init(database: Database, head: String, columns: Int32, rowsPerStatement: Int) throws(SQLiteError) {
        self.columns = columns
        self.rowsPerStatement = rowsPerStatement
        let row = "(" + Array(repeating: "?", count: Int(columns)).joined(separator: ",") + ")"
        full = try database.makeStatement(
            head + " VALUES "
                + Array(repeating: row, count: rowsPerStatement)
                .joined(separator: ","))
        single = try database.makeStatement(head + " VALUES " + row)
    }

    /// Inserts `count` rows; `bind(statement, rowIndex, firstParameterIndex)` binds row `rowIndex`.
    func insert(count: Int, bind: (Statement, Int, Int32) -> Void) throws(SQLiteError) {
        var row = 0
        while count - row >= rowsPerStatement {
            for offset in 0..<rowsPerStatement { bind(full, row + offset, Int32(offset) * columns + 1) }
            try full.execute()
            row += rowsPerStatement
        }
        while row < count {
            bind(single, row, 1)
            try single.execute()
            row += 1
        }
    }

    /// Clears both statements' bindings, e.g. after binding borrowed buffers that are about to go.
    func clearBindings() {
        full.reset(clearBindings: true)
        single.reset(clearBindings: true)
    }
}
