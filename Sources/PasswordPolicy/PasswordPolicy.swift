import Foundation

/// A parsed password policy: its rules plus lifecycle facts that are validated and kept.
public struct PasswordPolicy: Sendable, Equatable {
    /// The policy's name, made of `[A-Za-z0-9._-]`.
    public var name: String
    /// Free text for humans; empty when the file has none.
    public var description: String
    /// The normalization applied to passwords before evaluation.
    public var normalization: Normalization
    /// The rules in file order; ids are unique.
    public var rules: [PolicyRule]
    /// Single- or multi-factor use, if stated.
    public var usage: PolicyUsage?
    /// Maximum password age in days, if stated.
    public var maxAgeDays: Int?
    /// Number of previous passwords that may not be reused, if stated.
    public var history: Int?
    /// Failed attempts before lockout, if stated.
    public var lockoutThreshold: Int?
    /// Which semantics the rules are evaluated with; ``EvaluationMode/unicode`` unless the policy says otherwise.
    public var evaluation: EvaluationMode
    /// libpwquality settings imported from `pwquality.conf` that a candidate cannot be checked against here (they
    /// need the old password or the account's GECOS field, or steer PAM): kept and exported, never evaluated.
    public var pwqualitySettings: [String: Int]
    /// Facts about the system declared for the compliance clauses (the `"compliance"` key): kept, never evaluated.
    public var declared: DeclaredContext

    /// Creates a policy from its parts; use ``init(json:)`` to validate a policy file.
    public init(
        name: String, description: String = "", normalization: Normalization = .nfkc, rules: [PolicyRule],
        usage: PolicyUsage? = nil, maxAgeDays: Int? = nil, history: Int? = nil, lockoutThreshold: Int? = nil,
        evaluation: EvaluationMode = .unicode, pwqualitySettings: [String: Int] = [:],
        declared: DeclaredContext = DeclaredContext()
    ) {
        self.name = name
        self.description = description
        self.normalization = normalization
        self.rules = rules
        self.usage = usage
        self.maxAgeDays = maxAgeDays
        self.history = history
        self.lockoutThreshold = lockoutThreshold
        self.evaluation = evaluation
        self.pwqualitySettings = pwqualitySettings
        self.declared = declared
    }

    /// Parses and validates policy JSON.
    ///
    /// The JSON must be strict RFC 8259 (see ``StrictJSONParser``): no duplicate keys, trailing commas or comments.
    ///
    /// - Throws: ``PolicyError/malformedJSON(reason:)`` for syntax errors (with line and column),
    ///   ``PolicyError/invalid(path:reason:)`` naming the key path of the first fault otherwise — a key given twice
    ///   is `rules[1].min: duplicate key`.
    public init(json: Data) throws(PolicyError) {
        let value = try [UInt8](json).withUnsafeBufferPointer { bytes throws(PolicyError) -> JSONValue in
            try StrictJSONParser.parse(bytes)
        }
        self = try PolicyParser.parse(value)
    }

    /// The stable canonical JSON: sorted keys, no whitespace, defaults and ids explicit.
    public func canonicalJSON() -> String {
        jsonValue.serialized
    }

    /// Paths (relative to the policy file, without the `file:` prefix) of blocklist files to load.
    public var fileListReferences: [String] {
        var seen: [String] = []
        for rule in rules {
            let lists: [String]
            switch rule.kind {
            case .blocklist(let blocklists, _, _): lists = blocklists
            case .bannedTerms(let banned): lists = banned.lists
            default: continue
            }
            for list in lists where list.hasPrefix("file:") {
                let path = String(list.dropFirst(5))
                if !seen.contains(path) { seen.append(path) }
            }
        }
        return seen
    }

    /// Returns the policy with every `file:` list replaced by its entries inlined: into a blocklist's `words`, and
    /// into a banned-terms rule's `terms` (its entries of 4 to 16 characters, as a loaded file contributes).
    ///
    /// - Parameter load: Given a path from ``fileListReferences``, returns its entries (see
    ///   ``BlocklistText/entries(in:)``).
    public func resolvingFileLists(_ load: (String) throws -> [String]) rethrows -> PasswordPolicy {
        var copy = self
        for index in copy.rules.indices {
            if case .bannedTerms(var banned) = copy.rules[index].kind {
                var terms = banned.terms
                for list in banned.lists {
                    terms += try load(String(list.dropFirst(5))).filter {
                        let term = BannedTermsMatcher.normalizedTerm($0, substitutions: banned.substitutions)
                        return BannedTerms.termLengths.contains(term.count)
                    }
                }
                banned.terms = PolicyParser.canonicalWords(terms)
                banned.lists = []
                copy.rules[index].kind = .bannedTerms(banned)
                continue
            }
            guard case .blocklist(let lists, let words, let files) = copy.rules[index].kind else { continue }
            var kept: [String] = []
            var allWords = words
            for list in lists {
                if list.hasPrefix("file:") {
                    allWords += try load(String(list.dropFirst(5)))
                } else {
                    kept.append(list)
                }
            }
            copy.rules[index].kind = .blocklist(
                lists: kept, words: PolicyParser.canonicalWords(allWords), files: files)
        }
        return copy
    }

    /// Returns the policy with every `file:` list replaced by the file `load` returns for its path, kept in the
    /// blocklist's `files` (name, SHA-256, entries) so that the stored definition says which file it holds.
    ///
    /// - Parameter load: Given a path from ``fileListReferences``, returns the loaded file (its entries from
    ///   ``BlocklistText/entries(in:)``).
    public func loadingFileLists(_ load: (String) throws -> BlocklistFile) rethrows -> PasswordPolicy {
        var copy = self
        for index in copy.rules.indices {
            if case .bannedTerms(var banned) = copy.rules[index].kind {
                for list in banned.lists {
                    let loaded = try load(String(list.dropFirst(5)))
                    banned.files.removeAll { $0.name == loaded.name }
                    banned.files.append(loaded)
                }
                banned.files.sort { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
                banned.lists = []
                copy.rules[index].kind = .bannedTerms(banned)
            }
            guard case .blocklist(let lists, let words, var files) = copy.rules[index].kind else { continue }
            for list in lists where list.hasPrefix("file:") {
                let loaded = try load(String(list.dropFirst(5)))
                files.removeAll { $0.name == loaded.name }
                files.append(loaded)
            }
            files.sort { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
            copy.rules[index].kind = .blocklist(
                lists: lists.filter { !$0.hasPrefix("file:") }, words: words, files: files)
        }
        return copy
    }

    var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "name": .string(name), "description": .string(description),
            "normalization": .string(normalization.rawValue), "rules": .array(rules.map(\.jsonValue)),
        ]
        if let usage { members["usage"] = .string(usage.rawValue) }
        if let maxAgeDays { members["max-age-days"] = .int(maxAgeDays) }
        if let history { members["history"] = .int(history) }
        if let lockoutThreshold { members["lockout-threshold"] = .int(lockoutThreshold) }
        // Both absent when at their defaults, so existing definitions keep the hash they always had.
        if evaluation != .unicode { members["evaluation"] = .string(evaluation.rawValue) }
        if !pwqualitySettings.isEmpty { members["pwquality"] = .object(pwqualitySettings.mapValues { .int($0) }) }
        if !declared.isEmpty { members["compliance"] = declared.jsonValue }
        return .object(members)
    }
}
