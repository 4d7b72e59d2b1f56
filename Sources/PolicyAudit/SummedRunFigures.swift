import AuditRepositories
import PolicyCSV

/// The figures of one or more runs' stored summaries that add across runs, added up: a run's candidates are its own,
/// so per-version totals, unlocks, near misses, rule failures, rule pairs, breach buckets, strength scores, lengths,
/// compositions,
/// rejects and undated candidates of several runs are the sums of theirs. Fingerprint reuse is not among them (a
/// password two runs share is in neither run's groups); `RunReportBuilder` shows it per run.
struct SummedRunFigures {
    /// Candidates scored, unlocked and missed by one rule, per version.
    var totals: [Int64: RunVersionSummaryRow] = [:]
    /// Per version, per rule bit: failures and near misses blocked by that rule alone.
    var rules: [Int64: [Int: RunRuleSummaryRow]] = [:]
    /// Per version, per rule pair (lower bit, higher bit): candidates failing both.
    var pairs: [Int64: [Pair: Int]] = [:]
    /// Per version with a breach-corpus rule: candidates per breach bucket.
    var breaches: [Int64: RunBreachSummaryRow] = [:]
    /// Per version whose runs stored strength estimates: candidates and unlocked ones per score (0-4).
    var strength: [Int64: [(candidates: Int, unlocked: Int)]] = [:]
    /// Candidates per password length.
    var lengths: [Int: Int] = [:]
    /// Candidates per character-class composition.
    var compositions: [String: Int] = [:]
    /// Rejected rows per reason.
    var rejects: [String: Int] = [:]
    /// Accepted rows without a submission time, and with one that could not be read.
    var timeNone = 0
    var timeInvalid = 0
    /// Rows read, accepted and rejected.
    var read = 0
    var accepted = 0
    var rejected = 0

    /// A rule pair of one version.
    struct Pair: Hashable {
        var bitA: Int
        var bitB: Int
    }

    /// Adds the stored summaries and row counts of `run`.
    mutating func add(_ run: StoredRun, from summaries: any SummaryRepository) throws {
        (read, accepted, rejected) = (read + run.rowsRead, accepted + run.rowsAccepted, rejected + run.rowsRejected)
        for row in try summaries.versions(runID: run.id) {
            var total =
                totals[row.policyVersionID]
                ?? RunVersionSummaryRow(
                    policyVersionID: row.policyVersionID, total: 0, unlocked: 0, nearMiss: 0)
            total.total += row.total
            total.unlocked += row.unlocked
            total.nearMiss += row.nearMiss
            totals[row.policyVersionID] = total
        }
        for row in try summaries.rules(runID: run.id) {
            var sum =
                rules[row.policyVersionID]?[row.bit]
                ?? RunRuleSummaryRow(
                    policyVersionID: row.policyVersionID, bit: row.bit, failures: 0, onlyFailure: 0)
            sum.failures += row.failures
            sum.onlyFailure += row.onlyFailure
            rules[row.policyVersionID, default: [:]][row.bit] = sum
        }
        for row in try summaries.rulePairs(runID: run.id) {
            pairs[row.policyVersionID, default: [:]][Pair(bitA: row.bitA, bitB: row.bitB), default: 0] += row.failures
        }
        // A run stores one breach row per version; were there two, the last is the run's (as one run's report reads).
        for row in Dictionary(
            try summaries.breaches(runID: run.id).map { ($0.policyVersionID, $0) }, uniquingKeysWith: { $1 }
        ).values {
            let before = breaches[row.policyVersionID]?.buckets ?? Array(repeating: 0, count: row.buckets.count)
            breaches[row.policyVersionID] = RunBreachSummaryRow(
                policyVersionID: row.policyVersionID, buckets: zip(before, row.buckets).map { $0 + $1 })
        }
        for row in try summaries.strength(runID: run.id) where (0...4).contains(row.score) {
            var scores = strength[row.policyVersionID] ?? Array(repeating: (0, 0), count: 5)
            scores[row.score].candidates += row.candidates
            scores[row.score].unlocked += row.unlocked
            strength[row.policyVersionID] = scores
        }
        for row in try summaries.lengths(runID: run.id) { lengths[row.length, default: 0] += row.count }
        for row in try summaries.compositions(runID: run.id) { compositions[row.composition, default: 0] += row.count }
        for row in try summaries.rejects(runID: run.id) { rejects[row.reason, default: 0] += row.count }
        // Every version of a run saw every candidate: the first version's undated days count them once.
        for row in try summaries.days(runID: run.id) where row.policyVersionID == run.versionIDs.first {
            if row.day == SubmissionDay.noneText { timeNone += row.total }
            if row.day == SubmissionDay.invalidText { timeInvalid += row.total }
        }
    }
}
