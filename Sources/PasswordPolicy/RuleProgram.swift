/// Owns everything a ``CompiledPolicy`` evaluates with: rule tables, blocklists, regexes.
///
/// Immutable after `init`. Evaluation goes through ``evaluator``, a plain value over this object's buffers,
/// so threads evaluating the same policy never touch a shared reference count.
final class RuleProgram: @unchecked Sendable {
    static let builtinCommon = BlocklistTable(BuiltinCommonPasswords.entries.map { Array($0.utf8) })

    /// The evaluation view; valid while this object is alive.
    let evaluator: RuleEvaluator
    /// Keeps the custom blocklists' buffers alive.
    private let blocklists: [BlocklistTable]
    private let rules: UnsafeMutableBufferPointer<CompiledRule>
    private let asciiTable: UnsafeMutableBufferPointer<ASCIIInfo>
    private let lookups: UnsafeMutableBufferPointer<BlocklistLookup>
    private let scalarSets: UnsafeMutableBufferPointer<ScalarSet>
    private let patterns: UnsafeMutableBufferPointer<PatternMatcher>
    private let wordLists: UnsafeMutableBufferPointer<ForbiddenWordList>

    init(_ policy: PasswordPolicy) throws(PolicyError) {
        var tables = RuleSideTables()
        tables.mode = policy.evaluation
        var lowered: [CompiledRule] = []
        for (index, rule) in policy.rules.enumerated() {
            lowered.append(try tables.lower(rule.kind, normalization: policy.normalization, path: "rules[\(index)]"))
        }
        rules = Self.buffer(lowered)
        asciiTable = Self.buffer(ASCIIInfo.table)
        lookups = Self.buffer(tables.blocklists.map(\.lookup))
        scalarSets = Self.buffer(tables.scalarSets)
        patterns = Self.buffer(tables.patterns)
        wordLists = Self.buffer(tables.wordLists)
        blocklists = tables.blocklists
        evaluator = RuleEvaluator(
            rules: UnsafeBufferPointer(rules), asciiTable: UnsafeBufferPointer(asciiTable),
            builtin: Self.builtinCommon.lookup, blocklists: UnsafeBufferPointer(lookups),
            scalarSets: UnsafeBufferPointer(scalarSets), patterns: UnsafeBufferPointer(patterns),
            wordLists: UnsafeBufferPointer(wordLists), normalization: policy.normalization, mode: policy.evaluation,
            tracksSequences: lowered.contains {
                if case .maxSequence = $0 { return true }
                return false
            },
            preparesPassword: policy.evaluation != .pwquality || !lowered.allSatisfy(RuleEvaluator.isBytewise),
            scanNeeds: RuleEvaluator.scanNeeds(lowered))
    }

    private static func buffer<T>(_ values: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: values.count)
        _ = buffer.initialize(from: values)
        return buffer
    }

    deinit {
        for buffer in [rules, asciiTable, lookups, scalarSets, patterns, wordLists] as [any DeallocatableBuffer] {
            buffer.deinitializeAndDeallocate()
        }
    }
}

/// A typed buffer this file allocated and initialized.
private protocol DeallocatableBuffer {
    func deinitializeAndDeallocate()
}

extension UnsafeMutableBufferPointer: DeallocatableBuffer {
    fileprivate func deinitializeAndDeallocate() {
        _ = deinitialize()
        deallocate()
    }
}
