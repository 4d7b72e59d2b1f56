/// What a `strength` rule asks of zxcvbn's estimate: exactly one of a score or a number of guesses.
public enum StrengthThreshold: Sendable, Equatable {
    /// The score (0-4) is at least this (1-4): `"min-score"`.
    case minScore(Int)
    /// The base-10 logarithm of the estimated guesses is at least this (1-100): `"min-guesses-log10"`.
    case minGuessesLog10(Int)

    /// The threshold's key in policy JSON.
    public var key: String {
        switch self {
        case .minScore: "min-score"
        case .minGuessesLog10: "min-guesses-log10"
        }
    }

    /// The threshold's value.
    public var value: Int {
        switch self {
        case .minScore(let score): score
        case .minGuessesLog10(let log10): log10
        }
    }
}
