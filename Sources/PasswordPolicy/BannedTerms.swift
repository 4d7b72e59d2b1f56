/// The parameters of a `banned-terms` rule: Microsoft Entra Password Protection's evaluation, with the points
/// Microsoft leaves open made explicit (docs/policy-format.md, "`banned-terms`").
public struct BannedTerms: Sendable, Equatable {
    /// How a match of the user's name or the organization counts.
    public enum NameMatch: String, Sendable, Equatable {
        /// Any such match refuses the password (Microsoft's documented outcome for `p0LL23fb`).
        case reject
        /// Such a match scores one point, like a banned term.
        case score
    }

    /// Entra's published substitutions, applied after lower-casing: `0→o`, `1→l`, `$→s`, `@→a`.
    public static let entraSubstitutions: [String: String] = ["0": "o", "1": "l", "$": "s", "@": "a"]
    /// Shortest and longest banned term, in characters after normalization.
    public static let termLengths = 4...16
    /// Names (user, organization) shorter than this are not matched.
    public static let minimumNameLength = 4
    /// The most terms a rule may hold, inline and from its files together. Every term is fuzzy-matched inside every
    /// password, so each check slows with the list (a 1,000-character password takes about 16 ms at this size, 0.2 s
    /// at a million terms); Entra's own custom list holds 1,000. A long list of whole passwords belongs in a
    /// `blocklist` rule, whose lookup costs the same at any size.
    public static let maximumTerms = 100_000

    /// Inline terms, canonical: lowercased, de-duplicated, sorted.
    public var terms: [String]
    /// `file:PATH` lists not loaded yet (sorted); empty once loaded into `files`.
    public var lists: [String]
    /// Loaded term lists, sorted by name.
    public var files: [BlocklistFile]
    /// The organization (tenant) name matched as a substring, if any.
    public var organization: String?
    /// Points a password needs to pass.
    public var minScore: Int
    /// Single-character substitutions applied after lower-casing, from → to.
    public var substitutions: [String: String]
    /// Whether a name match refuses outright or scores.
    public var nameMatch: NameMatch
    /// Candidate fields whose values are the user's name.
    public var fields: [ContextField]

    /// A rule's parameters; `terms` are put in canonical form.
    public init(
        terms: [String], lists: [String] = [], files: [BlocklistFile] = [], organization: String? = nil,
        minScore: Int = 5, substitutions: [String: String] = entraSubstitutions, nameMatch: NameMatch = .reject,
        fields: [ContextField] = ContextField.allCases
    ) {
        self.terms = PolicyParser.canonicalWords(terms)
        self.lists = lists
        self.files = files
        self.organization = organization
        self.minScore = minScore
        self.substitutions = substitutions
        self.nameMatch = nameMatch
        self.fields = fields
    }

    /// Every term the rule bans: inline and from its loaded files.
    public var allTerms: [String] { terms + files.flatMap(\.allWords) }

    var jsonMembers: [String: JSONValue] {
        var members: [String: JSONValue] = [
            "terms": .array(terms.map { .string($0) }), "lists": .array(lists.map { .string($0) }),
            "min-score": .int(minScore), "name-match": .string(nameMatch.rawValue),
            "substitutions": .object(substitutions.mapValues { .string($0) }),
            "fields": .array(fields.map { .string($0.rawValue) }),
        ]
        if let organization { members["organization"] = .string(organization) }
        if !files.isEmpty { members["files"] = .array(files.map(\.jsonValue)) }
        return members
    }
}
