/// A policy compiled once and evaluated many times, from any number of threads.
public struct CompiledPolicy: Sendable {
    /// The policy this was compiled from.
    public let policy: PasswordPolicy
    let program: RuleProgram

    /// The policy's rules, in order.
    public var rules: [PolicyRule] { policy.rules }

    /// Compiles a policy.
    ///
    /// - Throws: ``PolicyError/invalid(path:reason:)`` when a blocklist still names a `file:` list (call
    ///   ``PasswordPolicy/resolvingFileLists(_:)`` first), a regex does not compile or there are not 1 to 64 rules.
    public init(_ policy: PasswordPolicy) throws(PolicyError) {
        guard !policy.rules.isEmpty, policy.rules.count <= PolicyParser.maximumRules else {
            throw .invalid(path: "rules", reason: "must contain 1 to \(PolicyParser.maximumRules) rules")
        }
        self.policy = policy
        self.program = try RuleProgram(policy)
    }

    /// Every rule's outcome for `candidate`, with reason codes and messages.
    public func evaluate(_ candidate: Candidate) -> PolicyEvaluation {
        let checks = program.checks(candidate)
        return PolicyEvaluation(outcomes: checks.indices.map { outcome($0, checks[$0]) })
    }

    /// Which rules `candidate` fails, without building messages: the batch-scoring fast path.
    public func failureMask(_ candidate: Candidate) -> RuleMask {
        RuleMask(rawValue: program.failureMask(candidate))
    }

    /// Case folding used for blocklist and context comparisons.
    static func folded(_ text: String) -> String {
        text.lowercased()
    }
}
