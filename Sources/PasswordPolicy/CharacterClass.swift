/// A named class of Unicode scalars, defined by general category (see docs/policy-format.md).
public enum CharacterClass: String, Sendable, Equatable, CaseIterable, Comparable {
    /// General category Lu or Lt.
    case upper
    /// General category Ll.
    case lower
    /// General category Nd.
    case digit
    /// Printable and not a letter, digit, space or mark: categories P*, S*, Nl, No.
    case special
    /// Any letter: Lu, Ll, Lt, Lm, Lo.
    case letter
    /// General category Zs.
    case space

    /// Orders classes by declaration, which is the canonical order in policy JSON.
    public static func < (lhs: CharacterClass, rhs: CharacterClass) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// A short plural noun for labels and messages ("uppercase letters").
    var pluralNoun: String {
        switch self {
        case .upper: return "uppercase letters"
        case .lower: return "lowercase letters"
        case .digit: return "digits"
        case .special: return "special characters"
        case .letter: return "letters"
        case .space: return "spaces"
        }
    }

    /// A singular noun phrase with its article ("an uppercase letter").
    var singularPhrase: String {
        switch self {
        case .upper: return "an uppercase letter"
        case .lower: return "a lowercase letter"
        case .digit: return "a digit"
        case .special: return "a special character"
        case .letter: return "a letter"
        case .space: return "a space"
        }
    }

    /// Whether a scalar of the given kind belongs to this class.
    func contains(_ kind: ScalarKind) -> Bool {
        switch self {
        case .upper: return kind == .upper
        case .lower: return kind == .lower
        case .digit: return kind == .digit
        case .special: return kind == .special
        case .letter: return kind == .upper || kind == .lower || kind == .otherLetter
        case .space: return kind == .space
        }
    }
}
