/// The result of one read-only query: column names and rows of values, as SQLite returned them.
package struct QueryRows: Sendable, Equatable {
    /// The result's column names, left to right.
    package var columns: [String]
    /// The rows; each has one value per column.
    package var rows: [[SQLValue]]

    /// Creates a result.
    package init(columns: [String], rows: [[SQLValue]]) {
        self.columns = columns
        self.rows = rows
    }
}
