import PasswordPolicy

/// One fact a policy declares about its system for the standards' own alternatives (the policy file's `compliance`
/// key), as a report lists it: the key, the value, and where it came from.
package struct DeclaredFact: Sendable, Equatable, Encodable {
    /// The key path in the policy file, e.g. `compliance.asvs-level`.
    package var key: String
    /// The declared value, with its justification where the fact needs one.
    package var value: String
    /// Where the fact came from, e.g. "the policy definition's compliance.asvs-level".
    package var origin: String

    /// Creates a fact.
    package init(key: String, value: String, origin: String) {
        self.key = key
        self.value = value
        self.origin = origin
    }

    /// The facts `policy` declares, in key order, each from its policy definition.
    package static func facts(of policy: PasswordPolicy) -> [DeclaredFact] {
        policy.declared.entries.map {
            DeclaredFact(key: $0.key, value: $0.value, origin: "policy \(policy.name)'s definition, key \($0.key)")
        }
    }

    /// "compliance.asvs-level = 2 (policy corp's definition, key compliance.asvs-level)".
    package var summary: String { "\(key) = \(value) (\(origin))" }
}
