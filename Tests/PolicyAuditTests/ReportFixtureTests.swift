import Foundation
import Testing

@testable import PolicyAudit
@testable import PolicyReports

/// A hand-computed run of 20 candidates (22 rows read) scored under corp@2 and corp@3.
///
/// corp@2 — rules min-length (bit 0), digit (bit 1). Failure sets of the 20 candidates:
///   none 12, {min-length} 4, {digit} 2, {min-length, digit} 2
///   → unlocked 12 (60.0%); min-length 6 (30.0%), digit 4 (20.0%); near misses 6 (30.0%):
///     min-length 4 (20.0%), digit 2 (10.0%); pairs: min-length+digit 2 (10.0%).
/// corp@3 — rules min-length (bit 0), digit (bit 1), symbol (bit 2). Failure sets:
///   none 5, {min-length} 2, {symbol} 4, {min-length, symbol} 5, {min-length, digit, symbol} 2, {digit, symbol} 2
///   → unlocked 5 (25.0%); symbol 4+5+2+2 = 13 (65.0%), min-length 2+5+2 = 9 (45.0%), digit 2+2 = 4 (20.0%);
///     near misses 6 (30.0%): symbol 4 (20.0%), min-length 2 (10.0%);
///     pairs: min-length+symbol 7 (35.0%), digit+symbol 4 (20.0%), min-length+digit 2 (10.0%).
/// Comparison corp@2 → corp@3: both 4, only corp@2 8, only corp@3 1, neither 7 (12 = 4+8, 5 = 4+1, 20 in all);
///   the 8 newly blocked fail symbol 7 (87.5%), min-length 3 (37.5%).
/// Rows: 22 read, 20 accepted (90.9%), 2 rejected (9.1%): empty_password 1, malformed_row 1 (4.5% each).
/// Lengths: 6→3, 8→5, 10→4, 12→5, 16→2, 40→1 (20); buckets 0–4: 0, 5–7: 3, 8–11: 9, 12–14: 5, 15–19: 2,
///   20–31: 0, 32+: 1. Classes: lower+digit 9 (45.0%), lower 6 (30.0%), lower+digit+symbol 3 (15.0%),
///   upper+lower+digit+symbol 2 (10.0%). Reuse: 2 groups, 5 candidates (25.0%), largest 3.
enum ReportFixture {
    static let started = Date(timeIntervalSince1970: 1_796_025_600)  // 2026-11-30T08:00:00Z
    static let finished = started.addingTimeInterval(75)  // 2026-11-30T08:01:15Z
    static let generated = started.addingTimeInterval(3_600)  // 2026-11-30T09:00:00Z
    static let sha = String(repeating: "ab", count: 32)

    static let provenance = RunProvenance(
        runID: 7, label: "nightly", sourceFileName: "candidates.csv", sourceSizeBytes: 1_234_567,
        sourceSHA256: sha, startedAt: started, finishedAt: finished, status: "completed")

    static func policy(_ version: Int) -> PolicyVersionRef {
        PolicyVersionRef(
            name: "corp", version: version, definitionSHA256: String(repeating: "\(version)", count: 64),
            effectiveFrom: version == 3 ? started.addingTimeInterval(-86_400) : nil)
    }

    static let corp2 = VersionReport(
        policy: policy(2), total: 20, unlocked: 12,
        ruleFailures: [
            RuleFailure(ruleID: "digit", label: "At least one digit", kind: "charset", bit: 1, count: 4),
            RuleFailure(ruleID: "min-length", label: "At least 8 characters", kind: "length", bit: 0, count: 6),
        ],
        nearMisses: NearMisses(
            count: 6,
            byRule: [
                RuleCount(ruleID: "digit", label: "At least one digit", count: 2),
                RuleCount(ruleID: "min-length", label: "At least 8 characters", count: 4),
            ]),
        topFailingPairs: [
            RulePairCount(
                ruleA: "min-length", ruleALabel: "At least 8 characters", ruleB: "digit",
                ruleBLabel: "At least one digit", count: 2)
        ])

