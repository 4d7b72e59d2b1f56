/// zxcvbn's feedback: for a score of 2 or less, a warning and suggestions from the longest match of the
/// decomposition (the first of the longest), with "Add another word or two" first.
public struct StrengthFeedback: Sendable, Equatable {
    /// What the warning says, as a stable code (reasons carry the code, never the password).
    public enum Warning: String, Sendable, Equatable, CaseIterable {
        case none = ""
        case straightRow = "straight-row"
        case keyPattern = "key-pattern"
        case simpleRepeat = "simple-repeat"
        case extendedRepeat = "extended-repeat"
        case sequence = "sequence"
        case recentYear = "recent-year"
        case date = "date"
        case topTen = "top-10"
        case topHundred = "top-100"
        case common = "common"
        case similarToCommon = "similar-to-common"
        case wordByItself = "word-by-itself"
        case namesByThemselves = "names-by-themselves"
        case commonNames = "common-names"

        /// zxcvbn's English text of the warning.
        public var text: String {
            switch self {
            case .none: ""
            case .straightRow: "Straight rows of keys are easy to guess."
            case .keyPattern: "Short keyboard patterns are easy to guess."
            case .simpleRepeat: "Repeats like \"aaa\" are easy to guess."
            case .extendedRepeat: "Repeats like \"abcabcabc\" are only slightly harder to guess than \"abc\"."
            case .sequence: "Sequences like \"abc\" or \"6543\" are easy to guess."
            case .recentYear: "Recent years are easy to guess."
            case .date: "Dates are often easy to guess."
            case .topTen: "This is a top-10 common password."
            case .topHundred: "This is a top-100 common password."
            case .common: "This is a very common password."
            case .similarToCommon: "This is similar to a commonly used password."
            case .wordByItself: "A word by itself is easy to guess."
            case .namesByThemselves: "Names and surnames by themselves are easy to guess."
            case .commonNames: "Common names and surnames are easy to guess."
            }
        }
    }

    /// The warning (`.none` when there is nothing to warn about).
    public var warning: Warning
    /// zxcvbn's suggestions, in its order and words.
    public var suggestions: [String]

    public init(warning: Warning, suggestions: [String]) {
        self.warning = warning
        self.suggestions = suggestions
    }

    /// zxcvbn's `get_feedback` for a score and a decomposition.
    public init(score: Int, sequence: [StrengthMatch]) {
        if sequence.isEmpty {
            self.init(
                warning: .none,
                suggestions: [
                    "Use a few words, avoid common phrases.", "No need for symbols, digits, or uppercase letters.",
                ])
            return
        }
        if score > 2 {
            self.init(warning: .none, suggestions: [])
            return
        }
        var longest = sequence[0]
        for match in sequence.dropFirst() where match.length > longest.length { longest = match }
        let extra = "Add another word or two. Uncommon words are better."
        if let feedback = Self.feedback(for: longest, isSoleMatch: sequence.count == 1) {
            self.init(warning: feedback.warning, suggestions: [extra] + feedback.suggestions)
        } else {
            self.init(warning: .none, suggestions: [extra])
        }
    }

    private static func feedback(for match: StrengthMatch, isSoleMatch: Bool) -> StrengthFeedback? {
        switch match.pattern {
        case .dictionary(let detail):
            return dictionaryFeedback(match, detail, isSoleMatch: isSoleMatch)
        case .spatial(_, let turns, _):
            return StrengthFeedback(
                warning: turns == 1 ? .straightRow : .keyPattern,
                suggestions: ["Use a longer keyboard pattern with more turns."])
        case .repeat(let baseToken, _, _, _):
            return StrengthFeedback(
                warning: baseToken.unicodeScalars.count == 1 ? .simpleRepeat : .extendedRepeat,
                suggestions: ["Avoid repeated words and characters."])
        case .sequence:
            return StrengthFeedback(warning: .sequence, suggestions: ["Avoid sequences."])
        case .recentYear:
            return StrengthFeedback(
                warning: .recentYear,
                suggestions: ["Avoid recent years.", "Avoid years that are associated with you."])
        case .date:
            return StrengthFeedback(
                warning: .date, suggestions: ["Avoid dates and years that are associated with you."])
        case .bruteforce:
            return nil
        }
    }

    private static func dictionaryFeedback(
        _ match: StrengthMatch, _ detail: DictionaryMatch, isSoleMatch: Bool
    ) -> StrengthFeedback {
        var warning = Warning.none
        switch detail.dictionaryName {
        case "passwords":
            if isSoleMatch && !detail.isL33t && !detail.reversed {
                warning = detail.rank <= 10 ? .topTen : detail.rank <= 100 ? .topHundred : .common
            } else if match.guessesLog10 <= 4 {
                warning = .similarToCommon
            }
        case "english_wikipedia":
            if isSoleMatch { warning = .wordByItself }
        case "surnames", "male_names", "female_names":
            warning = isSoleMatch ? .namesByThemselves : .commonNames
        default:
            break
        }
        var suggestions: [String] = []
        let word = Array(match.token.unicodeScalars)
        let uppers = word.indices.filter { ScalarText.isASCIIUpper(word[$0]) }
        if word.count >= 2 && uppers == [0] {
            suggestions.append("Capitalization doesn't help very much.")
        } else if !word.isEmpty && !word.contains(where: ScalarText.isASCIILower) && ScalarText.lowered(word) != word {
            suggestions.append("All-uppercase is almost as easy to guess as all-lowercase.")
        }
        if detail.reversed && word.count >= 4 { suggestions.append("Reversed words aren't much harder to guess.") }
        if detail.isL33t {
            suggestions.append("Predictable substitutions like '@' instead of 'a' don't help very much.")
        }
        return StrengthFeedback(warning: warning, suggestions: suggestions)
    }
}
