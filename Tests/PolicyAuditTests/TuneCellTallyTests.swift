import AuditRepositories
import PasswordPolicy
import Testing

@testable import PolicyAudit

/// The import's tuning tally (one open-addressing table for every version, doubling when half full): every cell's
/// count survives the table's growth, merging and counts past 2^32, each version's cells stay its own, and the rows
/// come out in the stores' key order.
@Suite struct TuneCellTallyTests {
    @Test func countsSurviveGrowthMergingAndTheFirst32Bits() {
        var tally = TuneCellTally(versionCount: 2)
        var expected: [[RunTuningCellRow]] = [[], []]
        // 300 cells a version, the same keys under both: the table grows from 64 slots past 1,024.
        for version in 0..<2 {
            for cell in 0..<300 {
                let features = TuningFeatures(length: cell % 40, classes: UInt8(cell % 7))
                let score = cell % 3 == 0 ? nil : cell % 5
                let count = cell == 7 ? (1 << 32) + 5 : cell + 1 + version * 1000
                tally.add(
                    mask: UInt64(cell / 40), key: TuneCellTally.pack(version: version, features, score: score),
                    count: count)
                expected[version].append(
                    RunTuningCellRow(
                        policyVersionID: 9, failedMask: UInt64(cell / 40), length: cell % 40, classes: cell % 7,
                        strengthScore: score, count: count))
            }
        }
        // 2^32 - 1 more on top of 5 + 2^32, under version 1 only.
        let seventh = TuneCellTally.pack(version: 1, TuningFeatures(length: 7, classes: 0), score: 2)
        tally.add(mask: 0, key: seventh, count: (1 << 32) - 1)
        expected[1][7].count += (1 << 32) - 1
        for version in 0..<2 {
            let rows = tally.rows(ofVersion: version, versionID: 9)
            #expect(rows == expected[version].sorted(by: TuneCellTally.keyOrder))
        }

        var merged = TuneCellTally(versionCount: 2)
        merged.add(mask: 0, key: seventh, count: 1)
        merged.merge(tally)
        expected[1][7].count += 1
        #expect(merged.rows(ofVersion: 1, versionID: 9) == expected[1].sorted(by: TuneCellTally.keyOrder))
        #expect(merged.rows(ofVersion: 0, versionID: 9) == expected[0].sorted(by: TuneCellTally.keyOrder))
        #expect(expected[1][7].count == 2 * (1 << 32) + 5)
    }

    /// A row counts one cell per version in one call, even with more versions than an empty table has slots for a
    /// quarter of: the table is sized for them, so a row's new cells never fill it.
    @Test func aRowCountsOneCellPerVersion() {
        let versionCount = 40
        var tally = TuneCellTally(versionCount: versionCount)
        let masks = (0..<versionCount).map { UInt64($0 % 3) }
        let features = (0..<versionCount).map { TuningFeatures(length: 8 + $0 % 5, classes: 3) }
        for round in 0..<3 {
            masks.withUnsafeBufferPointer { masks in
                features.withUnsafeBufferPointer { tally.add(masks: masks, features: $0, score: round == 2 ? 4 : nil) }
            }
        }
        for version in 0..<versionCount {
            let rows = tally.rows(ofVersion: version, versionID: Int64(version))
            #expect(rows.map(\.count) == [2, 1], "version \(version)")
            #expect(rows.map(\.strengthScore) == [nil, 4])
            #expect(rows.allSatisfy { $0.failedMask == masks[version] && $0.length == 8 + version % 5 })
        }
    }
}
