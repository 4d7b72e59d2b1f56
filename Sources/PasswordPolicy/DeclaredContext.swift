/// Facts about the system a policy runs in that the standards' own alternatives depend on and no rule can show,
/// declared under the policy file's `"compliance"` key (kept, not evaluated): the application's ASVS level, the
/// throttling in front of the login, a system's length limit, a dynamic risk analysis.
public struct DeclaredContext: Sendable, Equatable {
    /// A throttle on login attempts: at most `attempts` guesses in any `minutes` minutes.
    public struct Throttling: Sendable, Equatable {
        /// The most guesses allowed in the window.
        public var attempts: Int
        /// The window, in minutes.
        public var minutes: Int

        /// Creates a throttle.
        public init(attempts: Int, minutes: Int) {
            self.attempts = attempts
            self.minutes = minutes
        }
    }

    /// A limit the system puts on password length, with why it cannot be raised.
    public struct LengthLimit: Sendable, Equatable {
        /// The longest password, in characters, the system supports.
        public var length: Int
        /// Why (the system and the reason), as the policy's author wrote it.
        public var justification: String

        /// Creates a limit.
        public init(length: Int, justification: String) {
            self.length = length
            self.justification = justification
        }
    }

    /// `asvs-level`: the application's OWASP ASVS level, 1 to 3.
    public var asvsLevel: Int?
    /// `throttling`: the login's throttle, if any.
    public var throttling: Throttling?
    /// `system-max-length`: the system cannot take longer passwords (PCI DSS 8.3.6's "does not support 12").
    public var systemMaxLength: LengthLimit?
    /// `dynamic-risk-analysis`: how the accounts' security posture is analysed dynamically (PCI DSS 8.3.9).
    public var dynamicRiskAnalysis: String?

    /// Creates a context; every fact absent by default.
    public init(
        asvsLevel: Int? = nil, throttling: Throttling? = nil, systemMaxLength: LengthLimit? = nil,
        dynamicRiskAnalysis: String? = nil
    ) {
        self.asvsLevel = asvsLevel
        self.throttling = throttling
        self.systemMaxLength = systemMaxLength
        self.dynamicRiskAnalysis = dynamicRiskAnalysis
    }

    /// Whether nothing is declared.
    public var isEmpty: Bool { self == DeclaredContext() }

    var jsonValue: JSONValue {
        var members: [String: JSONValue] = [:]
        if let asvsLevel { members["asvs-level"] = .int(asvsLevel) }
        if let throttling {
            members["throttling"] = .object([
                "attempts": .int(throttling.attempts), "minutes": .int(throttling.minutes),
            ])
        }
        if let systemMaxLength {
            members["system-max-length"] = .object([
                "length": .int(systemMaxLength.length), "justification": .string(systemMaxLength.justification),
            ])
        }
        if let dynamicRiskAnalysis { members["dynamic-risk-analysis"] = .string(dynamicRiskAnalysis) }
        return .object(members)
    }

    /// Each declared fact as its key path in the policy file and its value, in key order (for diffs and reports).
    public var entries: [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        if let asvsLevel { result.append(("compliance.asvs-level", "\(asvsLevel)")) }
        if let dynamicRiskAnalysis { result.append(("compliance.dynamic-risk-analysis", dynamicRiskAnalysis)) }
        if let systemMaxLength {
            result.append(
                ("compliance.system-max-length", "\(systemMaxLength.length): \(systemMaxLength.justification)"))
        }
        if let throttling {
            result.append(
                ("compliance.throttling", "\(throttling.attempts) attempts per \(throttling.minutes) minutes"))
        }
        return result
    }
}
