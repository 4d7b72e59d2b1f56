/// One point of a history: the candidates of one run or one period, scored under the bucket's version(s).
package struct HistoryBucket: Sendable, Equatable, Codable {
    /// The bucket's key: the run id for `run` buckets, else `2026-11-30`, `2026-W48` or `2026-11`.
    package var key: String
    /// The run's id, for `run` buckets only.
    package var runID: Int64?
    /// The run's label, for `run` buckets only (when the run has one).
    package var runLabel: String?
    /// The policy version numbers that scored the bucket, ascending.
    package private(set) var versions: [Int]
    /// Candidate scorings in the bucket (a candidate scored under two versions counts twice).
    package var total: Int
    /// Of those, how many would unlock the reset.
    package var unlocked: Int
    /// The rule that blocks most in the bucket; nil when nothing was blocked.
    package var topBlockingRule: RuleCount?
    /// In-force histories only: candidates of the bucket not counted in `total` because the run that holds them did
    /// not score the version in force on their submission day (or no version was in force yet).
    package var notScored: Int

    /// Creates a bucket; `versions` is sorted and deduplicated.
    package init(
        key: String, runID: Int64? = nil, runLabel: String? = nil, versions: [Int], total: Int, unlocked: Int,
        topBlockingRule: RuleCount?, notScored: Int = 0
    ) {
        self.key = key
        self.runID = runID
        self.runLabel = runLabel
        self.versions = Array(Set(versions)).sorted()
        self.total = total
        self.unlocked = unlocked
        self.topBlockingRule = topBlockingRule
        self.notScored = notScored
    }

    /// The key of the bucket of candidates without a submission time, whatever the period.
    package static let noTimeKey = "time: none"
    /// The key of the bucket of candidates whose submission time is not a valid timestamp.
    package static let invalidTimeKey = "time: invalid"

    /// Whether the bucket holds the candidates without a valid submission time (`time: none`, `time: invalid`),
    /// which have no place on a time axis.
    package var isUndated: Bool {
        runID == nil && (key == Self.noTimeKey || key == Self.invalidTimeKey)
    }

    /// The unlock rate of the bucket.
    package var rate: Percentage { Percentage(unlocked, of: total) }

    /// How the bucket is named in tables and charts: the key, plus the run label for run buckets.
    package var displayKey: String {
        guard let runID else { return key }
        return runLabel.map { "run \(runID) (\($0))" } ?? "run \(runID)"
    }

    /// The references of the bucket's versions under `policyName` (`corp@2`, `corp@3`).
    package func references(policyName: String) -> [String] {
        versions.map { "\(policyName)@\($0)" }
    }

    private enum CodingKeys: String, CodingKey {
        case key
        case runID = "run_id"
        case runLabel = "run_label"
        case versions, total, unlocked
        case topBlockingRule = "top_blocking_rule"
        case notScored = "not_scored"
    }

    /// Decodes a bucket object.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            key: try container.decode(String.self, forKey: .key),
            runID: try container.decodeIfPresent(Int64.self, forKey: .runID),
            runLabel: try container.decodeIfPresent(String.self, forKey: .runLabel),
            versions: try container.decode([Int].self, forKey: .versions),
            total: try container.decode(Int.self, forKey: .total),
            unlocked: try container.decode(EncodedShare.self, forKey: .unlocked).count,
            topBlockingRule: try container.decodeIfPresent(RuleCount.self, forKey: .topBlockingRule),
            notScored: try container.decodeIfPresent(Int.self, forKey: .notScored) ?? 0
        )
    }

    /// Encodes a bucket object; `unlocked.percent` is the rate, the top rule's percent is of `total`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(runID, forKey: .runID)
        try container.encode(runLabel, forKey: .runLabel)
        try container.encode(versions, forKey: .versions)
        try container.encode(total, forKey: .total)
        try container.encode(notScored, forKey: .notScored)
        try container.encode(EncodedShare(unlocked, of: total), forKey: .unlocked)
        if let topBlockingRule {
            let share = Percentage(topBlockingRule.count, of: total)
            try container.encode(EncodedWithPercent(base: topBlockingRule, share: share), forKey: .topBlockingRule)
        } else {
            try container.encodeNil(forKey: .topBlockingRule)
        }
    }
}
