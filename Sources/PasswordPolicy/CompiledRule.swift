import PolicyPattern

/// A rule lowered to plain values for the hot loop; sets, tables and regexes live in ``RuleProgram`` side tables.
enum CompiledRule: Sendable {
    case length(min: Int, max: Int)
    /// `credits` packs the upper, lower, digit and special credits as 16-bit lanes (see ``CreditLanes``).
    case creditedLength(min: Int, max: Int, credits: UInt64)
    case require(CharacterClass, min: Int)
    /// `set` indexes ``RuleProgram/scalarSets``.
    case requireChars(set: Int, min: Int)
    /// `of` holds one bit per ``CharacterClass`` case index.
    case classes(min: Int, of: UInt8)
    case maxRepeat(max: Int)
    case maxSequence(max: Int)
    /// `kinds` holds one bit per allowed ``ScalarKind``; `extra` indexes ``RuleProgram/scalarSets``;
    /// `asciiLow`/`asciiHigh` are the allowed ASCII bitmap.
    case allowed(kinds: UInt8, extra: Int, asciiLow: UInt64, asciiHigh: UInt64)
    /// `builtin` is 0 (no built-in list), 1 (`builtin:common`) or 2 (`builtin:top-10k`, which holds the other);
    /// `custom` indexes the first of `count` tables in ``RuleProgram/blocklists``, or is -1.
    case blocklist(builtin: Int, custom: Int, count: Int)
    /// `source` indexes ``RuleProgram``'s blocklist sources; fails at `minCount` sightings or more.
    case breached(source: Int, minCount: Int)
    /// `matcher` indexes ``RuleProgram``'s banned-terms matchers.
    case bannedTerms(matcher: Int)
    /// Fields are checked username first, then email; `substrings` 0 means none.
    case context(username: Bool, email: Bool, minToken: Int, substrings: Int)
    /// `matcher` indexes ``RuleProgram/patterns``.
    case pattern(matcher: Int, must: PatternExpectation)
    case maxClassRepeat(max: Int)
    case palindrome
    /// `list` indexes ``RuleProgram/wordLists``.
    case forbiddenWords(list: Int)
    /// `minScore` 0 means none; `minLog10` 0 means none; the policy's organization (a user input) is the
    /// evaluator's ``RuleEvaluator/organization``, so this enum stays trivial: copying a rule in the hot loop is a
    /// plain move, with no retain, release or outlined copy.
    case strength(minScore: Int, minLog10: Int)
}

/// Side tables collected while lowering rules.
struct RuleSideTables {
    var scalarSets: [ScalarSet] = []
    var blocklists: [BlocklistTable] = []
    var patterns: [PatternMatcher] = []
    /// The opened breach corpora the policy may name, and those its rules use (in ``CompiledRule/breached`` order).
    var availableSources: [BreachCorpusReference: any BlocklistSource] = [:]
    var sources: [any BlocklistSource] = []
    var bannedTerms: [BannedTermsMatcher] = []
    var wordLists: [ForbiddenWordList] = []
    /// The policy's evaluation mode (Apple's classes change what `allowed` accepts).
    var mode: EvaluationMode = .unicode
    /// The automaton states the policy's patterns have used so far.
    var patternBudget = PatternBudget()
    /// The organization a `banned-terms` rule of the policy names, a user input of `strength` rules.
    var organization: String?

