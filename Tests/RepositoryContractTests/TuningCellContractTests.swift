import AuditRepositories
import Testing

/// Issue 24, item 3, on every store: a run's tuning cells (`run_tuning_cell`) read back as written, per version and in
/// key order (the mask as a signed 64-bit integer, so a mask with bit 63 comes first), scores absent or 0-4; rewriting
/// the summary replaces them and deleting the run removes them.
@Suite struct TuningCellContractTests {
    @Test(arguments: StoreUnderTest.all)
    func tuningCellsRoundTripInKeyOrderPerVersion(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let first = try store.addVersion(definition: "{\"v\":1}").version.id
            let second = try store.addVersion(definition: "{\"v\":2}").version.id
            let run = try store.startRun(versionIDs: [first, second])
            let highBit = UInt64(1) << 63 | 0b101
            let firstRows = [
                RunTuningCellRow(
                    policyVersionID: first, failedMask: highBit, length: 255, classes: 63, strengthScore: 4, count: 1),
                RunTuningCellRow(
                    policyVersionID: first, failedMask: 0, length: 0, classes: 0, strengthScore: nil, count: 7),
                RunTuningCellRow(
                    policyVersionID: first, failedMask: 0, length: 0, classes: 0, strengthScore: 0, count: 2),
                RunTuningCellRow(
                    policyVersionID: first, failedMask: 0, length: 12, classes: 0b000111, strengthScore: 2, count: 40),
                RunTuningCellRow(
                    policyVersionID: first, failedMask: 1, length: 8, classes: 0b010010, strengthScore: nil,
                    count: 3_000_000_000),
            ]
            let secondRows = [
                RunTuningCellRow(
                    policyVersionID: second, failedMask: 2, length: 9, classes: 2, strengthScore: 1, count: 5)
            ]
            let summary = RunSummary(
                versions: [
                    RunVersionSummaryRow(policyVersionID: first, total: 50, unlocked: 49, nearMiss: 0),
                    RunVersionSummaryRow(policyVersionID: second, total: 5, unlocked: 0, nearMiss: 5),
                ],
                tuning: firstRows + secondRows)
            let summaries = store.summaries
            try summaries.write(runID: run.id, summary: summary)
            #expect(try summaries.tuningCells(runID: run.id, versionID: first) == firstRows)
            #expect(try summaries.tuningCells(runID: run.id, versionID: second) == secondRows)
            #expect(try summaries.read(runID: run.id) == summary)
            #expect(try summaries.tuningCells(runID: run.id, versionID: 999).isEmpty)
            #expect(try summaries.tuningCells(runID: 999, versionID: first).isEmpty)

            try summaries.write(runID: run.id, summary: RunSummary(tuning: secondRows))
            #expect(try summaries.tuningCells(runID: run.id, versionID: first).isEmpty)
            #expect(try summaries.tuningCells(runID: run.id, versionID: second) == secondRows)
            try store.runs.fail(runID: run.id)  // a running run of a live process is not deleted
            #expect(try store.runs.delete(runID: run.id).deleted)
            #expect(try summaries.tuningCells(runID: run.id, versionID: second).isEmpty)
        }
    }
}
