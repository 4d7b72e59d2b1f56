/// A policy compiled once and evaluated many times, from any number of threads.
public struct CompiledPolicy: Sendable {
    /// The policy this was compiled from.
    public let policy: PasswordPolicy
    let compiled: [CompiledRule]
    let asciiTable: [ASCIIInfo]
    static let builtinCommon = BlocklistTable(BuiltinCommonPasswords.entries.map { Array($0.utf8) })

    /// The policy's rules, in order.
    public var rules: [PolicyRule] { policy.rules }

    /// Compiles a policy.
    ///
    /// - Throws: ``PolicyError/invalid(path:reason:)`` when a blocklist still names a `file:` list (call
    ///   ``PasswordPolicy/resolvingFileLists(_:)`` first), a regex does not compile or there are more than 64 rules.
    public init(_ policy: PasswordPolicy) throws(PolicyError) {
        guard !policy.rules.isEmpty, policy.rules.count <= PolicyParser.maximumRules else {
            throw .invalid(path: "rules", reason: "must contain 1 to \(PolicyParser.maximumRules) rules")
        }
        var compiled: [CompiledRule] = []
        for (index, rule) in policy.rules.enumerated() {
            compiled.append(try CompiledRule(rule.kind, normalization: policy.normalization, path: "rules[\(index)]"))
        }
        self.policy = policy
        self.compiled = compiled
        self.asciiTable = ASCIIInfo.table
    }

    /// Every rule's outcome for `candidate`, with reason codes and messages.
    public func evaluate(_ candidate: Candidate) -> PolicyEvaluation {
        withPrepared(candidate.password) { prepared in
            var outcomes: [RuleOutcome] = []
            outcomes.reserveCapacity(compiled.count)
            for index in compiled.indices {
                outcomes.append(outcome(index, check(compiled[index], prepared, candidate)))
            }
            return PolicyEvaluation(outcomes: outcomes)
        }
    }

    /// Which rules `candidate` fails, without building messages: the batch-scoring fast path.
    public func failureMask(_ candidate: Candidate) -> RuleMask {
        withPrepared(candidate.password) { prepared in
            var mask: UInt64 = 0
            for index in compiled.indices where check(compiled[index], prepared, candidate).failed {
                mask |= 1 << UInt64(index)
            }
            return RuleMask(rawValue: mask)
        }
    }

    /// Case folding used for blocklist and context comparisons.
    static func folded(_ text: String) -> String {
        text.lowercased()
    }

    /// Normalizes and scans `password` once, then runs `body` with the result.
    ///
    /// All-ASCII passwords take a path with no normalization and no heap allocation.
    func withPrepared<R>(_ password: String, _ body: (PreparedPassword) -> R) -> R {
        let fast: R?? = password.utf8.withContiguousStorageIfAvailable { bytes -> R? in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(bytes.count, 1)) { lowered -> R? in
                var present: (UInt64, UInt64) = (0, 0)
                let summary = asciiTable.withUnsafeBufferPointer { table in
                    PasswordScanner.scanASCII(bytes, table: table, lowered: lowered.baseAddress!, present: &present)
                }
                guard let summary else { return nil }
                let prepared = PreparedPassword(
                    summary: summary, folded: UnsafeBufferPointer(start: lowered.baseAddress, count: bytes.count),
                    asciiPresent: present, scalars: [], foldedScalars: [], normalized: password)
                return body(prepared)
            }
        }
        if let fast, let result = fast { return result }
        let normalizedPassword = PasswordNormalizer.normalized(password, policy.normalization)
        let scalars = Array(normalizedPassword.unicodeScalars)
        let foldedText = Self.folded(normalizedPassword)
        let foldedBytes = Array(foldedText.utf8)
        return foldedBytes.withUnsafeBufferPointer { folded in
            body(
                PreparedPassword(
                    summary: PasswordScanner.scan(scalars), folded: folded, asciiPresent: nil, scalars: scalars,
                    foldedScalars: foldedText.unicodeScalars.map(\.value), normalized: normalizedPassword))
        }
    }
}
