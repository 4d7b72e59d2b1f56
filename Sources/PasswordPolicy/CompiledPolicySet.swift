/// Several compiled policies evaluated together, as a batch audit scores each candidate against every version:
/// the password is normalized and scanned once per normalization form the policies use, not once per policy, and
/// the context rule's searches are shared between them.
///
/// Each policy's mask equals its own ``CompiledPolicy/failureMask(_:)``. Safe to use from many threads.
public struct CompiledPolicySet: Sendable {
    /// The policies, in the order their masks are returned.
    public let policies: [CompiledPolicy]
    /// Per normalization form used, one evaluator that prepares the password for all the policies of that form
    /// (tracking sequences when any of them needs it).
    private let preparers: [RuleEvaluator]
    /// The policies (by index) that read the prepared password, grouped by preparer: those of preparer `p` are
    /// `preparedMembers[preparedRanges[p]]`. A preparer none of them uses is never run.
    private let preparedMembers: [Int]
    private let preparedRanges: [Range<Int>]
    /// The policies whose rules all read bytes (compat mode), which need no preparation.
    private let bytewiseMembers: [Int]
    /// The policies' evaluators: plain values, read without touching the policies' reference counts.
    private let evaluators: [RuleEvaluator]
    /// Per policy, an earlier policy (by index) whose tuning features are this one's (``RuleEvaluator/
    /// readsTuningFeatures(as:)``), or -1: features are computed once per distinct reading.
    private let featureSources: [Int]

    /// A set of `policies`, evaluated in this order.
    public init(_ policies: [CompiledPolicy]) {
        self.policies = policies
        let evaluators = policies.map(\.evaluator)
        self.evaluators = evaluators
        var preparers: [RuleEvaluator] = []
        let preparerOf = evaluators.map { evaluator in
            guard let index = preparers.firstIndex(where: { $0.normalization == evaluator.normalization }) else {
                preparers.append(evaluator)
                return preparers.count - 1
            }
            if evaluator.tracksSequences { preparers[index] = preparers[index].trackingSequences() }
            return index
        }
        self.preparers = preparers
        var members: [Int] = []
        preparedRanges = preparers.indices.map { preparer in
            let start = members.count
            members += evaluators.indices.filter { preparerOf[$0] == preparer && evaluators[$0].preparesPassword }
            return start..<members.count
        }
        preparedMembers = members
        bytewiseMembers = evaluators.indices.filter { !evaluators[$0].preparesPassword }
        featureSources = evaluators.indices.map { index in
            evaluators[..<index].firstIndex { $0.readsTuningFeatures(as: evaluators[index]) } ?? -1
        }
    }

    /// Writes each policy's failure mask for `candidate` into `masks` (one per policy, in order).
    package func failureMasks(_ candidate: Candidate, into masks: UnsafeMutableBufferPointer<UInt64>) {
        candidate.withBytes { failureMasks($0, into: masks) }
    }

    /// Writes each policy's failure mask into `masks` for a candidate given as UTF-8 bytes, as a batch importer
    /// holds them; the masks equal those of the same candidate given as strings. The bytes must be valid UTF-8.
    ///
    /// With `breachCounts` (one per policy), also writes each policy's breach count: the largest count among its
    /// breach-corpus rules that refused the password, 0 when none did; it comes from the rules' own lookups.
    ///
    /// With `features` (one per policy), also writes each policy's ``TuningFeatures`` of the candidate, from the same
    /// preparation and scan as its mask.
    package func failureMasks(
        password: UnsafeBufferPointer<UInt8>, username: UnsafeBufferPointer<UInt8>?,
        email: UnsafeBufferPointer<UInt8>?, into masks: UnsafeMutableBufferPointer<UInt64>,
        breachCounts: UnsafeMutableBufferPointer<Int>? = nil,
        features: UnsafeMutableBufferPointer<TuningFeatures>? = nil
    ) {
        failureMasks(
            CandidateBytes(password: password, username: username, email: email), into: masks,
            breachCounts: breachCounts, features: features)
    }

    private func failureMasks(
        _ candidate: CandidateBytes, into masks: UnsafeMutableBufferPointer<UInt64>,
        breachCounts: UnsafeMutableBufferPointer<Int>? = nil,
        features: UnsafeMutableBufferPointer<TuningFeatures>? = nil
    ) {
        precondition(masks.count == policies.count, "one mask per policy")
        precondition(breachCounts.map { $0.count == policies.count } ?? true, "one breach count per policy")
        precondition(features.map { $0.count == policies.count } ?? true, "one feature slot per policy")
        let featureBase = features?.baseAddress
        withExtendedLifetime(policies) {
            preparers.withUnsafeBufferPointer { preparers in
                evaluators.withUnsafeBufferPointer { evaluators in
                    preparedMembers.withUnsafeBufferPointer { members in
                        for member in bytewiseMembers {
                            masks[member] = evaluators[member].failureMask(
                                candidate, features: featureSources[member] < 0 ? featureBase.map { $0 + member } : nil)
                            breachCounts?[member] = 0  // no breach-corpus rule reads bytes alone
                        }
                        for (preparer, range) in preparedRanges.enumerated() where !range.isEmpty {
                            preparers[preparer].withPrepared(candidate.password) { prepared in
                                var contexts = ContextAnswers()
                                for member in members[range] {
                                    var breachCount = 0
                                    masks[member] = evaluators[member].failureMask(
                                        prepared, candidate, contexts: &contexts, breachCount: &breachCount,
                                        features: featureSources[member] < 0 ? featureBase.map { $0 + member } : nil)
                                    breachCounts?[member] = breachCount
                                }
                            }
                        }
                    }
                }
            }
        }
        guard let featureBase else { return }
        for (member, source) in featureSources.enumerated() where source >= 0 {
            featureBase[member] = featureBase[source]
        }
    }

    /// Each policy's failure mask for `candidate`, in order.
    public func failureMasks(_ candidate: Candidate) -> [RuleMask] {
        var masks = [UInt64](repeating: 0, count: policies.count)
        masks.withUnsafeMutableBufferPointer { failureMasks(candidate, into: $0) }
        return masks.map(RuleMask.init(rawValue:))
    }
}
