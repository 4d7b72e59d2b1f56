/// Per run: how many source rows were rejected for a reason code.
package struct RunRejectSummaryRow: Sendable, Equatable {
    /// The reason code, e.g. `missing-password`.
    package var reason: String
    /// Rows rejected for it.
    package var count: Int

    /// Creates a row.
    package init(reason: String, count: Int) {
        self.reason = reason
        self.count = count
    }
}
