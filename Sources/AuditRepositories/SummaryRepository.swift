/// The per-run summaries a completed import writes and the reports read.
package protocol SummaryRepository {
    /// Replaces the summaries of run `runID` with `summary`.
    func write(runID: Int64, summary: RunSummary) throws
    /// Replaces run `runID`'s per-account rows (its last candidate of each username) from its stored candidates.
    func writeAccounts(runID: Int64) throws
    /// Every summary of run `runID`.
    func read(runID: Int64) throws -> RunSummary
    /// Totals per scored version.
    func versions(runID: Int64) throws -> [RunVersionSummaryRow]
    /// Failures per rule per version.
    func rules(runID: Int64) throws -> [RunRuleSummaryRow]
    /// Joint failures per rule pair per version.
    func rulePairs(runID: Int64) throws -> [RunRulePairSummaryRow]
    /// Histogram of password lengths.
    func lengths(runID: Int64) throws -> [RunLengthSummaryRow]
    /// Counts per character-class composition.
    func compositions(runID: Int64) throws -> [RunCompositionSummaryRow]
    /// Fingerprint reuse, if computed.
    func reuse(runID: Int64) throws -> RunReuseSummaryRow?
    /// Rejected rows per reason.
    func rejects(runID: Int64) throws -> [RunRejectSummaryRow]
    /// Totals per version per submission day.
    func days(runID: Int64) throws -> [RunDaySummaryRow]
    /// Rule failures per version per submission day.
    func dayRules(runID: Int64) throws -> [RunDayRuleSummaryRow]
    /// Rule failures per submission day of the versions `versionIDs` only, in `dayRules(runID:)`'s order: `history`
    /// reads one policy's, and a run's day rows are its largest summary (a store may filter them where it keeps them).
    func dayRules(runID: Int64, versionIDs: [Int64]) throws -> [RunDayRuleSummaryRow]
    /// Breach-corpus matches by breach count, per version with a breach-corpus rule.
    func breaches(runID: Int64) throws -> [RunBreachSummaryRow]
    /// Candidates and unlocked ones per strength score, per version, for a run whose candidates have stored estimates
    /// (empty otherwise), by version then score.
    func strength(runID: Int64) throws -> [RunStrengthSummaryRow]
    /// The tuning cells of version `versionID` in run `runID` (`tune` sums them), in key order (mask as a signed
    /// 64-bit integer, length, classes, score with none first); empty for a run completed before schema 13.
    func tuningCells(runID: Int64, versionID: Int64) throws -> [RunTuningCellRow]
    /// The day summaries (`days`, `dayRules`) of the versions `versionIDs` in the runs `runIDs`, added up per version
    /// and period of `grouping` by the store, for the days from `since` to `until` (`YYYY-MM-DD`, inclusive; with
    /// either bound, no `none` or `invalid` rows); nil when the store adds up no cheaper than its reader (then
    /// `history` reads each run's day rows).
    func periodSums(
        runIDs: [Int64], versionIDs: [Int64], grouping: SummaryDayGrouping, since: String?, until: String?
    ) throws -> PeriodSums?
    /// In-force `history`'s day summaries, added up by the store: per span of `spans` (a run's days judged by one
    /// version or by none) and period of `grouping` (nil: per span only), the judged spans' totals and rule failures
    /// under their scoring version, and the candidates of the unjudged spans and of the days that are no date, for the
    /// days from `since` to `until` as `periodSums`; nil when the store adds up no cheaper than its reader.
    func inForceSums(
        spans: [InForceSpan], grouping: SummaryDayGrouping?, since: String?, until: String?
    ) throws -> InForceSums?
}

extension SummaryRepository {
    /// `dayRules(runID:)` filtered here: for a store where reading them all costs no more.
    package func dayRules(runID: Int64, versionIDs: [Int64]) throws -> [RunDayRuleSummaryRow] {
        let wanted = Set(versionIDs)
        return try dayRules(runID: runID).filter { wanted.contains($0.policyVersionID) }
    }

    /// None: a store whose day rows are read in-process adds them up no cheaper than `history` does.
    package func periodSums(
        runIDs: [Int64], versionIDs: [Int64], grouping: SummaryDayGrouping, since: String?, until: String?
    ) throws -> PeriodSums? { nil }

    /// None, as `periodSums`.
    package func inForceSums(
        spans: [InForceSpan], grouping: SummaryDayGrouping?, since: String?, until: String?
    ) throws -> InForceSums? { nil }
}
