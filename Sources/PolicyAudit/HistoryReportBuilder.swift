import AuditRepositories
import PolicyReports

/// Builds `pwaudit history`: a policy's unlock rate and top blocking rule per run, day, ISO week or month, across
/// complete runs, from the stored summaries only (`run_version_summary`, `run_rule_summary`, `run_day_summary`,
/// `run_day_rule_summary`).
///
/// By-version mode: every version is its own series, one bucket per period (or run) and version, ordered by period
/// then version. In-force mode: each candidate is judged by the version in force on its submission day (greatest
/// `effective_from` day not after it, ties to the higher version); a bucket may then mix versions, and rules are
/// matched across versions by rule id. Candidates without a valid `submitted_at` have no day: period buckets count
/// them under `time: none` / `time: invalid` (after the dated buckets, and only without `--since`/`--until`); in
/// in-force mode no version can judge them, so they are counted in `not_scored`.
package struct HistoryReportBuilder {
    private let workspace: AuditWorkspace

    /// A builder reading `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// The history `request` asks for.
    /// - Throws: `AuditStoreError.unknownPolicy` for an unknown policy or version; `ReportError.noRunsForPolicy` when
    ///   no complete run scored any version of the policy.
    package func build(_ request: HistoryRequest) throws -> HistoryReport {
        let versions = try workspace.policies.list().filter { $0.name == request.policyName }
        guard !versions.isEmpty else { throw AuditStoreError.unknownPolicy(reference: request.policyName) }
        if let number = request.version, !versions.contains(where: { $0.number == number }) {
            throw AuditStoreError.unknownPolicy(reference: "\(request.policyName)@\(number)")
        }
        let ids = Set(versions.map(\.id))
        let runs = try workspace.runs.list()
            .filter { $0.status == .complete && $0.versionIDs.contains(where: ids.contains) }
            .sorted { $0.id < $1.id }
        guard !runs.isEmpty else { throw ReportError.noRunsForPolicy(name: request.policyName) }
        var rules: [Int64: [Int: (id: String, label: String)]] = [:]
        for version in versions {
            rules[version.id] = Dictionary(
                uniqueKeysWithValues: try workspace.policies.rules(versionID: version.id).map {
                    ($0.bit, (id: $0.ruleID, label: $0.label))
                })
        }
        var state = State(request: request, versions: versions, rules: rules)
        let wanted = versions.filter { version in request.version.map { $0 == version.number } ?? true }
        if request.mode == .byVersion, let grouping = HistoryPeriod.dayGrouping(of: request.bucketKind),
            let sums = try workspace.summaries.periodSums(
                runIDs: runs.map(\.id), versionIDs: wanted.map(\.id), grouping: grouping, since: request.since,
                until: request.until)
        {
            state.addPeriodSums(sums)
            return report(request, state)
        }
        if request.mode == .inForce {
            let spans = runs.flatMap(state.spans(of:))
            if let sums = try workspace.summaries.inForceSums(
                spans: spans.map(\.span), grouping: HistoryPeriod.dayGrouping(of: request.bucketKind),
                since: request.since, until: request.until)
            {
                state.addInForceSums(
                    sums, spans: spans, runs: Dictionary(uniqueKeysWithValues: runs.map { ($0.id, $0) }))
                return report(request, state)
            }
        }
        for run in runs {
            if request.bucketKind == .run && request.mode == .byVersion {
                try state.addRunTotals(run, summaries: workspace.summaries)
            } else {
                try state.addDays(run, summaries: workspace.summaries)
            }
        }
        return report(request, state)
    }

    private func report(_ request: HistoryRequest, _ state: State) -> HistoryReport {
        HistoryReport(
            pwauditVersion: PolicyAuditVersion.current, generatedAt: .now, policyName: request.policyName,
            bucketKind: request.bucketKind, mode: request.mode, buckets: state.buckets(), gaps: state.gaps())
    }
}

