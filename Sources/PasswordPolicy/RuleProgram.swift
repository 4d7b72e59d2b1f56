/// Owns everything a ``CompiledPolicy`` evaluates with: rule tables, blocklists, regexes.
///
/// Immutable after `init`. Evaluation goes through ``evaluator``, a plain value over this object's buffers,
/// so threads evaluating the same policy never touch a shared reference count.
final class RuleProgram: @unchecked Sendable {
    static let builtinCommon = BlocklistTable(BuiltinCommonPasswords.entries.map { Array($0.utf8) })

    let scalarSets: [ScalarSet]
    let blocklists: [BlocklistTable]
    let patterns: [PatternMatcher]
    private let rules: UnsafeMutableBufferPointer<CompiledRule>
    private let asciiTable: UnsafeMutableBufferPointer<ASCIIInfo>
    private let lookups: UnsafeMutableBufferPointer<BlocklistLookup>

    /// The evaluation view; valid while this object is alive.
    private(set) var evaluator: RuleEvaluator!

    init(_ policy: PasswordPolicy) throws(PolicyError) {
        var tables = RuleSideTables()
        var lowered: [CompiledRule] = []
        for (index, rule) in policy.rules.enumerated() {
            lowered.append(try tables.lower(rule.kind, normalization: policy.normalization, path: "rules[\(index)]"))
        }
        rules = .allocate(capacity: lowered.count)
        _ = rules.initialize(from: lowered)
        asciiTable = .allocate(capacity: ASCIIInfo.table.count)
        _ = asciiTable.initialize(from: ASCIIInfo.table)
        lookups = .allocate(capacity: Swift.max(tables.blocklists.count, 1))
        _ = lookups.initialize(from: tables.blocklists.map(\.lookup))
        scalarSets = tables.scalarSets
        blocklists = tables.blocklists
        patterns = tables.patterns
        evaluator = RuleEvaluator(
            rules: UnsafeBufferPointer(rules), asciiTable: UnsafeBufferPointer(asciiTable),
            builtin: Self.builtinCommon.lookup,
            blocklists: UnsafeBufferPointer(rebasing: lookups[..<tables.blocklists.count]), owner: self,
            normalization: policy.normalization,
            tracksSequences: lowered.contains {
                if case .maxSequence = $0 { return true }
                return false
            })
    }

    deinit {
        rules.deinitialize()
        rules.deallocate()
        asciiTable.deallocate()
        lookups.deallocate()
    }
}