    /// Lowers one validated rule.
    mutating func lower(_ kind: RuleKind, normalization: Normalization, path: String) throws(PolicyError)
        -> CompiledRule
    {
        switch kind {
        case .length(let min, let max, let credits):
            if credits.isEmpty { return .length(min: min, max: max ?? .max) }
            return .creditedLength(min: min, max: max ?? .max, credits: CreditLanes.pack(credits))
        case .require(.named(let cls), let min):
            return .require(cls, min: min)
        case .require(.chars(let chars), let min):
            scalarSets.append(ScalarSet(normalized(chars, normalization).unicodeScalars))
            return .requireChars(set: scalarSets.count - 1, min: min)
        case .classes(let min, let of):
            var mask: UInt8 = 0
            for cls in of { mask |= 1 << UInt8(CharacterClass.allCases.firstIndex(of: cls)!) }
            return .classes(min: min, of: mask)
        case .maxRepeat(let max):
            return .maxRepeat(max: max)
        case .maxSequence(let max):
            return .maxSequence(max: max)
        case .allowed(let classes, let chars):
            return allowed(classes, chars: normalized(chars, normalization))
        case .blocklist(let lists, let words, let files):
            if let file = lists.first(where: { $0.hasPrefix("file:") }) {
                throw .invalid(
                    path: path + ".lists",
                    reason: "list \"\(file)\" is not loaded; resolve file lists before compiling the policy")
            }
            if let file = files.first(where: { !$0.isLoaded }) {
                throw .invalid(
                    path: path + ".files",
                    reason: "list \"\(file.name)\" has no entries attached; load the stored list before compiling")
            }
            let entries = (words + files.flatMap(\.words)).map {
                Array(CompiledPolicy.folded(normalized($0, normalization)).utf8)
            }
            let builtin = BuiltinBlocklist.named(in: lists).first
            guard builtin != nil || !entries.isEmpty || files.contains(where: { $0.entryCount > 0 })
            else {
                throw .invalid(
                    path: path, reason: "has no entries: every list it names is empty, so it refuses nothing")
            }
            let first = blocklists.count
            if !entries.isEmpty { blocklists.append(BlocklistTable(entries)) }
            // Large lists are shared, one table per list and normalization for the whole process.
            blocklists += files.compactMap { $0.entries?.table(normalization) }
            return .blocklist(
                builtin: builtin == .top10k ? 2 : builtin == .common ? 1 : 0,
                custom: blocklists.count == first ? -1 : first,
                count: blocklists.count - first)
        case .breached(let corpus, let minCount):
            guard let source = availableSources[corpus] else {
                throw .invalid(
                    path: path + ".lists",
                    reason: "breach corpus \"\(corpus.listName)\" is not open; open it before compiling the policy")
            }
            sources.append(source)
            return .breached(source: sources.count - 1, minCount: minCount)
        case .bannedTerms(let banned):
            if let list = banned.lists.first {
                throw .invalid(
                    path: path + ".lists",
                    reason: "list \"\(list)\" is not loaded; resolve file lists before compiling the policy")
            }
            // What counts is the terms the matcher keeps (4-16 characters, distinct after folding), but a list so long
            // that finding them would itself be the cost the limit prevents is refused by its entries.
            let entries = banned.terms.count + banned.files.reduce(0) { $0 + $1.entryCount }
            let kept =
                entries > 20 * BannedTerms.maximumTerms
                ? nil : BannedTermsMatcher.keptTerms(banned, normalization: normalization)
            let termCount = kept?.count ?? entries
            guard let kept, termCount <= BannedTerms.maximumTerms else {
                throw .invalid(
                    path: path,
                    reason: "holds \(termCount) terms, more than the \(BannedTerms.maximumTerms) a banned-terms rule "
                        + "may: each is fuzzy-matched inside every password; refuse whole passwords from a long list "
                        + "with a \"blocklist\" rule")
            }
            let matcher = BannedTermsMatcher(banned, normalization: normalization, terms: kept)
            guard !matcher.terms.isEmpty || banned.organization != nil else {
                throw .invalid(
                    path: path,
                    reason: "has no term of 4 to 16 characters (its lists gave none), so it only counts characters")
            }
            bannedTerms.append(matcher)
            return .bannedTerms(matcher: bannedTerms.count - 1)
        case .context(let fields, let minToken, let substrings):
            return .context(
                username: fields.contains(.username), email: fields.contains(.email), minToken: minToken,
                substrings: substrings ?? 0)
        case .pattern(let regex, let must, _):
            patterns.append(try patternBudget.admit(regex, path: path + ".regex"))
            return .pattern(matcher: patterns.count - 1, must: must)
        case .maxClassRepeat(let max):
            return .maxClassRepeat(max: max)
        case .palindrome:
            return .palindrome
        case .forbiddenWords(let words):
            wordLists.append(ForbiddenWordList(words.map { normalized($0, normalization) }))
            return .forbiddenWords(list: wordLists.count - 1)
        case .strength(.minScore(let score)):
            return .strength(minScore: score, minLog10: 0)
        case .strength(.minGuessesLog10(let log10)):
            return .strength(minScore: 0, minLog10: log10)
        }
    }

    private mutating func allowed(_ classes: [CharacterClass], chars: String) -> CompiledRule {
        if mode == .apple { return appleAllowed(classes, chars: chars) }
        var kinds: UInt8 = 0
        let all: [ScalarKind] = [.upper, .lower, .otherLetter, .digit, .special, .space, .mark, .other]
        for kind in all where classes.contains(where: { $0.contains(kind) }) {
            kinds |= 1 << kind.rawValue
        }
        if classes.contains(.letter) || classes.contains(.special) { kinds |= 1 << ScalarKind.mark.rawValue }
        let extra = ScalarSet(chars.unicodeScalars)
        scalarSets.append(extra)
        var ascii = extra.ascii
        for byte in 0..<128 where kinds & (1 << ScalarKind.asciiTable[byte].rawValue) != 0 {
            if byte < 64 { ascii.0 |= 1 << UInt64(byte) } else { ascii.1 |= 1 << UInt64(byte - 64) }
        }
        return .allowed(kinds: kinds, extra: scalarSets.count - 1, asciiLow: ascii.0, asciiHigh: ascii.1)
    }
}

extension RuleSideTables {
    /// `allowed` with Apple's ASCII classes: no non-ASCII scalar is in a class, only in `chars`.
    private mutating func appleAllowed(_ classes: [CharacterClass], chars: String) -> CompiledRule {
        let extra = ScalarSet(chars.unicodeScalars)
        scalarSets.append(extra)
        var ascii = extra.ascii
        for byte in 0..<128 where classes.contains(where: { AppleClasses.contains($0, UInt8(byte)) }) {
            if byte < 64 { ascii.0 |= 1 << UInt64(byte) } else { ascii.1 |= 1 << UInt64(byte - 64) }
        }
        return .allowed(kinds: 0, extra: scalarSets.count - 1, asciiLow: ascii.0, asciiHigh: ascii.1)
    }
}