extension HistoryReportBuilder {
    /// The running tallies of one history.
    fileprivate struct State {
        struct Key: Hashable, Comparable {
            var period: String
            var version: Int

            static func < (lhs: Key, rhs: Key) -> Bool { (lhs.period, lhs.version) < (rhs.period, rhs.version) }
        }

        struct Tally {
            var runID: Int64?
            var runLabel: String?
            var versions: Set<Int> = []
            var total = 0
            var unlocked = 0
            var notScored = 0
            var failures: [String: Int] = [:]
            var labels: [String: (version: Int, text: String)] = [:]
        }

        struct GapKey: Hashable {
            var runID: Int64
            var inForce: String?
        }

        let request: HistoryRequest
        let versions: [StoredVersion]
        let rules: [Int64: [Int: (id: String, label: String)]]
        /// Versions by effective day then number: the in-force lookup scans it from the end.
        let byEffective: [StoredVersion]
        var tallies: [Key: Tally] = [:]
        var missing: [GapKey: [String: Int]] = [:]
        /// Unjudged days the store added up (`addInForceSums`), per gap.
        var spanGaps: [GapKey: [InForceUnjudgedRow]] = [:]

        init(
            request: HistoryRequest, versions: [StoredVersion], rules: [Int64: [Int: (id: String, label: String)]]
        ) {
            self.request = request
            self.versions = versions
            self.rules = rules
            byEffective = versions.sorted {
                (String($0.effectiveFrom.prefix(10)), $0.number) < (String($1.effectiveFrom.prefix(10)), $1.number)
            }
        }

        func number(of versionID: Int64) -> Int? { versions.first { $0.id == versionID }?.number }

        func inForce(on day: String) -> StoredVersion? {
            byEffective.last { String($0.effectiveFrom.prefix(10)) <= day }
        }

        /// Run buckets, by-version: the run's totals per version.
        mutating func addRunTotals(_ run: StoredRun, summaries: any SummaryRepository) throws {
            guard request.includes(day: String(run.startedAt.prefix(10))) else { return }
            let failures = Dictionary(grouping: try summaries.rules(runID: run.id), by: \.policyVersionID)
            for row in try summaries.versions(runID: run.id) {
                guard let number = number(of: row.policyVersionID), request.version.map({ $0 == number }) ?? true
                else { continue }
                let key = Key(period: Self.runKey(run.id), version: number)
                add(
                    run: run, key: key, version: number, total: row.total, unlocked: row.unlocked,
                    failures: (failures[row.policyVersionID] ?? []).map { ($0.bit, $0.failures) },
                    versionID: row.policyVersionID)
            }
        }

        /// Period buckets, by-version, from sums the store added up per version and period (`periodSums`): the same
        /// tallies as `addDays` over every run.
        mutating func addPeriodSums(_ sums: PeriodSums) {
            var failures: [Int64: [String: [(Int, Int)]]] = [:]
            for row in sums.dayRules {
                failures[row.policyVersionID, default: [:]][row.day, default: []].append((row.bit, row.failures))
            }
            for row in sums.days {
                guard let number = number(of: row.policyVersionID) else { continue }
                add(
                    run: nil,
                    key: Key(period: HistoryPeriod.key(ofDay: row.day, kind: request.bucketKind), version: number),
                    version: number, total: row.total, unlocked: row.unlocked,
                    failures: failures[row.policyVersionID]?[row.day] ?? [], versionID: row.policyVersionID)
            }
        }

        /// The in-force spans of `run`, with the version in force on each: the days before the first effective day
        /// (none in force), then from each effective day (its highest version) to the next. A span is judged by the
        /// in-force version's outcomes when the run scored it, else (a rollback) by the first version of the same
        /// definition the run scored, else by none: as `addDays` judges each day.
        func spans(of run: StoredRun) -> [(span: InForceSpan, inForce: StoredVersion?)] {
            let scored = Set(run.versionIDs)
            var starts: [(day: String, version: StoredVersion)] = []
            for version in byEffective {
                let day = String(version.effectiveFrom.prefix(10))
                if starts.last?.day == day {
                    starts[starts.count - 1].version = version
                } else {
                    starts.append((day, version))
                }
            }
            var spans: [(span: InForceSpan, inForce: StoredVersion?)] = [
                (InForceSpan(runID: run.id, firstDay: nil, endDay: starts.first?.day, scoredVersionID: nil), nil)
            ]
            for (index, start) in starts.enumerated() {
                let judge =
                    scored.contains(start.version.id)
                    ? start.version.id
                    : versions.first {
                        $0.definitionSHA256 == start.version.definitionSHA256 && scored.contains($0.id)
                    }?.id
                let end = index + 1 < starts.count ? starts[index + 1].day : nil
                spans.append(
                    (
                        InForceSpan(runID: run.id, firstDay: start.day, endDay: end, scoredVersionID: judge),
                        start.version
                    ))
            }
            return spans
        }

        /// In-force buckets and gaps from sums the store added up per span and period (`inForceSums` of `spans`):
        /// the same tallies as `addDays` over every run.
        mutating func addInForceSums(
            _ sums: InForceSums, spans: [(span: InForceSpan, inForce: StoredVersion?)], runs: [Int64: StoredRun]
        ) {
            let kind = request.bucketKind
            func key(_ runID: Int64, _ period: String?) -> Key {
                Key(
                    period: kind == .run ? Self.runKey(runID) : HistoryPeriod.key(ofDay: period ?? "", kind: kind),
                    version: 0)
            }
            var failures: [Int: [String: [(Int, Int)]]] = [:]
            for row in sums.failures {
                failures[row.span, default: [:]][row.period ?? "", default: []].append((row.bit, row.failures))
            }
            for row in sums.scored {
                let (span, inForce) = spans[row.span]
                guard let version = inForce, let scored = span.scoredVersionID else { continue }
                add(
                    run: runs[span.runID], key: key(span.runID, row.period), version: version.number,
                    total: row.total, unlocked: row.unlocked, failures: failures[row.span]?[row.period ?? ""] ?? [],
                    versionID: scored)
            }
            for row in sums.unjudged {
                let key = key(row.runID, row.period)
                tallies[key, default: Tally()].notScored += row.candidates
                if kind == .run {
                    tallies[key]?.runID = row.runID
                    tallies[key]?.runLabel = runs[row.runID]?.label
                }
                if let index = row.span {
                    spanGaps[GapKey(runID: row.runID, inForce: spans[index].inForce?.reference), default: []].append(
                        row)
                }
            }
        }

        /// Period buckets, and run buckets in in-force mode: the run's per-day summaries.
        mutating func addDays(_ run: StoredRun, summaries: any SummaryRepository) throws {
            let dayRows = try summaries.days(runID: run.id)
            var candidatesPerDay: [String: Int] = [:]
            var policyRows: [Int64: [String: RunDaySummaryRow]] = [:]
            for row in dayRows {
                // Every version a run scored saw every candidate: any version's day total is the day's candidates.
                candidatesPerDay[row.day] = max(candidatesPerDay[row.day] ?? 0, row.total)
                if number(of: row.policyVersionID) != nil {
                    policyRows[row.policyVersionID, default: [:]][row.day] = row
                }
            }
            var dayFailures: [Int64: [String: [(Int, Int)]]] = [:]
            for row in try summaries.dayRules(runID: run.id, versionIDs: Array(policyRows.keys)) {
                dayFailures[row.policyVersionID, default: [:]][row.day, default: []].append((row.bit, row.failures))
            }
            for (day, candidates) in candidatesPerDay.sorted(by: { $0.key < $1.key }) where request.includes(day: day) {
                let period =
                    request.bucketKind == .run
                    ? Self.runKey(run.id) : HistoryPeriod.key(ofDay: day, kind: request.bucketKind)
                switch request.mode {
                case .byVersion:
                    for (versionID, rows) in policyRows {
                        guard let row = rows[day], let number = number(of: versionID),
                            request.version.map({ $0 == number }) ?? true
                        else { continue }
                        add(
                            run: run, key: Key(period: period, version: number), version: number, total: row.total,
                            unlocked: row.unlocked, failures: dayFailures[versionID]?[day] ?? [], versionID: versionID)
                    }
                case .inForce:
                    let key = Key(period: period, version: 0)
                    if HistoryPeriod.undatedKey(ofDay: day) != nil {
                        // No day, so no version in force: unjudged, and no gap (no day range to name).
                        tallies[key, default: Tally()].notScored += candidates
                        if request.bucketKind == .run { tallies[key]?.runID = run.id }
                        tallies[key]?.runLabel = request.bucketKind == .run ? run.label : nil
                    } else if let version = inForce(on: day),
                        // A rollback repeats an earlier version's definition: that version's outcomes are its outcomes.
                        let scored = versions.first(where: {
                            $0.definitionSHA256 == version.definitionSHA256 && policyRows[$0.id]?[day] != nil
                        }).map({ policyRows[version.id]?[day] != nil ? version.id : $0.id }),
                        let row = policyRows[scored]?[day]
                    {
                        add(
                            run: run, key: key, version: version.number, total: row.total, unlocked: row.unlocked,
                            failures: dayFailures[scored]?[day] ?? [], versionID: scored)
                    } else {
                        tallies[key, default: Tally()].notScored += candidates
                        if request.bucketKind == .run { tallies[key]?.runID = run.id }
                        tallies[key]?.runLabel = request.bucketKind == .run ? run.label : nil
                        missing[GapKey(runID: run.id, inForce: inForce(on: day)?.reference), default: [:]][day] =
                            candidates
                    }
                }
            }
        }

        private mutating func add(
            run: StoredRun?, key: Key, version: Int, total: Int, unlocked: Int, failures: [(Int, Int)], versionID: Int64
        ) {
            var tally = tallies[key] ?? Tally()
            if request.bucketKind == .run, let run {
                tally.runID = run.id
                tally.runLabel = run.label
            }
            tally.versions.insert(version)
            tally.total += total
            tally.unlocked += unlocked
            for (bit, count) in failures {
                guard let rule = rules[versionID]?[bit] else { continue }
                tally.failures[rule.id, default: 0] += count
                // A rule id may be labelled differently by two versions: the newest version's label wins.
                if (tally.labels[rule.id]?.version ?? 0) <= version { tally.labels[rule.id] = (version, rule.label) }
            }
            tallies[key] = tally
        }

        static func runKey(_ id: Int64) -> String {
            let digits = String(id)
            return String(repeating: "0", count: max(0, 19 - digits.count)) + digits
        }

        func buckets() -> [HistoryBucket] {
            tallies.sorted { $0.key < $1.key }.map { key, tally in
                let top = tally.failures.filter { $0.value > 0 }
                    .min { ($1.value, $0.key) < ($0.value, $1.key) }
                    .map { RuleCount(ruleID: $0.key, label: tally.labels[$0.key]?.text ?? $0.key, count: $0.value) }
                return HistoryBucket(
                    key: tally.runID.map(String.init) ?? key.period, runID: tally.runID, runLabel: tally.runLabel,
                    versions: Array(tally.versions), total: tally.total, unlocked: tally.unlocked, topBlockingRule: top,
                    notScored: tally.notScored)
            }
        }

        func gaps() -> [HistoryGap] {
            let perDay = missing.map { key, days in
                let sorted = days.keys.sorted()
                return HistoryGap(
                    runID: key.runID, inForce: key.inForce, firstDay: sorted.first ?? "", lastDay: sorted.last ?? "",
                    days: days.count, candidates: days.values.reduce(0, +))
            }
            let summed = spanGaps.map { key, rows in
                HistoryGap(
                    runID: key.runID, inForce: key.inForce, firstDay: rows.map(\.firstDay).min() ?? "",
                    lastDay: rows.map(\.lastDay).max() ?? "", days: rows.reduce(0) { $0 + $1.days },
                    candidates: rows.reduce(0) { $0 + $1.candidates })
            }
            return (perDay + summed).sorted { ($0.runID, $0.firstDay) < ($1.runID, $1.firstDay) }
        }
    }
}
