/// Per run: how many candidates have a given password length.
package struct RunLengthSummaryRow: Sendable, Equatable {
    /// Password length.
    package var length: Int
    /// Candidates of that length.
    package var count: Int

    /// Creates a row.
    package init(length: Int, count: Int) {
        self.length = length
        self.count = count
    }
}
