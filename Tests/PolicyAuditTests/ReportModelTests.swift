import Testing

@testable import PolicyAudit
@testable import PolicyReports

@Suite("Report percentages and numbers")
struct ReportModelTests {
    @Test(arguments: [
        (1, 3, 3333, "33.3%", "33.33"),
        (2, 3, 6667, "66.7%", "66.67"),
        (1, 16, 625, "6.3%", "6.25"),  // half up, not banker's rounding
        (1, 8, 1250, "12.5%", "12.50"),
        (312_004, 1_000_000, 3120, "31.2%", "31.20"),
        (1, 20_000, 1, "0.0%", "0.01"),  // 0.005%: half a hundredth rounds up, a twentieth of a tenth down
        (20, 20, 10_000, "100.0%", "100.00"),
        (0, 20, 0, "0.0%", "0.00"),
        (0, 0, 0, "0.0%", "0.00"),
        (5, 0, 0, "0.0%", "0.00"),
    ])
    func percentagesRoundHalfUpFromCounts(count: Int, total: Int, hundredths: Int, printed: String, csv: String) {
        let share = Percentage(count, of: total)
        #expect(share.hundredths == hundredths)
        #expect(share.description == printed)
        #expect(share.twoDecimals == csv)
        #expect(share.rounded2 == Double(hundredths) / 100)
    }

    @Test func percentagesOfHugeCountsDoNotOverflow() {
        let share = Percentage(Int.max / 3, of: Int.max)
        #expect(share.hundredths == 3333)
    }

    @Test(arguments: [
        (0, "0"), (999, "999"), (1_000, "1,000"), (48_211, "48,211"), (312_004, "312,004"),
        (1_000_000, "1,000,000"), (-1_234, "-1,234"),
    ])
    func numbersHaveThousandsSeparators(value: Int, text: String) {
        #expect(ReportNumber.grouped(value) == text)
    }

    @Test func bigRunHeadlineMatchesTheBrief() {
        let version = VersionReport(
            policy: PolicyVersionRef(name: "corp", version: 3, definitionSHA256: "", effectiveFrom: nil),
            total: 1_000_000, unlocked: 312_004, ruleFailures: [], nearMisses: .none, topFailingPairs: [])
        #expect(version.headline == "312,004 of 1,000,000 (31.2%) would unlock reset under corp@3")
    }
}
