/// The differences between two policies: rules matched by id, plus top-level field changes.
public struct PolicyDiff: Sendable, Equatable {
    /// One change of one parameter or field.
    public struct Change: Sendable, Equatable {
        /// The parameter or field name, such as `min` or `normalization`.
        public var name: String
        /// The old value, `nil` when absent.
        public var old: String?
        /// The new value, `nil` when absent.
        public var new: String?

        /// Creates a change.
        public init(name: String, old: String?, new: String?) {
            self.name = name
            self.old = old
            self.new = new
        }
    }

    /// One difference.
    public enum Entry: Sendable, Equatable {
        /// A rule only the new policy has.
        case added(PolicyRule)
        /// A rule only the old policy has.
        case removed(PolicyRule)
        /// A rule both have under this id, with the parameters that differ (sorted by name).
        case changed(id: String, parameters: [Change])
        /// A top-level field (`name`, `description`, `normalization`, `usage`, lifecycle) that differs.
        case field(Change)
    }

    /// All differences: field changes first, then rules in old-policy order, then added rules in new order.
    public var entries: [Entry]

    /// Whether the policies have the same meaning.
    public var isEmpty: Bool { entries.isEmpty }

    /// Compares `old` with `new`.
    public init(from old: PasswordPolicy, to new: PasswordPolicy) {
        var entries: [Entry] = []
        let oldFields = Self.fields(old)
        let newFields = Self.fields(new)
        for name in Self.fieldNames where oldFields[name] != newFields[name] {
            entries.append(.field(Change(name: name, old: oldFields[name], new: newFields[name])))
        }
        let newByID = Dictionary(new.rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let oldIDs = Set(old.rules.map(\.id))
        for rule in old.rules {
            guard let counterpart = newByID[rule.id] else {
                entries.append(.removed(rule))
                continue
            }
            let before = rule.parameters
            let after = counterpart.parameters
            let changes = Set(before.keys).union(after.keys).sorted().compactMap { name -> Change? in
                before[name] == after[name] ? nil : Change(name: name, old: before[name], new: after[name])
            }
            if !changes.isEmpty { entries.append(.changed(id: rule.id, parameters: changes)) }
        }
        for rule in new.rules where !oldIDs.contains(rule.id) {
            entries.append(.added(rule))
        }
        self.entries = entries
    }

    private static let fieldNames = [
        "name", "description", "normalization", "usage", "max-age-days", "history", "lockout-threshold",
        "compliance.asvs-level", "compliance.dynamic-risk-analysis", "compliance.system-max-length",
        "compliance.throttling",
    ]

    private static func fields(_ policy: PasswordPolicy) -> [String: String] {
        var result = [
            "name": policy.name, "description": policy.description, "normalization": policy.normalization.rawValue,
        ]
        result["usage"] = policy.usage?.rawValue
        result["max-age-days"] = policy.maxAgeDays.map(String.init)
        result["history"] = policy.history.map(String.init)
        result["lockout-threshold"] = policy.lockoutThreshold.map(String.init)
        for (key, value) in policy.declared.entries { result[key] = value }
        return result
    }
}
