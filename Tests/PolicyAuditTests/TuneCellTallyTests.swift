import AuditRepositories
import PasswordPolicy
import Testing

@testable import PolicyAudit

/// The import's tuning tally (an open-addressing table that doubles when half full): every cell's count survives the
/// table's growth, merging and counts past 2^32, and the rows come out in the stores' key order.
@Suite struct TuneCellTallyTests {
    @Test func countsSurviveGrowthMergingAndTheFirst32Bits() {
        var tally = TuneCellTally()
        var expected: [RunTuningCellRow] = []
        // 300 cells: the table grows from 64 slots past 512.
        for cell in 0..<300 {
            let features = TuningFeatures(length: cell % 40, classes: UInt8(cell % 7))
            let score = cell % 3 == 0 ? nil : cell % 5
            let count = cell == 7 ? (1 << 32) + 5 : cell + 1
            tally.add(mask: UInt64(cell / 40), rest: TuneCellTally.pack(features, score: score), count: count)
            expected.append(
                RunTuningCellRow(
                    policyVersionID: 9, failedMask: UInt64(cell / 40), length: cell % 40, classes: cell % 7,
                    strengthScore: score, count: count))
        }
        // 2^32 - 1 more on top of 5 + 2^32.
        let seventh = TuneCellTally.pack(TuningFeatures(length: 7, classes: 0), score: 2)
        tally.add(mask: 0, rest: seventh, count: (1 << 32) - 1)
        expected[7].count += (1 << 32) - 1
        #expect(tally.rows(versionID: 9) == expected.sorted(by: TuneCellTally.keyOrder))

        var merged = TuneCellTally()
        merged.add(mask: 0, rest: seventh, count: 1)
        merged.merge(tally)
        expected[7].count += 1
        #expect(merged.rows(versionID: 9) == expected.sorted(by: TuneCellTally.keyOrder))
        #expect(expected[7].count == 2 * (1 << 32) + 5)
    }
}
