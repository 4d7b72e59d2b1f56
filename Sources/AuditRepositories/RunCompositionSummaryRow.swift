/// Per run: how many candidates have a given character-class composition (e.g. `lower+digit`).
package struct RunCompositionSummaryRow: Sendable, Equatable {
    /// The composition label chosen by the importer.
    package var composition: String
    /// Candidates with that composition.
    package var count: Int

    /// Creates a row.
    package init(composition: String, count: Int) {
        self.composition = composition
        self.count = count
    }
}
