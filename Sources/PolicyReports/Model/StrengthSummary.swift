/// How guessable a version's candidates are, by zxcvbn's score: per score 0-4, the run's candidates and those of them
/// that unlock the reset under the version, and how many unlocking candidates score 2 or less ("passes the policy,
/// guessable anyway"). Counts only: no password, no estimate of any one candidate.
package struct StrengthSummary: Sendable, Equatable, Codable {
    /// The highest score counted as guessable (zxcvbn's 0-2: under 10⁸ guesses).
    package static let guessableScore = 2

    /// One score's counts.
    package struct Score: Sendable, Equatable, Codable {
        /// 0 (too guessable) to 4 (very unguessable).
        package var score: Int
        /// Candidates with the score.
        package var candidates: Int
        /// Those of them that unlock the reset under the version.
        package var unlocked: Int

        /// Creates a score's counts.
        package init(score: Int, candidates: Int, unlocked: Int) {
            self.score = score
            self.candidates = candidates
            self.unlocked = unlocked
        }
    }

    /// The five scores, 0 first.
    package var scores: [Score]

    /// Creates a summary; scores missing from `scores` count zero, so there are always five, in order.
    package init(scores: [Score]) {
        self.scores = (0...4).map { score in
            scores.first { $0.score == score } ?? Score(score: score, candidates: 0, unlocked: 0)
        }
    }

    /// Candidates with an estimate.
    package var candidates: Int { scores.reduce(0) { $0 + $1.candidates } }
    /// Of them, those that unlock the reset.
    package var unlocked: Int { scores.reduce(0) { $0 + $1.unlocked } }
    /// Unlocking candidates scoring `guessableScore` or less.
    package var unlockedGuessable: Int { scores.prefix(Self.guessableScore + 1).reduce(0) { $0 + $1.unlocked } }
    /// Their share of the unlocking candidates.
    package var unlockedGuessableShare: Percentage { Percentage(unlockedGuessable, of: unlocked) }

    /// `2,104 of 31,200 unlocking candidates (6.7%) score 2 or less: they pass the policy, guessable anyway`.
    package var headline: String {
        "\(ReportNumber.grouped(unlockedGuessable)) of \(ReportNumber.grouped(unlocked)) unlocking candidates "
            + "(\(unlockedGuessableShare)) score \(Self.guessableScore) or less: they pass the policy, guessable anyway"
    }

    private enum CodingKeys: String, CodingKey {
        case byScore = "by_score"
        case unlockedGuessable = "unlocked_guessable"
    }

    private enum ScoreKeys: String, CodingKey {
        case score, candidates, unlocked
        case candidatesPercent = "candidates_percent"
        case unlockedPercent = "unlocked_percent"
    }

    /// Decodes a summary from its scores (percentages are derived again).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .byScore)
        var scores: [Score] = []
        while !list.isAtEnd {
            let score = try list.nestedContainer(keyedBy: ScoreKeys.self)
            scores.append(
                Score(
                    score: try score.decode(Int.self, forKey: .score),
                    candidates: try score.decode(Int.self, forKey: .candidates),
                    unlocked: try score.decode(Int.self, forKey: .unlocked)))
        }
        self.init(scores: scores)
    }

    /// Encodes `by_score` (each score's candidates with their share of all estimated candidates, and its unlocking
    /// ones with their share of all unlocking ones) and `unlocked_guessable` (count and percent of the unlocking).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var list = container.nestedUnkeyedContainer(forKey: .byScore)
        let (all, unlockedAll) = (candidates, unlocked)
        for score in scores {
            var entry = list.nestedContainer(keyedBy: ScoreKeys.self)
            try entry.encode(score.score, forKey: .score)
            try entry.encode(score.candidates, forKey: .candidates)
            try entry.encode(Percentage(score.candidates, of: all).rounded2, forKey: .candidatesPercent)
            try entry.encode(score.unlocked, forKey: .unlocked)
            try entry.encode(Percentage(score.unlocked, of: unlockedAll).rounded2, forKey: .unlockedPercent)
        }
        try container.encode(EncodedShare(unlockedGuessable, of: unlockedAll), forKey: .unlockedGuessable)
    }
}

/// How the strength of the unlocking candidates moves between two versions of a comparison (`compare`): each
/// version's strength figures on the same candidates.
package struct StrengthMovement: Sendable, Equatable {
    /// Under version A.
    package var a: StrengthSummary
    /// Under version B.
    package var b: StrengthSummary

    /// Creates a movement.
    package init(a: StrengthSummary, b: StrengthSummary) {
        self.a = a
        self.b = b
    }
}
