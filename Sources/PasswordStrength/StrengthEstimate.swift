/// How guessable a password is, as zxcvbn estimates it.
public struct StrengthEstimate: Sendable, Equatable {
    /// Guesses an attacker needs under zxcvbn's model (its `guesses`).
    public var guesses: Double
    /// `log10` of `guesses` (zxcvbn's `guesses_log10`).
    public var guessesLog10: Double
    /// 0 (too guessable) to 4 (very unguessable), by zxcvbn's thresholds on `guesses`.
    public var score: Int
    /// The cheapest decomposition of the password, in order (empty for an empty password).
    public var sequence: [StrengthMatch]
    /// A warning and suggestions from the dominant match, as zxcvbn gives them.
    public var feedback: StrengthFeedback

    /// zxcvbn's score for a number of guesses: below 10³+5 is 0, 10⁶+5 is 1, 10⁸+5 is 2, 10¹⁰+5 is 3, else 4.
    public static func score(forGuesses guesses: Double) -> Int {
        let delta = 5.0
        if guesses < 1e3 + delta { return 0 }
        if guesses < 1e6 + delta { return 1 }
        if guesses < 1e8 + delta { return 2 }
        if guesses < 1e10 + delta { return 3 }
        return 4
    }
}
