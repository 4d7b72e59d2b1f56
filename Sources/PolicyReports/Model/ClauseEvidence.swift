/// One clause's figure from a run: how many candidates a compliant minimum would block, or the blocklist refused.
package struct ClauseEvidence: Sendable, Equatable, Codable {
    /// What the figure counts.
    package enum Kind: String, Sendable, Equatable, Codable {
        /// Candidates shorter than the clause's minimum: what a compliant minimum would block.
        case shorterThanMinimum = "shorter-than-minimum"
        /// Candidates the version's blocklist rules refused.
        case blocklistRefusals = "blocklist-refusals"
        /// Of the candidates that unlock the reset under the version, those zxcvbn scores 2 or less (stored strength).
        case guessableUnlocking = "guessable-unlocking"
        /// Of the run's candidates, those zxcvbn scores 2 or less (stored strength; the run did not score the version).
        case guessableCandidates = "guessable-candidates"
    }

    /// The clause id.
    package var clause: String
    /// What is counted.
    package var kind: Kind
    /// The count.
    package var count: Int
    /// Out of how many candidates.
    package var total: Int
    /// The minimum length, for `shorterThanMinimum`.
    package var minimum: Int?

    /// Creates a figure.
    package init(clause: String, kind: Kind, count: Int, total: Int, minimum: Int? = nil) {
        self.clause = clause
        self.kind = kind
        self.count = count
        self.total = total
        self.minimum = minimum
    }

    /// The figure as a phrase: "1,234 of 10,000 (12.34%) shorter than 15", "… refused by the blocklist", "… unlocking
    /// candidates score 2 or less of 4 (zxcvbn, stored strength)".
    package var phrase: String {
        let share = "\(ReportNumber.grouped(count)) of \(ReportNumber.grouped(total)) (\(Percentage(count, of: total)))"
        return switch kind {
        case .shorterThanMinimum: "\(share) shorter than \(minimum ?? 0)"
        case .blocklistRefusals: "\(share) refused by the blocklist"
        case .guessableUnlocking: "\(share) unlocking candidates score 2 or less of 4 (zxcvbn, stored strength)"
        case .guessableCandidates: "\(share) candidates score 2 or less of 4 (zxcvbn, stored strength)"
        }
    }
}
