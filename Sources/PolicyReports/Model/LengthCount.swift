/// How many candidates have one exact length (in characters).
package struct LengthCount: Sendable, Equatable, Codable, CountedFigure {
    /// The length in characters.
    package var length: Int
    /// How many candidates have it.
    package var count: Int

    /// Creates a histogram entry.
    package init(length: Int, count: Int) {
        self.length = length
        self.count = count
    }
}
