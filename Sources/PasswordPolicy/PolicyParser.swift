import PolicyPattern

/// Validates a JSON tree against the policy format and builds a ``PasswordPolicy``.
enum PolicyParser {
    static let topLevelKeys: Set<String> = [
        "name", "description", "normalization", "rules", "usage", "max-age-days", "history", "lockout-threshold",
        "evaluation", "pwquality", "compliance",
    ]
    /// The libpwquality settings a policy may record under `"pwquality"` (kept, not evaluated).
    static let recordedPwqualitySettings: Set<String> = [
        "difok", "gecoscheck", "enforcing", "retry", "enforce_for_root", "local_users_only",
    ]
    static let maximumRules = 64

    static func parse(_ value: JSONValue) throws(PolicyError) -> PasswordPolicy {
        let reader = try JSONObjectReader(value, path: "")
        try reader.rejectUnknownKeys(allowed: topLevelKeys)
        let name = try reader.requiredString("name")
        guard isIdentifier(name) else {
            throw .invalid(path: "name", reason: "must be made of letters, digits, \".\", \"_\" and \"-\"")
        }
        let normalization =
            try reader.enumValue("normalization", Normalization.self, accepted: ["nfkc", "nfc", "none"]) ?? .nfkc
        guard let ruleValues = try reader.array("rules") else { throw .invalid(path: "rules", reason: "is required") }
        guard !ruleValues.isEmpty else { throw .invalid(path: "rules", reason: "must contain at least 1 rule") }
        guard ruleValues.count <= maximumRules else {
            throw .invalid(path: "rules", reason: "must contain at most \(maximumRules) rules")
        }
        var parsed: [(explicitID: String?, label: String?, kind: RuleKind)] = []
        var patternBudget = PatternBudget()
        for (index, ruleValue) in ruleValues.enumerated() {
            let rule = try parseRule(ruleValue, path: "rules[\(index)]")
            if case .pattern(let regex, _, _) = rule.kind {
                _ = try patternBudget.admit(regex, path: "rules[\(index)].regex")
            }
            parsed.append(rule)
        }
        return PasswordPolicy(
            name: name,
            description: try reader.string("description") ?? "",
            normalization: normalization,
            rules: try assignIDs(parsed),
            usage: try reader.enumValue("usage", PolicyUsage.self, accepted: ["single-factor", "multi-factor"]),
            maxAgeDays: try reader.int("max-age-days", atLeast: 0),
            history: try reader.int("history", atLeast: 0),
            lockoutThreshold: try reader.int("lockout-threshold", atLeast: 1),
            evaluation: try reader.enumValue(
                "evaluation", EvaluationMode.self, accepted: EvaluationMode.allCases.map(\.rawValue)) ?? .unicode,
            pwqualitySettings: try recordedSettings(reader),
            declared: try declaredContext(reader)
        )
    }

    /// The `"pwquality"` object: recorded libpwquality settings, each an integer ≥ 0.
    private static func recordedSettings(_ reader: JSONObjectReader) throws(PolicyError) -> [String: Int] {
        guard let value = reader.members["pwquality"] else { return [:] }
        let settings = try JSONObjectReader(value, path: "pwquality")
        try settings.rejectUnknownKeys(allowed: recordedPwqualitySettings)
        var result: [String: Int] = [:]
        for key in settings.members.keys { result[key] = try settings.int(key, atLeast: 0) }
        return result
    }

    /// Gives every rule its explicit id or a derived one (`length`, `length-2`, …) that no other rule uses.
    private static func assignIDs(
        _ parsed: [(explicitID: String?, label: String?, kind: RuleKind)]
    ) throws(PolicyError) -> [PolicyRule] {
        var taken = Set<String>()
        for (index, rule) in parsed.enumerated() {
            guard let id = rule.explicitID else { continue }
            guard taken.insert(id).inserted else {
                throw .invalid(path: "rules[\(index)].id", reason: "duplicate id \"\(id)\"")
            }
        }
        var rules: [PolicyRule] = []
        for rule in parsed {
            var id = rule.explicitID
            if id == nil {
                let base = rule.kind.defaultID
                var candidate = base
                var suffix = 2
                while taken.contains(candidate) {
                    candidate = "\(base)-\(suffix)"
                    suffix += 1
                }
                taken.insert(candidate)
                id = candidate
            }
            rules.append(PolicyRule(id: id, label: rule.label, kind: rule.kind))
        }
        return rules
    }

    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == 0x2E || byte == 0x5F || byte == 0x2D
            }
    }

    /// Blocklist words as canonically stored: lowercased, de-duplicated, sorted.
    static func canonicalWords(_ words: [String]) -> [String] {
        Array(Set(words.map { $0.lowercased() }).filter { !$0.isEmpty }).sorted {
            Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
        }
    }

    /// Why ``CompiledPolicy`` would refuse `pattern` (unsupported syntax, or an automaton too large), or `nil`.
    static func patternProblem(_ pattern: String) -> String? {
        do {
            _ = try PatternMatcher(pattern)
            return nil
        } catch {
            return error.reason
        }
    }
}