    static let corp3 = VersionReport(
        policy: policy(3), total: 20, unlocked: 5,
        ruleFailures: [
            RuleFailure(ruleID: "min-length", label: "At least 12 characters", kind: "length", bit: 0, count: 9),
            RuleFailure(ruleID: "digit", label: "At least one digit", kind: "charset", bit: 1, count: 4),
            RuleFailure(ruleID: "symbol", label: "At least one symbol", kind: "charset", bit: 2, count: 13),
        ],
        nearMisses: NearMisses(
            count: 6,
            byRule: [
                RuleCount(ruleID: "min-length", label: "At least 12 characters", count: 2),
                RuleCount(ruleID: "symbol", label: "At least one symbol", count: 4),
            ]),
        topFailingPairs: [
            RulePairCount(
                ruleA: "min-length", ruleALabel: "At least 12 characters", ruleB: "digit",
                ruleBLabel: "At least one digit", count: 2),
            RulePairCount(
                ruleA: "min-length", ruleALabel: "At least 12 characters", ruleB: "symbol",
                ruleBLabel: "At least one symbol", count: 7),
            RulePairCount(
                ruleA: "digit", ruleALabel: "At least one digit", ruleB: "symbol",
                ruleBLabel: "At least one symbol", count: 4),
        ])

    static let features = RunFeatures(
        lengthHistogram: [
            LengthCount(length: 12, count: 5), LengthCount(length: 6, count: 3), LengthCount(length: 8, count: 5),
            LengthCount(length: 10, count: 4), LengthCount(length: 40, count: 1), LengthCount(length: 16, count: 2),
        ],
        classComposition: [
            ClassCount(classes: "lower", count: 6), ClassCount(classes: "lower+digit", count: 9),
            ClassCount(classes: "upper+lower+digit+symbol", count: 2),
            ClassCount(classes: "lower+digit+symbol", count: 3),
        ],
        reuse: ReuseSummary(groupCount: 2, candidatesInGroups: 5, largestGroupSize: 3))

    static let run = RunReport(
        pwauditVersion: "0.1.0", generatedAt: generated, run: provenance,
        rows: RowCounts(
            read: 22, accepted: 20, rejected: 2,
            rejectedByReason: [
                ReasonCount(reason: "malformed_row", count: 1), ReasonCount(reason: "empty_password", count: 1),
            ]),
        versions: [corp2, corp3], features: features)

    static let comparison = ComparisonReport(
        pwauditVersion: "0.1.0", generatedAt: generated, run: provenance, policyA: policy(2), policyB: policy(3),
        bothUnlocked: 4, onlyA: 8, onlyB: 1, neither: 7,
        newlyBlockedBy: [
            RuleCount(ruleID: "min-length", label: "At least 12 characters", count: 3),
            RuleCount(ruleID: "symbol", label: "At least one symbol", count: 7),
        ])

    /// Months: 2026-10 (corp@2 only: 12 of 20), 2026-11 (corp@2 and corp@3: 17 of 40), 2026-12 (no candidates).
    static let history = HistoryReport(
        pwauditVersion: "0.1.0", generatedAt: generated, policyName: "corp", bucketKind: .month, mode: .byVersion,
        buckets: [
            HistoryBucket(
                key: "2026-10", versions: [2], total: 20, unlocked: 12,
                topBlockingRule: RuleCount(ruleID: "min-length", label: "At least 8 characters", count: 6)),
            HistoryBucket(
                key: "2026-11", versions: [3, 2], total: 40, unlocked: 17,
                topBlockingRule: RuleCount(ruleID: "symbol", label: "At least one symbol", count: 13)),
            HistoryBucket(key: "2026-12", versions: [], total: 0, unlocked: 0, topBlockingRule: nil),
        ])

    /// A run with no candidates at all: every share has a zero denominator.
    static let emptyRun = RunReport(
        pwauditVersion: "0.1.0", generatedAt: generated,
        run: RunProvenance(
            runID: 8, label: nil, sourceFileName: "empty.csv", sourceSizeBytes: 0, sourceSHA256: sha,
            startedAt: started, finishedAt: nil, status: "failed"),
        rows: RowCounts(read: 0, accepted: 0, rejected: 0, rejectedByReason: []),
        versions: [
            VersionReport(
                policy: policy(3), total: 0, unlocked: 0,
                ruleFailures: [
                    RuleFailure(
                        ruleID: "symbol", label: "At least one symbol", kind: "charset", bit: 2,
                        count: 0)
                ],
                nearMisses: .none, topFailingPairs: [])
        ],
        features: .empty)

