extension PolicyRule {
    /// The label a rule gets when the policy gives none, e.g. "At least 12 characters".
    public static func defaultLabel(for kind: RuleKind) -> String {
        switch kind {
        case .length(let min, let max, let credits):
            if !credits.isEmpty { return "At least \(min) characters, fewer with credited classes" }
            if let max, min > 0 { return "Between \(min) and \(max) characters" }
            if let max { return "At most \(max) \(plural("character", max))" }
            return "At least \(min) \(plural("character", min))"
        case .require(.named(let cls), let min):
            if min == 1 { return cls.singularPhrase.prefix(1).uppercased() + cls.singularPhrase.dropFirst() }
            return "At least \(min) \(cls.pluralNoun)"
        case .require(.chars(let chars), let min):
            if min == 1 { return "One of these characters: \(chars)" }
            return "At least \(min) of these characters: \(chars)"
        case .classes(let min, let of):
            return "At least \(min) of: " + of.map(\.pluralNoun).joined(separator: ", ")
        case .maxRepeat(let max):
            return "No character repeated more than \(max) \(plural("time", max)) in a row"
        case .maxSequence(let max):
            return "No sequences like abcd, 4321 or qwer longer than \(max) characters"
        case .allowed(let classes, let chars):
            let names = classes.map(\.pluralNoun) + (chars.isEmpty ? [] : ["these characters: \(chars)"])
            return "Only " + names.joined(separator: ", ")
        case .blocklist(let lists, _, _):
            return BuiltinBlocklist.named(in: lists).isEmpty ? "Not a blocked password" : "Not a commonly used password"
        case .breached(_, let minCount):
            return minCount == 1
                ? "Not found in a breach corpus" : "Seen fewer than \(minCount) times in a breach corpus"
        case .bannedTerms(let banned):
            return "No banned terms or names, or enough else besides (\(banned.minScore) points)"
        case .context(let fields, _, _):
            let names = fields.map { $0 == .username ? "your username" : "your email address" }
            return "Doesn't contain " + names.joined(separator: " or ")
        case .pattern(_, let must, let message):
            if !message.isEmpty { return message }
            return must == .match ? "Matches the required pattern" : "Doesn't match a forbidden pattern"
        case .maxClassRepeat(let max):
            return "No more than \(max) \(plural("character", max)) of one class in a row"
        case .palindrome:
            return "Not a palindrome"
        case .forbiddenWords:
            return "Doesn't contain a forbidden word"
        case .strength(.minScore(let score)):
            return "Hard enough to guess (strength score \(score) of 4)"
        case .strength(.minGuessesLog10(let log10)):
            return "Hard enough to guess (at least 10^\(log10) guesses)"
        }
    }

    static func plural(_ noun: String, _ count: Int) -> String {
        count == 1 ? noun : noun + "s"
    }
}
