/// One piece of a password's cheapest decomposition, or a candidate piece a matcher found: the scalars
/// `start...end` (offsets in Unicode scalars, as zxcvbn's `i` and `j`), what kind of pattern they form, and the
/// guesses an attacker needs for them.
public struct StrengthMatch: Sendable, Equatable {
    /// Offset of the first Unicode scalar of the token (zxcvbn's `i`).
    public var start: Int
    /// Offset of the last Unicode scalar of the token, inclusive (zxcvbn's `j`).
    public var end: Int
    /// The token's scalars, as typed. A part of the password: callers must not store or print it.
    public var token: String
    /// The kind of pattern and what it carries.
    public var pattern: StrengthPattern
    /// Guesses for this token (zxcvbn's `guesses`, after the submatch floor); 0 until estimated.
    public var guesses: Double = 0

    /// `log10` of `guesses`.
    public var guessesLog10: Double { guesses > 0 ? log10Value(guesses) : 0 }

    /// The token's length in Unicode scalars.
    public var length: Int { end - start + 1 }
}

/// The kinds of pattern zxcvbn recognises, with what scoring and feedback need of each.
public enum StrengthPattern: Sendable, Equatable {
    /// A word of a ranked list (or of the user's inputs), maybe reversed or with l33t substitutions.
    case dictionary(DictionaryMatch)
    /// A keyboard walk on one of the adjacency graphs.
    case spatial(graph: String, turns: Int, shiftedCount: Int)
    /// A token repeated `repeatCount` times (`baseGuesses` are the guesses of one copy).
    case `repeat`(baseToken: String, baseGuesses: Double, repeatCount: Double, baseMatches: [StrengthMatch])
    /// Code points with a constant step (`abc`, `9753`).
    case sequence(name: String, space: Int, ascending: Bool)
    /// A recent year (`19xx`, `200x`, `201x`), zxcvbn's only regex.
    case recentYear(year: Int)
    /// A day, month and year, with or without a separator.
    case date(year: Int, month: Int, day: Int, separator: String)
    /// What no matcher explains: 10 guesses a scalar.
    case bruteforce
}

/// A dictionary match's details.
public struct DictionaryMatch: Sendable, Equatable {
    /// The list's name as zxcvbn names it (`passwords`, `english_wikipedia`, …, `user_inputs`).
    public var dictionaryName: String
    /// The word as listed (lower case, substitutions undone).
    public var matchedWord: String
    /// Its 1-based rank in the list.
    public var rank: Int
    /// Whether the token is the word reversed.
    public var reversed: Bool
    /// The substitutions in use (typed character → letter), empty when none: zxcvbn's `sub`, in its order.
    public var substitutions: [(typed: Unicode.Scalar, letter: Unicode.Scalar)]

    /// Whether the token uses l33t substitutions.
    public var isL33t: Bool { !substitutions.isEmpty }

    public static func == (lhs: DictionaryMatch, rhs: DictionaryMatch) -> Bool {
        lhs.dictionaryName == rhs.dictionaryName && lhs.matchedWord == rhs.matchedWord && lhs.rank == rhs.rank
            && lhs.reversed == rhs.reversed
            && lhs.substitutions.map(\.typed) == rhs.substitutions.map(\.typed)
            && lhs.substitutions.map(\.letter) == rhs.substitutions.map(\.letter)
    }
}

extension StrengthPattern {
    /// zxcvbn's name of the pattern (`dictionary`, `spatial`, `repeat`, `sequence`, `regex`, `date`,
    /// `bruteforce`).
    public var kind: String {
        switch self {
        case .dictionary: "dictionary"
        case .spatial: "spatial"
        case .repeat: "repeat"
        case .sequence: "sequence"
        case .recentYear: "regex"
        case .date: "date"
        case .bruteforce: "bruteforce"
        }
    }
}
