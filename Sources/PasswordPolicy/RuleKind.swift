/// What a rule checks, with its parameters (defaults already applied).
public enum RuleKind: Sendable, Equatable {
    /// Length in Unicode scalars after normalization; `max` of `nil` means unbounded; `credits` lower the
    /// required length by characters of some classes (libpwquality's positive credits).
    case length(min: Int, max: Int?, credits: LengthCredits = LengthCredits())
    /// At least `min` scalars of a class or of a custom character set.
    case require(RequiredCharacters, min: Int)
    /// At least `min` of the listed classes present.
    case classes(min: Int, of: [CharacterClass])
    /// No scalar repeated more than `max` times in a row.
    case maxRepeat(max: Int)
    /// No alphabetic, numeric or keyboard-row run longer than `max`.
    case maxSequence(max: Int)
    /// Every scalar belongs to one of `classes` or to `chars`.
    case allowed(classes: [CharacterClass], chars: String)
    /// The whole password (case-folded) is not in the lists, the words or the loaded `files` (sorted by name).
    case blocklist(lists: [String], words: [String], files: [BlocklistFile] = [])
    /// The password (normalized, not case-folded) was seen fewer than `minCount` times in a breach corpus; written
    /// as a `blocklist` rule whose only list is `hibp:PATH` or `hibp-ntlm:PATH`.
    case breached(BreachCorpusReference, minCount: Int)
    /// Microsoft Entra Password Protection's check: after lower-casing and substitutions, banned terms (edit
    /// distance ≤ 1) and the user's and organization's names each score one point, every other character one; the
    /// password passes at `minScore` points.
    case bannedTerms(BannedTerms)
    /// The password does not contain the candidate's username or email local part, or their tokens; with
    /// `substrings`, nor any run of that many characters of the value (libpwquality's `usersubstr`).
    case context(fields: [ContextField], minToken: Int, substrings: Int? = nil)
    /// The password matches (or must not match) a regular expression.
    case pattern(regex: String, must: PatternExpectation, message: String)
    /// No more than `max` characters of one class in a row (libpwquality's `maxclassrepeat`).
    case maxClassRepeat(max: Int)
    /// The password does not read the same backwards (case-folded), as libpwquality always checks.
    case palindrome
    /// The password (case-folded) contains none of `words`, forwards or reversed (libpwquality's `badwords`).
    case forbiddenWords(words: [String])
    /// zxcvbn's estimate of the password as typed, with the candidate's username, email and the policy's
    /// organization as user inputs, reaches a score or a number of guesses (``StrengthThreshold``).
    case strength(StrengthThreshold)

    /// The rule's name as written in policy JSON (`"rule": "…"`).
    public var name: String {
        switch self {
        case .length: return "length"
        case .require: return "require"
        case .classes: return "classes"
        case .maxRepeat: return "max-repeat"
        case .maxSequence: return "max-sequence"
        case .allowed: return "allowed"
        case .blocklist, .breached: return "blocklist"
        case .bannedTerms: return "banned-terms"
        case .context: return "context"
        case .pattern: return "pattern"
        case .maxClassRepeat: return "max-class-repeat"
        case .palindrome: return "palindrome"
        case .forbiddenWords: return "forbidden-words"
        case .strength: return "strength"
        }
    }

    /// The id a rule gets when the policy names none (before duplicate suffixes).
    public var defaultID: String {
        switch self {
        case .require(.named(let cls), _): return "require-\(cls.rawValue)"
        case .require(.chars, _): return "require-chars"
        default: return name
        }
    }
}

/// The characters a `require` rule asks for.
public enum RequiredCharacters: Sendable, Equatable {
    /// A named class such as `upper`.
    case named(CharacterClass)
    /// Any scalar of a custom set, such as `!@#$`.
    case chars(String)
}

/// A candidate field the `context` rule compares the password with.
public enum ContextField: String, Sendable, Equatable, CaseIterable {
    /// The candidate's username.
    case username
    /// The local part (before the last `@`) of the candidate's email address.
    case email
}

/// Whether a `pattern` rule passes when its regular expression matches or when it does not.
public enum PatternExpectation: String, Sendable, Equatable {
    /// The password must match.
    case match
    /// The password must not match.
    case notMatch = "not-match"
}
