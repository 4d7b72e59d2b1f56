/// A policy compiled once and evaluated many times, from any number of threads.
public struct CompiledPolicy: Sendable {
    /// The policy this was compiled from.
    public let policy: PasswordPolicy
    /// Keeps the buffers `evaluator` points into alive.
    let program: RuleProgram
    let evaluator: RuleEvaluator

    /// The policy's rules, in order.
    public var rules: [PolicyRule] { policy.rules }

    /// Compiles a policy.
    ///
    /// - Throws: ``PolicyError/invalid(path:reason:)`` when a blocklist still names a `file:` list (call
    ///   ``PasswordPolicy/loadingFileLists(_:)`` or ``PasswordPolicy/resolvingFileLists(_:)`` first, or
    ///   ``PasswordPolicy/attachingListEntries(_:)`` for a stored one), a `pattern` regex is outside the supported
    ///   syntax or needs more than 500 automaton states, the policy's patterns need more than 1,000 together
    ///   (docs/policy-format.md), or there are not 1 to 64 rules.
    public init(_ policy: PasswordPolicy) throws(PolicyError) {
        try self.init(policy, sources: [:])
    }

    /// Compiles a policy whose `blocklist` rules may name breach corpora, each given opened in `sources`.
    ///
    /// - Throws: as ``init(_:)``, and ``PolicyError/invalid(path:reason:)`` when a rule names a corpus `sources`
    ///   does not hold.
    public init(_ policy: PasswordPolicy, sources: [BreachCorpusReference: any BlocklistSource]) throws(PolicyError) {
        guard !policy.rules.isEmpty, policy.rules.count <= PolicyParser.maximumRules else {
            throw .invalid(path: "rules", reason: "must contain 1 to \(PolicyParser.maximumRules) rules")
        }
        self.policy = policy
        let program = try RuleProgram(policy, sources: sources)
        self.program = program
        self.evaluator = program.evaluator
    }

    /// Every rule's outcome for `candidate`, with reason codes and messages.
    public func evaluate(_ candidate: Candidate) -> PolicyEvaluation {
        let (checks, strength) = withExtendedLifetime(program) { evaluator.checksAndStrength(candidate) }
        return PolicyEvaluation(outcomes: checks.indices.map { outcome($0, checks[$0]) }, strength: strength)
    }

    /// Which rules `candidate` fails, without building messages: the batch-scoring fast path.
    public func failureMask(_ candidate: Candidate) -> RuleMask {
        RuleMask(rawValue: evaluator.failureMask(candidate))
    }

    /// Case folding used for blocklist and context comparisons: `lowercased()`, read from ``ScalarFacts``.
    static func folded(_ text: String) -> String {
        ScalarFacts.lowercased(text)
    }
}
