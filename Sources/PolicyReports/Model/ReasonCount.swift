/// How many rows an import rejected for one reason (a reason code such as `empty_password`).
package struct ReasonCount: Sendable, Equatable, Codable, CountedFigure {
    /// The rejection reason code.
    package var reason: String
    /// How many rows were rejected for it.
    package var count: Int

    /// Creates a reason count.
    package init(reason: String, count: Int) {
        self.reason = reason
        self.count = count
    }
}
