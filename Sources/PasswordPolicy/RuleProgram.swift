import PolicyPattern

/// Owns everything a ``CompiledPolicy`` evaluates with: rule tables, blocklists, regexes.
///
/// Immutable after `init`. Evaluation goes through ``evaluator``, a plain value over this object's buffers,
/// so threads evaluating the same policy never touch a shared reference count.
final class RuleProgram: @unchecked Sendable {
    static let builtinCommon = BlocklistTable(BuiltinCommonPasswords.entries.map { Array($0.utf8) })
    /// Built the first time a policy names `builtin:top-10k`.
    static let builtinTop10k = BlocklistTable(BuiltinTopPasswords.entries.map { Array($0.utf8) })

    /// The evaluation view; valid while this object is alive.
    let evaluator: RuleEvaluator
    /// Keeps the custom blocklists' buffers alive.
    private let blocklists: [BlocklistTable]
    /// Keeps the breach corpora the evaluator holds unretained alive.
    private let sources: [any BlocklistSource]
    private let sourceSlots: UnsafeMutableBufferPointer<BlocklistSourceSlot>
    /// The `banned-terms` matchers, in ``CompiledRule/bannedTerms(matcher:)`` order.
    let bannedTerms: [BannedTermsMatcher]
    private let bannedTermSlots: UnsafeMutableBufferPointer<BannedTermsSlot>
    private let rules: UnsafeMutableBufferPointer<CompiledRule>
    private let asciiTable: UnsafeMutableBufferPointer<ASCIIInfo>
    private let lookups: UnsafeMutableBufferPointer<BlocklistLookup>
    private let scalarSets: UnsafeMutableBufferPointer<ScalarSet>
    private let patterns: UnsafeMutableBufferPointer<PatternMatcher>
    private let wordLists: UnsafeMutableBufferPointer<ForbiddenWordList>
    private let organization: UnsafeMutableBufferPointer<String?>
    private let countedChecks: UnsafeMutableBufferPointer<CountedCheck>
    private let uncountedRules: UnsafeMutableBufferPointer<Int>
    /// What the evaluator's `tables` points to.
    private let ruleTables: UnsafeMutablePointer<RuleTables>

    init(_ policy: PasswordPolicy, sources available: [BreachCorpusReference: any BlocklistSource] = [:])
        throws(PolicyError)
    {
        var tables = RuleSideTables()
        tables.availableSources = available
        tables.mode = policy.evaluation
        tables.organization =
            policy.rules.lazy.compactMap { rule -> String? in
                if case .bannedTerms(let banned) = rule.kind { return banned.organization }
                return nil
            }.first
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
        organization = Self.buffer([tables.organization])
        let counted = lowered.enumerated().map { CountedCheck($0.element, index: $0.offset) }
        countedChecks = Self.buffer(counted.compactMap { $0 })
        uncountedRules = Self.buffer(counted.indices.filter { counted[$0] == nil })
        blocklists = tables.blocklists
        sources = tables.sources
        sourceSlots = Self.buffer(tables.sources.map { BlocklistSourceSlot(source: $0) })
        bannedTerms = tables.bannedTerms
        bannedTermSlots = Self.buffer(tables.bannedTerms.map { BannedTermsSlot(matcher: $0) })
        ruleTables = .allocate(capacity: 1)
        ruleTables.initialize(
            to: RuleTables(
                builtin: Self.builtinCommon.lookup,
                builtinTop: lowered.contains {
                    if case .blocklist(2, _, _) = $0 { return true }
                    return false
                } ? Self.builtinTop10k.lookup : Self.builtinCommon.lookup,
                blocklists: UnsafeBufferPointer(lookups),
                scalarSets: UnsafeBufferPointer(scalarSets), patterns: UnsafeBufferPointer(patterns),
                sources: UnsafeBufferPointer(sourceSlots), bannedTerms: UnsafeBufferPointer(bannedTermSlots),
                wordLists: UnsafeBufferPointer(wordLists), organization: UnsafePointer(organization.baseAddress!),
                countedChecks: UnsafeBufferPointer(countedChecks), uncountedRules: UnsafeBufferPointer(uncountedRules)))
        evaluator = RuleEvaluator(
            rules: UnsafeBufferPointer(rules), asciiTable: UnsafeBufferPointer(asciiTable),
            tables: UnsafePointer(ruleTables), normalization: policy.normalization, mode: policy.evaluation,
            tracksSequences: lowered.contains {
                if case .maxSequence = $0 { return true }
                return false
            },
            preparesPassword: policy.evaluation != .pwquality || !lowered.allSatisfy(RuleEvaluator.isBytewise),
            scanNeeds: RuleEvaluator.scanNeeds(lowered), tuningLengthRule: TuningLengthRule(lowered))
    }

    private static func buffer<T>(_ values: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: values.count)
        _ = buffer.initialize(from: values)
        return buffer
    }

    deinit {
        ruleTables.deinitialize(count: 1)
        ruleTables.deallocate()
        for buffer in [
            rules, asciiTable, lookups, scalarSets, patterns, wordLists, organization, sourceSlots, bannedTermSlots,
            countedChecks, uncountedRules,
        ] as [any DeallocatableBuffer] {
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
