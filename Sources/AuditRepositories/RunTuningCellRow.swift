/// Per run and scored version, the candidates sharing one tuning key (`run_tuning_cell`, schema 13): the rules of the
/// version they fail, their length as its length rule counts it, the character classes present as its mode counts
/// them and their strength score. `pwaudit tune` sums these rows to count any variant of the version those features
/// decide, without the passwords.
package struct RunTuningCellRow: Sendable, Equatable, Hashable {
    /// Lengths above this are stored as this (a variant's minimum length is at most this).
    package static let maximumLength = 255

    /// The policy version.
    package var policyVersionID: Int64
    /// Bit `i` set when the candidates fail the version's rule `i`.
    package var failedMask: UInt64
    /// The length the version's length rule compares with its minimum (`TuningFeatures.length`: credits included, 0
    /// when over its maximum), at most `maximumLength`.
    package var length: Int
    /// Bit `i` when a character of `CharacterClass.allCases[i]` is present (`TuningFeatures.classes`).
    package var classes: Int
    /// zxcvbn's score (0-4) when the run stored estimates, else nil.
    package var strengthScore: Int?
    /// The candidates with this key.
    package var count: Int

    /// Creates a row.
    package init(
        policyVersionID: Int64, failedMask: UInt64, length: Int, classes: Int, strengthScore: Int?, count: Int
    ) {
        self.policyVersionID = policyVersionID
        self.failedMask = failedMask
        self.length = length
        self.classes = classes
        self.strengthScore = strengthScore
        self.count = count
    }
}