    /// The fixture with hostile labels and reasons: formulas, HTML, Markdown pipes, terminal escapes.
    static let hostileRun: RunReport = {
        var report = run
        report.rows = RowCounts(
            read: 22, accepted: 20, rejected: 2,
            rejectedByReason: [
                ReasonCount(reason: "+1", count: 1), ReasonCount(reason: "@x", count: 1),
            ])
        report.versions[1] = VersionReport(
            policy: policy(3), total: 20, unlocked: 5,
            ruleFailures: [
                RuleFailure(
                    ruleID: "-2", label: #"=HYPERLINK("http://evil.example","x")"#, kind: "length", bit: 0,
                    count: 9),
                RuleFailure(ruleID: "digit", label: "<script>alert(1)</script> a|b", kind: "charset", bit: 1, count: 4),
                RuleFailure(ruleID: "symbol", label: "sym\u{1B}[31mbol", kind: "charset", bit: 2, count: 13),
            ],
            nearMisses: corp3.nearMisses, topFailingPairs: corp3.topFailingPairs)
        return report
    }()
}

@Suite("Report fixture and model invariants")
struct ReportFixtureTests {
    @Test func fixtureCountsAgree() {
        let comparison = ReportFixture.comparison
        #expect(comparison.total == 20)
        #expect(comparison.unlockedUnderA == ReportFixture.corp2.unlocked)
        #expect(comparison.unlockedUnderB == ReportFixture.corp3.unlocked)
        #expect(ReportFixture.features.candidates == ReportFixture.run.rows.accepted)
    }

    @Test func ruleFailuresAreSortedByImpactThenBit() {
        #expect(ReportFixture.corp3.ruleFailures.map(\.ruleID) == ["symbol", "min-length", "digit"])
        let tied = VersionReport(
            policy: ReportFixture.policy(1), total: 4, unlocked: 0,
            ruleFailures: [
                RuleFailure(ruleID: "b", label: "B", kind: "k", bit: 3, count: 2),
                RuleFailure(ruleID: "a", label: "A", kind: "k", bit: 5, count: 2),
                RuleFailure(ruleID: "c", label: "C", kind: "k", bit: 1, count: 2),
            ],
            nearMisses: .none, topFailingPairs: [])
        #expect(tied.ruleFailures.map(\.bit) == [1, 3, 5])
    }

    @Test func nearMissesPairsAndCompositionAreSortedByCount() {
        #expect(ReportFixture.corp3.nearMisses.byRule.map(\.ruleID) == ["symbol", "min-length"])
        #expect(ReportFixture.corp3.topFailingPairs.map(\.count) == [7, 4, 2])
        #expect(ReportFixture.features.classComposition.map(\.count) == [9, 6, 3, 2])
        #expect(ReportFixture.features.lengthHistogram.map(\.length) == [6, 8, 10, 12, 16, 40])
        #expect(ReportFixture.run.rows.rejectedByReason.map(\.reason) == ["empty_password", "malformed_row"])
        #expect(ReportFixture.comparison.newlyBlockedBy.map(\.ruleID) == ["symbol", "min-length"])
        #expect(ReportFixture.history.buckets[1].versions == [2, 3])
    }

    @Test func onlyTheTenMostCommonPairsAreKept() {
        let pairs = (1...12).map {
            RulePairCount(ruleA: "r\($0)", ruleALabel: "", ruleB: "s", ruleBLabel: "", count: $0)
        }
        let version = VersionReport(
            policy: ReportFixture.policy(1), total: 100, unlocked: 0, ruleFailures: [], nearMisses: .none,
            topFailingPairs: pairs)
        #expect(version.topFailingPairs.map(\.count) == [12, 11, 10, 9, 8, 7, 6, 5, 4, 3])
    }

    @Test func lengthBucketsSumTheExactHistogram() {
        let buckets = ReportFixture.features.lengthBuckets
        #expect(buckets.map(\.label) == ["0–4", "5–7", "8–11", "12–14", "15–19", "20–31", "32+"])
        #expect(buckets.map(\.count) == [0, 3, 9, 5, 2, 0, 1])
    }

    @Test func headlinesReadAsSentences() {
        #expect(ReportFixture.corp3.headline == "5 of 20 (25.0%) would unlock reset under corp@3")
        #expect(
            ReportFixture.comparison.headline
                == "moving from corp@2 to corp@3 blocks 8 that passed before and unlocks 1 that did not")
    }
}
