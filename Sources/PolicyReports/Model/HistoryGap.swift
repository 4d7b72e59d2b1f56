/// Candidates an in-force history could not judge: the run did not score the version in force on their days.
package struct HistoryGap: Sendable, Equatable, Codable {
    /// The run holding the candidates.
    package var runID: Int64
    /// The version in force on those days (`corp@2`), or nil when no version of the policy was in force yet.
    package var inForce: String?
    /// The first submission day affected (`2026-06-03`).
    package var firstDay: String
    /// The last submission day affected.
    package var lastDay: String
    /// How many submission days are affected.
    package var days: Int
    /// How many candidates were submitted on those days.
    package var candidates: Int

    /// Creates a gap record.
    package init(runID: Int64, inForce: String?, firstDay: String, lastDay: String, days: Int, candidates: Int) {
        self.runID = runID
        self.inForce = inForce
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.days = days
        self.candidates = candidates
    }

    /// One sentence for text reports: `run 2: 2 candidates submitted 2026-06-03 … fall under corp@2, not scored`.
    package var sentence: String {
        let span = firstDay == lastDay ? "on \(firstDay)" : "from \(firstDay) to \(lastDay) (\(days) days)"
        let count = "\(ReportNumber.grouped(candidates)) candidate\(candidates == 1 ? "" : "s")"
        guard let inForce else { return "run \(runID): \(count) submitted \(span), before any version was in force" }
        return "run \(runID): \(count) submitted \(span) fall under \(inForce), which the run did not score "
            + "(pwaudit rescore \(runID) --policy \(inForce) FILE)"
    }

    private enum CodingKeys: String, CodingKey {
        case runID = "run_id"
        case inForce = "in_force"
        case firstDay = "first_day"
        case lastDay = "last_day"
        case days, candidates
    }

    /// Encodes every key, `in_force` as `null` when no version was in force.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(runID, forKey: .runID)
        try container.encode(inForce, forKey: .inForce)
        try container.encode(firstDay, forKey: .firstDay)
        try container.encode(lastDay, forKey: .lastDay)
        try container.encode(days, forKey: .days)
        try container.encode(candidates, forKey: .candidates)
    }
}
