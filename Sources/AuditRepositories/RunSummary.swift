/// Everything a report needs about one run, precomputed when the run completes (the `run_*_summary` tables).
package struct RunSummary: Sendable, Equatable {
    /// Totals per scored version.
    package var versions: [RunVersionSummaryRow]
    /// Failures per rule per version.
    package var rules: [RunRuleSummaryRow]
    /// Joint failures per rule pair per version.
    package var rulePairs: [RunRulePairSummaryRow]
    /// Histogram of password lengths.
    package var lengths: [RunLengthSummaryRow]
    /// Counts per character-class composition.
    package var compositions: [RunCompositionSummaryRow]
    /// Fingerprint reuse, if computed.
    package var reuse: RunReuseSummaryRow?
    /// Rejected rows per reason.
    package var rejects: [RunRejectSummaryRow]
    /// Totals per version per submission day.
    package var days: [RunDaySummaryRow]
    /// Rule failures per version per submission day.
    package var dayRules: [RunDayRuleSummaryRow]
    /// Breach-corpus matches by breach count, per version with a breach-corpus rule.
    package var breaches: [RunBreachSummaryRow]
    /// Candidates and unlocked ones per strength score, per version (empty when no estimate was stored).
    package var strength: [RunStrengthSummaryRow]
    /// Candidates per tuning key, per version (`run_tuning_cell`, schema 13), in key order.
    package var tuning: [RunTuningCellRow]

    /// Creates a summary; every part defaults to empty.
    package init(
        versions: [RunVersionSummaryRow] = [], rules: [RunRuleSummaryRow] = [],
        rulePairs: [RunRulePairSummaryRow] = [], lengths: [RunLengthSummaryRow] = [],
        compositions: [RunCompositionSummaryRow] = [], reuse: RunReuseSummaryRow? = nil,
        rejects: [RunRejectSummaryRow] = [], days: [RunDaySummaryRow] = [], dayRules: [RunDayRuleSummaryRow] = [],
        breaches: [RunBreachSummaryRow] = [], strength: [RunStrengthSummaryRow] = [],
        tuning: [RunTuningCellRow] = []
    ) {
        self.versions = versions
        self.rules = rules
        self.rulePairs = rulePairs
        self.lengths = lengths
        self.compositions = compositions
        self.reuse = reuse
        self.rejects = rejects
        self.days = days
        self.dayRules = dayRules
        self.breaches = breaches
        self.strength = strength
        self.tuning = tuning
    }
}
