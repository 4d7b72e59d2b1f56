extension PolicyParser {
    static let ruleNames = [
        "length", "require", "classes", "max-repeat", "max-sequence", "allowed", "blocklist", "context", "pattern",
        "max-class-repeat", "palindrome", "forbidden-words", "banned-terms",
        "strength",
    ]
    private static let keysByRule: [String: Set<String>] = [
        "length": ["min", "max", "credits"], "require": ["class", "min"], "classes": ["min", "of"],
        "max-repeat": ["max"],
        "max-sequence": ["max"], "allowed": ["classes", "chars"],
        "blocklist": ["lists", "words", "files", "min-count"],
        "context": ["fields", "min-token", "substrings"], "pattern": ["regex", "must", "message"],
        "max-class-repeat": ["max"], "palindrome": [], "forbidden-words": ["words"],
        "strength": ["min-score", "min-guesses-log10"],
        "banned-terms": [
            "terms", "lists", "files", "organization", "min-score", "substitutions", "name-match", "fields",
        ],
    ]

    static func parseRule(
        _ value: JSONValue, path: String
    ) throws(PolicyError) -> (explicitID: String?, label: String?, kind: RuleKind) {
        let rule = try JSONObjectReader(value, path: path)
        let name = try rule.requiredString("rule")
        guard let keys = keysByRule[name] else {
            let hint = NameSuggestion.didYouMean(name, among: ruleNames, quote: "\"")
            throw .invalid(path: rule.path("rule"), reason: "unknown rule \"\(name)\"\(hint)")
        }
        try rule.rejectUnknownKeys(allowed: keys.union(["rule", "id", "label"]))
        let id = try rule.string("id")
        if let id, !isIdentifier(id) {
            throw .invalid(path: rule.path("id"), reason: "must be made of letters, digits, \".\", \"_\" and \"-\"")
        }
        let label = try rule.string("label")
        if let label, label.isEmpty { throw .invalid(path: rule.path("label"), reason: "must not be empty") }
        return (id, label, try parseKind(name, rule))
    }

    private static func parseKind(_ name: String, _ rule: JSONObjectReader) throws(PolicyError) -> RuleKind {
        switch name {
        case "length":
            let min = try rule.int("min", atLeast: 0)
            let max = try rule.int("max", atLeast: 0)
            guard min != nil || max != nil else { throw .invalid(path: rule.path, reason: "needs \"min\" or \"max\"") }
            if let min, let max, max < min {
                throw .invalid(path: rule.path("max"), reason: "must be at least min (\(min))")
            }
            return .length(min: min ?? 0, max: max, credits: try credits(rule))
        case "require":
            return .require(try requiredCharacters(rule), min: try rule.int("min", atLeast: 1) ?? 1)
        case "classes":
            let of = try classList(rule, "of") ?? CharacterClass.allCases
            let min = try rule.int("min", atLeast: 1) ?? of.count
            guard min <= of.count else {
                throw .invalid(path: rule.path("min"), reason: "must be at most the number of classes (\(of.count))")
            }
            return .classes(min: min, of: of)
        case "max-repeat":
            guard let max = try rule.int("max", atLeast: 1) else { throw missing(rule, "max") }
            return .maxRepeat(max: max)
        case "max-sequence":
            guard let max = try rule.int("max", atLeast: 2) else { throw missing(rule, "max") }
            return .maxSequence(max: max)
        case "allowed":
            let chars = try rule.string("chars") ?? ""
            // An empty class list is fine when `chars` says what is allowed (Apple's `allowed: [-_.]`).
            let names = try rule.strings("classes")
            if chars.isEmpty || names != [] {
                guard let classes = try classList(rule, "classes") else { throw missing(rule, "classes") }
                return .allowed(classes: classes, chars: chars)
            }
            return .allowed(classes: [], chars: chars)
        case "blocklist":
            return try blocklist(rule)
        case "banned-terms":
            return .bannedTerms(try bannedTerms(rule))
        case "context":
            let fields = try contextFields(rule)
            return .context(
                fields: fields, minToken: try rule.int("min-token", atLeast: 1) ?? 4,
                substrings: try rule.int("substrings", atLeast: 1))
        case "max-class-repeat":
            guard let max = try rule.int("max", atLeast: 1) else { throw missing(rule, "max") }
            return .maxClassRepeat(max: max)
        case "palindrome":
            return .palindrome
        case "forbidden-words":
            guard let words = try rule.strings("words") else { throw missing(rule, "words") }
            // Kept as written (not lowercased): libpwquality lowers ASCII only, and compat mode reads them so.
            let canonical = Array(Set(words).filter { !$0.isEmpty }).sorted {
                Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
            }
            guard !canonical.isEmpty else { throw .invalid(path: rule.path("words"), reason: "must not be empty") }
            return .forbiddenWords(words: canonical)
        case "strength":
            let score = try rule.int("min-score", atLeast: 1, atMost: 4)
            let log10 = try rule.int("min-guesses-log10", atLeast: 1, atMost: 100)
            switch (score, log10) {
            case (let score?, nil): return .strength(.minScore(score))
            case (nil, let log10?): return .strength(.minGuessesLog10(log10))
            case (nil, nil): throw .invalid(path: rule.path, reason: "needs \"min-score\" or \"min-guesses-log10\"")
            default:
                throw .invalid(
                    path: rule.path("min-guesses-log10"),
                    reason: "a strength rule takes \"min-score\" or \"min-guesses-log10\", not both")
            }
        default:
            let regex = try rule.requiredString("regex")
            if let problem = patternProblem(regex) { throw .invalid(path: rule.path("regex"), reason: problem) }
            let must =
                try rule.enumValue("must", PatternExpectation.self, accepted: ["match", "not-match"]) ?? .notMatch
            return .pattern(regex: regex, must: must, message: try rule.string("message") ?? "")
        }
    }

    /// A `length` rule's `credits`: `{"digit": 1, …}` over the creditable classes, each at least 1.
    private static func credits(_ rule: JSONObjectReader) throws(PolicyError) -> LengthCredits {
        guard let value = rule.members["credits"] else { return LengthCredits() }
        let credits = try JSONObjectReader(value, path: rule.path("credits"))
        try credits.rejectUnknownKeys(allowed: Set(LengthCredits.creditableClasses.map(\.rawValue)))
        var byClass: [CharacterClass: Int] = [:]
        for cls in LengthCredits.creditableClasses {
            if let credit = try credits.int(cls.rawValue, atLeast: 1) { byClass[cls] = credit }
        }
        return LengthCredits(byClass)
    }

    private static func missing(_ rule: JSONObjectReader, _ key: String) -> PolicyError {
        .invalid(path: rule.path(key), reason: "is required")
    }

    private static func requiredCharacters(_ rule: JSONObjectReader) throws(PolicyError) -> RequiredCharacters {
        guard let value = rule.members["class"] else { throw missing(rule, "class") }
        if case .object = value {
            let custom = try JSONObjectReader(value, path: rule.path("class"))
            try custom.rejectUnknownKeys(allowed: ["chars"])
            let chars = try custom.requiredString("chars")
            guard !chars.isEmpty else { throw .invalid(path: custom.path("chars"), reason: "must not be empty") }
            return .chars(chars)
        }
        let accepted = CharacterClass.allCases.map(\.rawValue) + ["{\"chars\": …}"]
        guard let cls = try rule.enumValue("class", CharacterClass.self, accepted: accepted) else {
            throw missing(rule, "class")
        }
        return .named(cls)
    }

    /// A non-empty list of distinct class names, returned in canonical order.
    private static func classList(_ rule: JSONObjectReader, _ key: String) throws(PolicyError) -> [CharacterClass]? {
        guard let names = try rule.strings(key) else { return nil }
        guard !names.isEmpty else { throw .invalid(path: rule.path(key), reason: "must not be empty") }
        var classes: [CharacterClass] = []
        for (index, name) in names.enumerated() {
            guard let cls = CharacterClass(rawValue: name) else {
                let accepted = JSONObjectReader.quotedList(CharacterClass.allCases.map(\.rawValue))
                throw .invalid(
                    path: "\(rule.path(key))[\(index)]", reason: "unknown class \"\(name)\"; use \(accepted)")
            }
            guard !classes.contains(cls) else {
                throw .invalid(path: "\(rule.path(key))[\(index)]", reason: "duplicate class \"\(name)\"")
            }
            classes.append(cls)
        }
        return classes.sorted()
    }

    static func contextFields(_ rule: JSONObjectReader) throws(PolicyError) -> [ContextField] {
        guard let names = try rule.strings("fields") else { return ContextField.allCases }
        guard !names.isEmpty else { throw .invalid(path: rule.path("fields"), reason: "must not be empty") }
        var fields = Set<ContextField>()
        for (index, name) in names.enumerated() {
            guard let field = ContextField(rawValue: name) else {
                throw .invalid(
                    path: "\(rule.path("fields"))[\(index)]",
                    reason: "unknown field \"\(name)\"; use \"username\", \"email\"")
            }
            guard fields.insert(field).inserted else {
                throw .invalid(path: "\(rule.path("fields"))[\(index)]", reason: "duplicate field \"\(name)\"")
            }
        }
        return ContextField.allCases.filter(fields.contains)
    }

    /// A list name holding a NUL: no path can, and the system would read it cut short at the NUL.
    static func refuseNUL(in lists: [String], _ rule: JSONObjectReader) throws(PolicyError) {
        guard let index = lists.firstIndex(where: { $0.utf8.contains(0) }) else { return }
        throw .invalid(path: "\(rule.path("lists"))[\(index)]", reason: "holds a NUL character, which no path can")
    }

    private static func blocklist(_ rule: JSONObjectReader) throws(PolicyError) -> RuleKind {
        let lists = try rule.strings("lists") ?? []
        try refuseNUL(in: lists, rule)
        if let breached = try breachedBlocklist(rule, lists: lists) { return breached }
        for (index, list) in lists.enumerated() {
            let isFile = list.hasPrefix("file:") && list.count > 5
            guard BuiltinBlocklist(rawValue: list) != nil || isFile else {
                throw .invalid(
                    path: "\(rule.path("lists"))[\(index)]",
                    reason:
                        "unknown list \"\(list)\"; use \"builtin:common\", \"builtin:top-10k\", \"file:PATH\", \"hibp:PATH\" or "
                        + "\"hibp-ntlm:PATH\""
                )
            }
        }
        let words = try rule.strings("words") ?? []
        let files = try blocklistFiles(rule)
        guard !lists.isEmpty || !words.isEmpty || !files.isEmpty else {
            throw .invalid(path: rule.path, reason: "needs a non-empty \"lists\" or \"words\"")
        }
        let sortedLists = Array(Set(lists)).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        return .blocklist(lists: sortedLists, words: canonicalWords(words), files: files)
    }

    /// The loaded `file:` lists of a stored (resolved) blocklist: `[{"name", "sha256", "words"}]`, names distinct.
    static func blocklistFiles(_ rule: JSONObjectReader) throws(PolicyError) -> [BlocklistFile] {
        var files: [BlocklistFile] = []
        for (index, item) in (try rule.array("files") ?? []).enumerated() {
            let file = try JSONObjectReader(item, path: "\(rule.path("files"))[\(index)]")
            try file.rejectUnknownKeys(allowed: ["name", "sha256", "words", "entries"])
            let name = try file.requiredString("name")
            let sha256 = try file.requiredString("sha256")
            guard sha256.count == 64,
                sha256.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
            else { throw .invalid(path: file.path("sha256"), reason: "must be 64 lowercase hex digits") }
            guard !files.contains(where: { $0.name == name }) else {
                throw .invalid(path: file.path("name"), reason: "duplicate file \"\(name)\"")
            }
            if let count = try file.int("entries", atLeast: 0) {
                guard file.members["words"] == nil else {
                    throw .invalid(
                        path: file.path("entries"), reason: "a file holds \"words\" or \"entries\", not both")
                }
                files.append(BlocklistFile(name: name, sha256: sha256, entryCount: count))
            } else {
                files.append(BlocklistFile(name: name, sha256: sha256, words: try file.strings("words") ?? []))
            }
        }
        return files.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
    }
}
