import PasswordPolicy

/// The attributes of one policy that the standards' clauses read (standards.md §9), derived once from what the engine
/// says its rules enforce under the policy's evaluation mode (``PolicyEnforcement``) and from the lifecycle facts.
package struct PolicyFacts: Sendable, Equatable {
    /// The length rules refuse every password of fewer code points (0 without a length rule); in pwquality mode, which
    /// counts bytes, four-byte characters reach a minimum in a quarter of its figure.
    package var minLength: Int
    /// Every password of at most this many code points passes the length caps; nil when no rule caps the length.
    package var maxLength: Int?
    /// Every password of more code points is refused by a cap; nil when no rule caps the length.
    package var lengthCap: Int?
    /// What the length rules count, and whether the verdict depends on the code point count alone.
    package var lengthUnit: PolicyEnforcement.LengthUnit
    package var countsCodePoints: Bool
    /// The largest `length` minimum and the smallest maximum as written, in ``lengthUnit``.
    package var declaredMinLength: Int
    package var declaredMaxLength: Int?
    /// The evaluation mode.
    package var evaluation: EvaluationMode
    /// The declared `usage`; nil when the policy does not say.
    package var usage: PolicyUsage?
    /// The normalization every rule reads the password in (`none` when some rule reads it as typed).
    package var normalization: Normalization
    /// The normalization the policy declares.
    package var declaredNormalization: Normalization
    /// Ids of the rules that can refuse a password for its composition (`require`, `classes`, `max-repeat`,
    /// `max-sequence`, `max-class-repeat`, a `pattern` that must match, a `length` with credits), in policy order.
    package var compositionRuleIDs: [String]
    /// Whether every accepted password must hold a letter.
    package var requiresLetter: Bool
    /// Whether every accepted password must hold a digit.
    package var requiresDigit: Bool
    /// Whether every accepted password must hold a character that is not a letter.
    package var requiresNonLetter: Bool
    /// Ids of the `blocklist` rules.
    package var blocklistRuleIDs: [String]
    /// Distinct entries of all blocklist rules together.
    package var blocklistEntries: Int
    /// Blocklist entries that the policy's other rules (all but `blocklist` and `context`) would accept: ASVS
    /// 6.2.4's "passwords which match the policy".
    package var blocklistEntriesMatchingPolicy: Int
    /// The built-in lists the blocklists use (`builtin:top-10k`, `builtin:common`: heads of zxcvbn's list of the
    /// most common leaked passwords), largest first, each once.
    package var builtinLists: [BuiltinBlocklist]
    /// Whether a blocklist uses a built-in list.
    package var usesBuiltinCommon: Bool { !builtinLists.isEmpty }
    /// Whether a blocklist holds a loaded file list (its provenance is not known to pwaudit).
    package var usesFileList: Bool
    /// Ids of the `blocklist` rules over a breach corpus (`hibp:`, `hibp-ntlm:`), and their lists.
    package var breachCorpusRuleIDs: [String] = []
    package var breachCorpusLists: [String] = []
    /// The `strength` rules, each as its id and threshold: `r4 (zxcvbn score ≥ 3)`.
    package var strengthRules: [String]
    /// Inline blocklist `words` (the organisation's own context words: product, company, team names).
    package var inlineWords: Int
    /// The fields a `context` rule compares the password with; empty without one.
    package var contextFields: [ContextField]
    /// Id of the `allowed` rule that restricts characters, if any.
    package var allowedRuleID: String?
    /// Whether every printable ASCII character (U+0021…U+007E) is accepted.
    package var acceptsPrintableASCII: Bool
    /// Whether the space U+0020 is accepted.
    package var acceptsSpace: Bool
    /// Whether letters beyond ASCII (é, ß, 中) are accepted.
    package var acceptsUnicode: Bool
    /// Whether emoji and other non-ASCII symbols are accepted.
    package var acceptsEmoji: Bool
    /// `max-age-days`: 0 = passwords do not expire; nil = not declared.
    package var maxAgeDays: Int?
    /// `history`: previous passwords refused; nil = not declared.
    package var history: Int?
    /// `lockout-threshold`: failed attempts before lockout; nil = not declared.
    package var lockoutThreshold: Int?
    /// The facts declared under the policy file's `compliance` key.
    package var declared: DeclaredContext

    /// `compliance.asvs-level`; nil = not declared.
    package var asvsLevel: Int? { declared.asvsLevel }

    /// Whether the password is the only factor: `usage` single-factor, or not declared (NIST 800-63B-4 §3.1.1.2: the
    /// 8-character floor is only for passwords used *only* inside multi-factor authentication).
    package var isSoleFactor: Bool { usage != .multiFactor }

    /// The facts of `policy`.
    package init(_ policy: PasswordPolicy) {
        let rules = policy.rules
        let enforced = policy.enforcement
        minLength = enforced.minimumCodePoints
        maxLength = enforced.permittedCodePoints
        lengthCap = enforced.refusedAboveCodePoints
        lengthUnit = enforced.lengthUnit
        countsCodePoints = enforced.countsCodePoints
        declaredMinLength = enforced.declaredMinimum
        declaredMaxLength = enforced.declaredMaximum
        evaluation = policy.evaluation
        usage = policy.usage
        normalization = enforced.normalization
        declaredNormalization = policy.normalization
        compositionRuleIDs = enforced.compositionRuleIDs
        requiresLetter = enforced.guarantees(oneOf: Self.letterKinds)
        requiresDigit = enforced.guarantees(oneOf: [.digit])
        requiresNonLetter = enforced.guarantees(oneOf: Set(ScalarKind.allCases).subtracting(Self.letterKinds))
        let blocklists = rules.filter { if case .blocklist = $0.kind { true } else { false } }
        blocklistRuleIDs = blocklists.map(\.id)
        for rule in rules {
            guard case .breached(let corpus, _) = rule.kind else { continue }
            breachCorpusRuleIDs.append(rule.id)
            breachCorpusLists.append(corpus.listName)
        }
        let entries = Self.distinctEntries(blocklists.flatMap(\.kind.blocklistSources))
        blocklistEntries = entries.count
        blocklistEntriesMatchingPolicy = Self.entriesMatching(policy, entries: entries, minLength: minLength)
        builtinLists = BuiltinBlocklist.named(
            in: blocklists.flatMap { rule -> [String] in
                if case .blocklist(let lists, _, _) = rule.kind { return lists }
                return []
            })
        usesFileList = blocklists.contains {
            if case .blocklist(let lists, _, let files) = $0.kind {
                !files.isEmpty || lists.contains { $0.hasPrefix("file:") }
            } else {
                false
            }
        }
        strengthRules = rules.compactMap { rule in
            switch rule.kind {
            case .strength(.minScore(let score)): "\(rule.id) (zxcvbn score ≥ \(score))"
            case .strength(.minGuessesLog10(let log10)): "\(rule.id) (zxcvbn guesses ≥ 10^\(log10))"
            default: nil
            }
        }
        inlineWords = blocklists.reduce(0) {
            if case .blocklist(_, let words, _) = $1.kind { $0 + words.count } else { $0 }
        }
        contextFields = rules.reduce(into: []) { fields, rule in
            if case .context(let named, _, _) = rule.kind { fields += named.filter { !fields.contains($0) } }
        }
        let characters = CharacterAcceptance(rules, mode: policy.evaluation)
        allowedRuleID = characters.ruleID
        acceptsPrintableASCII = characters.acceptsPrintableASCII
        acceptsSpace = characters.accepts(" ")
        acceptsUnicode = characters.acceptsNonASCIILetters
        acceptsEmoji = characters.acceptsNonASCIISymbols
        maxAgeDays = policy.maxAgeDays
        history = policy.history
        lockoutThreshold = policy.lockoutThreshold
        declared = policy.declared
    }

    /// The kinds a standard calls letters: general categories L* (upper, lower, title, modifier and other letters).
    private static let letterKinds: Set<ScalarKind> = [.upper, .lower, .otherLetter]

    /// The entries of all `sources` (each distinct within itself, byte for byte), each once as strings compare them
    /// (canonical equivalence: NFC and NFD spellings are one entry): a single all-ASCII source as it is, where bytes
    /// and strings agree, so a million-entry list is counted without hashing it; anything else through a set.
    private static func distinctEntries(_ sources: [[String]]) -> [String] {
        if sources.count <= 1, sources.first?.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) ?? true {
            return sources.first ?? []
        }
        var entries = Set<String>(minimumCapacity: sources.reduce(0) { $0 + $1.count })
        for source in sources { entries.formUnion(source) }
        return Array(entries)
    }

    /// How many of `entries` the policy's rules other than `blocklist` and `context` accept.
    private static func entriesMatching(_ policy: PasswordPolicy, entries: [String], minLength: Int) -> Int {
        var others = policy
        others.rules = policy.rules.filter {
            switch $0.kind {
            case .blocklist, .breached, .bannedTerms, .context: false
            default: true
            }
        }
        guard !entries.isEmpty else { return 0 }
        guard !others.rules.isEmpty, let compiled = try? CompiledPolicy(others) else {
            return entries.filter { $0.unicodeScalars.count >= minLength }.count
        }
        return entries.reduce(0) { $0 + (compiled.failureMask(Candidate(password: $1)).isEmpty ? 1 : 0) }
    }
}
