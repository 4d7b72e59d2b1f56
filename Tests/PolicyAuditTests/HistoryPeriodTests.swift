import Testing

@testable import PolicyAudit
@testable import PolicyReports

@Suite("History period keys")
struct HistoryPeriodTests {
    @Test(
        "ISO weeks, including the weeks that straddle a new year",
        arguments: [
            ("2026-01-01", "2026-W01"), ("2025-12-29", "2026-W01"), ("2025-12-28", "2025-W52"),
            ("2027-01-01", "2026-W53"), ("2024-12-30", "2025-W01"), ("2026-05-31", "2026-W22"),
            ("2026-06-01", "2026-W23"), ("2026-11-30", "2026-W49"),
        ])
    func week(day: String, key: String) {
        #expect(HistoryPeriod.key(ofDay: day, kind: .week) == key)
    }

    @Test("days and months")
    func dayAndMonth() {
        #expect(HistoryPeriod.key(ofDay: "2026-06-01", kind: .day) == "2026-06-01")
        #expect(HistoryPeriod.key(ofDay: "2026-06-01", kind: .month) == "2026-06")
    }

    @Test(
        "stored days that are no date get their own bucket in every period kind",
        arguments: [HistoryBucketKind.day, .week, .month])
    func undated(kind: HistoryBucketKind) {
        #expect(HistoryPeriod.key(ofDay: "none", kind: kind) == "time: none")
        #expect(HistoryPeriod.key(ofDay: "invalid", kind: kind) == "time: invalid")
    }
}
