/// One rule of a policy: a stable id, a human label and what it checks.
public struct PolicyRule: Sendable, Equatable {
    /// Stable key used by diffs and reports, unique within a policy.
    public var id: String
    /// Human text for the checklist, such as "At least 12 characters".
    public var label: String
    /// What the rule checks, with its parameters.
    public var kind: RuleKind

    /// Creates a rule; a `nil` id or label gets the default derived from `kind`.
    public init(id: String? = nil, label: String? = nil, kind: RuleKind) {
        self.id = id ?? kind.defaultID
        self.label = label ?? PolicyRule.defaultLabel(for: kind)
        self.kind = kind
    }

    /// Flat parameters for diffs and reports, including `rule` and `label`; a loaded blocklist file appears as its
    /// ``BlocklistFile/summary``.
    public var parameters: [String: String] {
        var result: [String: String] = ["rule": kind.name, "label": label]
        for (key, value) in kindMembers where key != "files" {
            switch value {
            case .int(let number): result[key] = String(number)
            case .string(let text): result[key] = text
            case .array(let items):
                result[key] = items.map { item -> String in
                    if case .string(let text) = item { return text }
                    return item.serialized
                }.joined(separator: ",")
            default: result[key] = value.serialized
            }
        }
        if case .blocklist(_, _, let files) = kind, !files.isEmpty {  // by name, count and digest, never the words
            result["files"] = files.map(\.summary).joined(separator: ", ")
        }
        return result
    }

    /// The rule as canonical JSON (sorted keys, defaults explicit).
    public func canonicalJSON() -> String {
        jsonValue.serialized
    }

    var jsonValue: JSONValue {
        var members = kindMembers
        members["rule"] = .string(kind.name)
        members["id"] = .string(id)
        members["label"] = .string(label)
        return .object(members)
    }

    /// The kind-specific members of the rule's canonical JSON.
    private var kindMembers: [String: JSONValue] {
        switch kind {
        case .length(let min, let max, let credits):
            var members: [String: JSONValue] = ["min": .int(min)]
            if let max { members["max"] = .int(max) }
            if !credits.isEmpty {
                members["credits"] = .object(
                    Dictionary(uniqueKeysWithValues: credits.byClass.map { ($0.key.rawValue, .int($0.value)) }))
            }
            return members
        case .require(let required, let min):
            switch required {
            case .named(let cls): return ["class": .string(cls.rawValue), "min": .int(min)]
            case .chars(let chars): return ["class": .object(["chars": .string(chars)]), "min": .int(min)]
            }
        case .classes(let min, let of):
            return ["min": .int(min), "of": .array(of.map { .string($0.rawValue) })]
        case .maxRepeat(let max), .maxSequence(let max):
            return ["max": .int(max)]
        case .allowed(let classes, let chars):
            return ["classes": .array(classes.map { .string($0.rawValue) }), "chars": .string(chars)]
        case .blocklist(let lists, let words, let files):
            var members: [String: JSONValue] = [
                "lists": .array(lists.map { .string($0) }), "words": .array(words.map { .string($0) }),
            ]
            // Absent when there are none, so definitions without files keep the hash they always had.
            if !files.isEmpty { members["files"] = .array(files.map(\.jsonValue)) }
            return members
        case .breached(let corpus, let minCount):
            return ["lists": .array([.string(corpus.listName)]), "min-count": .int(minCount)]
        case .bannedTerms(let banned):
            return banned.jsonMembers
        case .context(let fields, let minToken, let substrings):
            var members: [String: JSONValue] = [
                "fields": .array(fields.map { .string($0.rawValue) }), "min-token": .int(minToken),
            ]
            if let substrings { members["substrings"] = .int(substrings) }
            return members
        case .pattern(let regex, let must, let message):
            return ["regex": .string(regex), "must": .string(must.rawValue), "message": .string(message)]
        case .maxClassRepeat(let max):
            return ["max": .int(max)]
        case .palindrome:
            return [:]
        case .forbiddenWords(let words):
            return ["words": .array(words.map { .string($0) })]
        case .strength(let threshold):
            return [threshold.key: .int(threshold.value)]
        }
    }
}
