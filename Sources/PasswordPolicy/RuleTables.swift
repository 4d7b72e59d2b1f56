import PolicyPattern

/// The side tables of a ``RuleProgram`` that only some rules read (blocklists, character sets, patterns, breach
/// corpora, banned terms, word lists, the organization), which ``RuleEvaluator`` reaches through one pointer.
struct RuleTables {
    /// `builtin:common`.
    let builtin: BlocklistLookup
    /// `builtin:top-10k` when a rule names it (else `builtin`, never consulted).
    let builtinTop: BlocklistLookup
    let blocklists: UnsafeBufferPointer<BlocklistLookup>
    let scalarSets: UnsafeBufferPointer<ScalarSet>
    let patterns: UnsafeBufferPointer<PatternMatcher>
    let sources: UnsafeBufferPointer<BlocklistSourceSlot>
    let bannedTerms: UnsafeBufferPointer<BannedTermsSlot>
    let wordLists: UnsafeBufferPointer<ForbiddenWordList>
    /// The organization a `banned-terms` rule of the policy names, a user input of its `strength` rules.
    let organization: UnsafePointer<String?>
    /// The rules the Unicode mode judges from the scan's counts alone, and (by index) every other rule.
    let countedChecks: UnsafeBufferPointer<CountedCheck>
    let uncountedRules: UnsafeBufferPointer<Int>
}

extension RuleEvaluator {
    /// `builtin:common`.
    var builtin: BlocklistLookup { tables.pointee.builtin }
    /// `builtin:top-10k` when a rule names it (else `builtin`, never consulted).
    var builtinTop: BlocklistLookup { tables.pointee.builtinTop }
    var blocklists: UnsafeBufferPointer<BlocklistLookup> { tables.pointee.blocklists }
    var scalarSets: UnsafeBufferPointer<ScalarSet> { tables.pointee.scalarSets }
    var patterns: UnsafeBufferPointer<PatternMatcher> { tables.pointee.patterns }
    var sources: UnsafeBufferPointer<BlocklistSourceSlot> { tables.pointee.sources }
    var bannedTerms: UnsafeBufferPointer<BannedTermsSlot> { tables.pointee.bannedTerms }
    var wordLists: UnsafeBufferPointer<ForbiddenWordList> { tables.pointee.wordLists }
    /// The organization a `banned-terms` rule of the policy names, a user input of its `strength` rules.
    var organization: UnsafePointer<String?> { tables.pointee.organization }
    /// The rules the Unicode mode judges from the scan's counts alone (``CountedCheck``).
    var countedChecks: UnsafeBufferPointer<CountedCheck> { tables.pointee.countedChecks }
    /// The indices of the rules ``countedChecks`` does not hold, in order.
    var uncountedRules: UnsafeBufferPointer<Int> { tables.pointee.uncountedRules }
}
