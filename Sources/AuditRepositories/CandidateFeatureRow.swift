/// The character-class counts of one candidate password, stored instead of the password itself.
///
/// The counts are by Unicode scalar class as the scoring engine defines them; the store only keeps them.
package struct CandidateFeatureRow: Sendable, Equatable {
    /// Password length (in the engine's unit, normally characters).
    package var length: Int
    /// ASCII upper-case letters.
    package var upperCount: Int
    /// ASCII lower-case letters.
    package var lowerCount: Int
    /// Decimal digits.
    package var digitCount: Int
    /// ASCII punctuation and symbols.
    package var specialCount: Int
    /// Letters outside ASCII.
    package var otherLetterCount: Int
    /// Spaces.
    package var spaceCount: Int
    /// Everything else (emoji, controls, …).
    package var otherCount: Int

    /// Creates a row; all counts default to zero.
    package init(
        length: Int, upperCount: Int = 0, lowerCount: Int = 0, digitCount: Int = 0, specialCount: Int = 0,
        otherLetterCount: Int = 0, spaceCount: Int = 0, otherCount: Int = 0
    ) {
        self.length = length
        self.upperCount = upperCount
        self.lowerCount = lowerCount
        self.digitCount = digitCount
        self.specialCount = specialCount
        self.otherLetterCount = otherLetterCount
        self.spaceCount = spaceCount
        self.otherCount = otherCount
    }
}
