/// Several compiled policies evaluated together, as a batch audit scores each candidate against every version:
/// the password is normalized and scanned once per normalization form the policies use, not once per policy, and
/// the context rule's searches are shared between them.
///
/// Each policy's mask equals its own ``CompiledPolicy/failureMask(_:)``. Safe to use from many threads.
public struct CompiledPolicySet: Sendable {
    /// The policies, in the order their masks are returned.
    public let policies: [CompiledPolicy]
    /// The buffers ``plan`` reads; kept alive with the set.
    private let storage: PlanStorage
    /// What scoring a candidate reads, as plain pointers: copying it (into the closures of ``failureMasks(_:into:
    /// breachCounts:features:)``) touches no reference count, where copying the set's arrays retained six of them per
    /// candidate.
    private let plan: Plan

    /// A set of `policies`, evaluated in this order.
    public init(_ policies: [CompiledPolicy]) {
        self.policies = policies
        let evaluators = policies.map(\.evaluator)
        var preparers: [RuleEvaluator] = []
        let preparerOf = evaluators.map { evaluator in
            guard let index = preparers.firstIndex(where: { $0.normalization == evaluator.normalization }) else {
                preparers.append(evaluator)
                return preparers.count - 1
            }
            if evaluator.tracksSequences { preparers[index] = preparers[index].trackingSequences() }
            return index
        }
        var members: [Int] = []
        let preparedRanges = preparers.indices.map { preparer in
            let start = members.count
            members += evaluators.indices.filter { preparerOf[$0] == preparer && evaluators[$0].preparesPassword }
            return start..<members.count
        }
        let featureSources = evaluators.indices.map { index in
            evaluators[..<index].firstIndex { $0.readsTuningFeatures(as: evaluators[index]) } ?? -1
        }
        storage = PlanStorage(
            preparers: preparers, evaluators: evaluators, preparedMembers: members, preparedRanges: preparedRanges,
            bytewiseMembers: evaluators.indices.filter { !evaluators[$0].preparesPassword },
            featureSources: featureSources)
        plan = storage.plan
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
        let plan = plan
        for member in plan.bytewiseMembers {
            masks[member] = plan.evaluators[member].failureMask(
                candidate, features: plan.featureSources[member] < 0 ? featureBase.map { $0 + member } : nil)
            breachCounts?[member] = 0  // no breach-corpus rule reads bytes alone
        }
        for (preparer, range) in plan.preparedRanges.enumerated() where !range.isEmpty {
            plan.preparers[preparer].withPrepared(candidate.password) { prepared in
                var contexts = ContextAnswers()
                for member in plan.preparedMembers[range] {
                    var breachCount = 0
                    masks[member] = plan.evaluators[member].failureMask(
                        prepared, candidate, contexts: &contexts, breachCount: &breachCount,
                        features: plan.featureSources[member] < 0 ? featureBase.map { $0 + member } : nil)
                    breachCounts?[member] = breachCount
                }
            }
        }
        guard let featureBase else { return }
        for (member, source) in plan.featureSources.enumerated() where source >= 0 {
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

/// ``CompiledPolicySet``'s evaluation plan as plain pointers into ``PlanStorage``'s buffers.
private struct Plan: @unchecked Sendable {
    /// Per normalization form used, one evaluator that prepares the password for all the policies of that form
    /// (tracking sequences when any of them needs it).
    var preparers: UnsafeBufferPointer<RuleEvaluator>
    /// The policies' evaluators: plain values, read without touching the policies' reference counts.
    var evaluators: UnsafeBufferPointer<RuleEvaluator>
    /// The policies (by index) that read the prepared password, grouped by preparer: those of preparer `p` are
    /// `preparedMembers[preparedRanges[p]]`. A preparer none of them uses is never run.
    var preparedMembers: UnsafeBufferPointer<Int>
    var preparedRanges: UnsafeBufferPointer<Range<Int>>
    /// The policies whose rules all read bytes (compat mode), which need no preparation.
    var bytewiseMembers: UnsafeBufferPointer<Int>
    /// Per policy, an earlier policy (by index) whose tuning features are this one's (``RuleEvaluator/
    /// readsTuningFeatures(as:)``), or -1: features are computed once per distinct reading.
    var featureSources: UnsafeBufferPointer<Int>
}

/// Owns the buffers of a ``Plan``; immutable after `init`.
private final class PlanStorage: @unchecked Sendable {
    let plan: Plan
    private let buffers: [UnsafeMutableRawPointer]

    init(
        preparers: [RuleEvaluator], evaluators: [RuleEvaluator], preparedMembers: [Int], preparedRanges: [Range<Int>],
        bytewiseMembers: [Int], featureSources: [Int]
    ) {
        var buffers: [UnsafeMutableRawPointer] = []
        func buffer<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: Swift.max(values.count, 1))
            _ = buffer.initialize(from: values)
            buffers.append(UnsafeMutableRawPointer(buffer.baseAddress!))
            return UnsafeBufferPointer(start: buffer.baseAddress, count: values.count)
        }
        plan = Plan(
            preparers: buffer(preparers), evaluators: buffer(evaluators), preparedMembers: buffer(preparedMembers),
            preparedRanges: buffer(preparedRanges), bytewiseMembers: buffer(bytewiseMembers),
            featureSources: buffer(featureSources))
        self.buffers = buffers
    }

    deinit {
        // Every element type is trivial (plain values and pointers): freeing the memory is all there is to do.
        for buffer in buffers { buffer.deallocate() }
    }
}
