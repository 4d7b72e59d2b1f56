/// How many candidates use exactly one combination of character classes (`lower+digit`).
package struct ClassCount: Sendable, Equatable, Codable, CountedFigure {
    /// The classes present, joined by `+` (`lower+digit`).
    package var classes: String
    /// How many candidates use exactly these classes.
    package var count: Int

    /// Creates a class-composition entry.
    package init(classes: String, count: Int) {
        self.classes = classes
        self.count = count
    }
}
