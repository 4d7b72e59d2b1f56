import AuditRepositories
import Foundation
import Testing

/// What every `RunRepository` (and the store's attempt writing) must do, run against each store of
/// `StoreUnderTest.all`.
@Suite struct RunRepositoryContractTests {
    @Test(arguments: StoreUnderTest.all)
    func runMovesFromRunningToComplete(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let version = try store.addVersion().version
            let runs = store.runs
            let run = try store.startRun(versionIDs: [version.id])
            #expect(run.status == .running)
            #expect(run.pid == ProcessInfo.processInfo.processIdentifier)
            #expect(!run.isStale)
            #expect(run.versionIDs == [version.id])
            #expect(try !runs.hasCompleteRun(sourceBytes: 123))

            try runs.complete(
                runID: run.id, sourceBytes: run.sourceBytes, sourceSHA256: run.sourceSHA256, rowsRead: 10,
                rowsAccepted: 9,
                rowsRejected: 1)
            let done = try #require(try runs.run(id: run.id))
            #expect(done.status == .complete)
            #expect(done.finishedAt != nil)
            #expect((done.rowsRead, done.rowsAccepted, done.rowsRejected) == (10, 9, 1))
            #expect(try runs.list().first?.status == .complete)
            #expect(try runs.hasCompleteRun(sourceBytes: 123))
            #expect(try runs.completeRun(withSHA256: run.sourceSHA256)?.id == run.id)
            #expect(try runs.completeRun(withSHA256: String(repeating: "b", count: 64)) == nil)
            #expect(throws: (any Error).self, "a complete run cannot fail") { try runs.fail(runID: run.id) }
            #expect(throws: (any Error).self, "no such run") { try runs.fail(runID: 999) }
            #expect(try runs.run(id: run.id)?.status == .complete)
        }
    }

    @Test(
        "a run's CSV options come back as recorded, the first ones stay, and they go with the run",
        arguments: StoreUnderTest.all)
    func csvOptionsRoundTrip(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let version = try store.addVersion().version
            let run = try store.startRun(versionIDs: [version.id])
            let other = try store.startRun(versionIDs: [version.id], sha: String(repeating: "c", count: 64))
            #expect(try store.runs.csvOptions(runID: run.id) == nil)
            let options = RunCSVOptions(
                passwordColumn: "pw", usernameColumn: "Login", emailColumn: "email", idColumn: "id",
                timeColumn: "when", delimiter: "\t")
            try store.runs.recordCSVOptions(options, runID: run.id)
            var later = options
            later.passwordColumn = "password"
            try store.runs.recordCSVOptions(later, runID: run.id)
            #expect(try store.runs.csvOptions(runID: run.id) == options)
            #expect(try store.runs.csvOptions(runID: other.id) == nil)
            // Time options (schema 14): unknown (nil) ones are filled by a later record, known ones stay.
            var timed = later
            (timed.timeFormat, timed.timeZone) = ("%d.%m.%Y", "Europe/Berlin")
            try store.runs.recordCSVOptions(timed, runID: run.id)
            var expected = options
            (expected.timeFormat, expected.timeZone) = ("%d.%m.%Y", "Europe/Berlin")
            #expect(try store.runs.csvOptions(runID: run.id) == expected)
            timed.timeFormat = ""
            try store.runs.recordCSVOptions(timed, runID: run.id)
            #expect(try store.runs.csvOptions(runID: run.id) == expected)
            try store.runs.fail(runID: run.id)
            try store.runs.delete(runID: run.id)
            #expect(try store.runs.csvOptions(runID: run.id) == nil)
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func addVersionsExtendsTheScoredSet(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let first = try store.addVersion(definition: "{\"v\":1}").version
            let second = try store.addVersion(definition: "{\"v\":2}").version
            let run = try store.startRun(versionIDs: [first.id])
            try store.runs.addVersions(runID: run.id, versionIDs: [second.id, first.id])
            #expect(try store.runs.run(id: run.id)?.versionIDs == [first.id, second.id])
            #expect(try store.runs.list().map(\.id) == [run.id])
        }
    }

    @Test(
        "written candidates come back with their lines; outcomes of both versions compare",
        arguments: StoreUnderTest.all)
    func candidatesAndComparison(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let a = try store.addVersion(definition: "{\"v\":1}").version
            let b = try store.addVersion(definition: "{\"v\":2}").version
            let run = try store.startRun(versionIDs: [a.id, b.id])
            // Lines 2…5: unlocked under both, only A, only B, neither; B's rule 1 blocks line 3.
            let ids = try store.writeCandidates(
                runID: run.id, versionIDs: [a.id, b.id], lines: [2, 3, 4, 5],
                masks: [[0, 0], [0, 2], [1, 0], [1, 1]])
            #expect(try store.runs.candidateLines(runID: run.id).map(\.line) == [2, 3, 4, 5])
            #expect(try store.runs.candidateLines(runID: run.id).map(\.id) == Array(ids))
            let comparison = try store.runs.unlockTransitions(runID: run.id, versionA: a.id, versionB: b.id)
            let cells = [(true, true), (true, false), (false, true), (false, false)]
            #expect(cells.map { comparison[unlockedUnderA: $0.0, unlockedUnderB: $0.1] } == [1, 1, 1, 1])
            #expect(comparison.failuresUnlockedUnderA == [1: 1])
        }
    }

    @Test("a pruned run's comparison reads back as it was counted before pruning", arguments: StoreUnderTest.all)
    func prunedComparisonIsTheCountedOne(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let a = try store.addVersion(definition: "{\"v\":1}").version
            let b = try store.addVersion(definition: "{\"v\":2}").version
            let run = try store.startRun(versionIDs: [a.id, b.id])
            // Unlocked under both, only under A (B's rule 1 blocks it), under neither: none only B unlocks.
            try store.writeCandidates(
                runID: run.id, versionIDs: [a.id, b.id], lines: [2, 3, 4], masks: [[0, 0], [0, 2], [1, 3]])
            try store.runs.complete(
                runID: run.id, sourceBytes: 1, sourceSHA256: String(repeating: "b", count: 64), rowsRead: 3,
                rowsAccepted: 3, rowsRejected: 0)
            let pairs = [(a.id, b.id), (b.id, a.id)]
            func comparisons() throws -> [UnlockTransitionCounts] {
                try pairs.map { try store.runs.unlockTransitions(runID: run.id, versionA: $0, versionB: $1) }
            }
            let counted = try comparisons()
            #expect(counted[0][unlockedUnderA: false, unlockedUnderB: true] == 0)
            try store.pruner.prune(runID: run.id)
            #expect(try store.runs.candidateLines(runID: run.id).isEmpty)
            #expect(try comparisons() == counted)
        }
    }

    @Test(
        "recorded comparison counts read back as recorded, replace the pair's, and go with the run",
        arguments: StoreUnderTest.all)
    func recordedComparisonsReadBack(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let a = try store.addVersion(definition: "{\"v\":1}").version
            let b = try store.addVersion(definition: "{\"v\":2}").version
            let run = try store.startRun(versionIDs: [a.id, b.id])
            try store.writeCandidates(
                runID: run.id, versionIDs: [a.id, b.id], lines: [2, 3, 4], masks: [[0, 0], [0, 6], [1, 1]])
            #expect(try store.runs.storedUnlockTransitions(runID: run.id, versionA: a.id, versionB: b.id) == nil)
            #expect(try store.runs.storedUnlockTransitionPairs(runID: run.id).isEmpty)
            var first = UnlockTransitionCounts(bothUnlocked: 7, onlyUnderA: 5, onlyUnderB: 0, neither: 1)
            first.addFailures(5, ofRuleBit: 1)
            first.addFailures(2, ofRuleBit: 63)
            let second = UnlockTransitionCounts(bothUnlocked: 0, onlyUnderA: 0, onlyUnderB: 0, neither: 0)
            try store.inTransaction {
                try store.runs.recordUnlockTransitions(first, runID: run.id, versionA: a.id, versionB: b.id)
                try store.runs.recordUnlockTransitions(second, runID: run.id, versionA: b.id, versionB: a.id)
            }
            #expect(try store.runs.storedUnlockTransitions(runID: run.id, versionA: a.id, versionB: b.id) == first)
            #expect(try store.runs.storedUnlockTransitions(runID: run.id, versionA: b.id, versionB: a.id) == second)
            #expect(
                try store.runs.storedUnlockTransitionPairs(runID: run.id).map { [$0.versionA, $0.versionB] }
                    == [[a.id, b.id], [b.id, a.id]].sorted { $0.lexicographicallyPrecedes($1) })
            // The stored counts answer for the pair instead of the candidates.
            #expect(try store.runs.unlockTransitions(runID: run.id, versionA: a.id, versionB: b.id) == first)
            // Recording again replaces the pair's cells and failures (bit 63's row goes).
            var replaced = UnlockTransitionCounts(bothUnlocked: 1, onlyUnderA: 1, onlyUnderB: 0, neither: 1)
            replaced.addFailures(1, ofRuleBit: 1)
            try store.runs.recordUnlockTransitions(replaced, runID: run.id, versionA: a.id, versionB: b.id)
            #expect(try store.runs.storedUnlockTransitions(runID: run.id, versionA: a.id, versionB: b.id) == replaced)
            try store.runs.fail(runID: run.id)
            _ = try store.runs.delete(runID: run.id)
            #expect(try store.runs.storedUnlockTransitionPairs(runID: run.id).isEmpty)
        }
    }

    @Test("the comparisons a run lacks are counted from its outcomes and stored", arguments: StoreUnderTest.all)
    func missingComparisonsAreCountedAndStored(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let a = try store.addVersion(definition: "{\"v\":1}").version
            let b = try store.addVersion(definition: "{\"v\":2}").version
            let c = try store.addVersion(definition: "{\"v\":3}").version
            let run = try store.startRun(versionIDs: [a.id, b.id, c.id])
            try store.writeCandidates(
                runID: run.id, versionIDs: [a.id, b.id, c.id], lines: [2, 3, 4, 5],
                masks: [[0, 0, 1], [0, 2, 0], [1, 0, 0], [1, 1, 3]])
            let kept = UnlockTransitionCounts(bothUnlocked: 9, onlyUnderA: 0, onlyUnderB: 0, neither: 0)
            try store.runs.recordUnlockTransitions(kept, runID: run.id, versionA: a.id, versionB: b.id)
            let ids = [a.id, b.id, c.id]
            #expect(try store.runs.unlockTransitionPairsMissing(runID: run.id, versionIDs: ids).count == 5)
            let stored = try store.inTransaction {
                try store.runs.storeMissingUnlockTransitions(runID: run.id, versionIDs: ids)
            }
            #expect(stored == 5)
            #expect(try store.runs.unlockTransitionPairsMissing(runID: run.id, versionIDs: ids).isEmpty)
            #expect(try store.runs.storedUnlockTransitions(runID: run.id, versionA: a.id, versionB: b.id) == kept)
            var bc = UnlockTransitionCounts(bothUnlocked: 1, onlyUnderA: 1, onlyUnderB: 1, neither: 1)
            bc.addFailures(1, ofRuleBit: 0)
            #expect(try store.runs.storedUnlockTransitions(runID: run.id, versionA: b.id, versionB: c.id) == bc)
        }
    }

    @Test("a late version's outcomes land through insertOutcomes, all or nothing", arguments: StoreUnderTest.all)
    func rescoreOutcomes(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let a = try store.addVersion(definition: "{\"v\":1}").version
            let late = try store.addVersion(definition: "{\"v\":2}").version
            let run = try store.startRun(versionIDs: [a.id])
            let ids = Array(
                try store.writeCandidates(runID: run.id, versionIDs: [a.id], lines: [2, 3], masks: [[0], [0]]))
            var rolledBack = false
            do {
                try store.inTransaction { () throws -> Void in
                    try store.runs.addVersions(runID: run.id, versionIDs: [late.id])
                    try store.insertOutcomes(runID: run.id, versionID: late.id, candidateIDs: ids, masks: [0, 4])
                    throw CancellationError()
                }
            } catch is CancellationError {
                rolledBack = true
            }
            #expect(rolledBack)
            #expect(try store.runs.run(id: run.id)?.versionIDs == [a.id], "the rolled-back version is not scored")
            try store.inTransaction {
                try store.runs.addVersions(runID: run.id, versionIDs: [late.id])
                try store.insertOutcomes(runID: run.id, versionID: late.id, candidateIDs: ids, masks: [0, 4])
            }
            let comparison = try store.runs.unlockTransitions(runID: run.id, versionA: a.id, versionB: late.id)
            #expect(comparison[unlockedUnderA: true, unlockedUnderB: true] == 1)
            #expect(comparison[unlockedUnderA: true, unlockedUnderB: false] == 1)
            #expect(comparison.failuresUnlockedUnderA == [2: 1])
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func deletingARunRemovesEverythingItOwns(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let version = try store.addVersion().version
            let kept = try store.startRun(versionIDs: [version.id])
            let doomed = try store.startRun(versionIDs: [version.id])
            for run in [kept, doomed] {
                try store.writeCandidates(runID: run.id, versionIDs: [version.id], lines: [2, 3], masks: [[1], [0]])
            }
            try store.summaries.write(
                runID: doomed.id, summary: RunSummary(lengths: [RunLengthSummaryRow(length: 10, count: 2)]))
            #expect(try store.holdsCandidates())

            try store.runs.fail(runID: doomed.id)  // a running run of a live process is not deleted
            let deletion = try store.runs.delete(runID: doomed.id)
            #expect(deletion.deleted && !deletion.wasStale)
            #expect(try !store.runs.exists(runID: doomed.id))
            #expect(try store.runs.candidateLines(runID: doomed.id).isEmpty)
            #expect(try store.summaries.read(runID: doomed.id) == RunSummary())
            #expect(try store.runs.candidateLines(runID: kept.id).count == 2)
            #expect(try !store.runs.delete(runID: doomed.id).deleted)
            #expect(try store.startRun(versionIDs: [version.id]).id > doomed.id, "a deleted run's id is not reused")
        }
    }

    @Test("a missing run, or one no longer running, is refused in the boundary's words", arguments: StoreUnderTest.all)
    func missingOrFinishedRunIsRefused(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let version = try store.addVersion().version
            let run = try store.startRun(versionIDs: [version.id])
            try store.runs.fail(runID: run.id)
            #expect(throws: AuditStoreError.runNotRunning(id: run.id, status: .failed)) {
                try store.runs.complete(
                    runID: run.id, sourceBytes: 1, sourceSHA256: "", rowsRead: 0, rowsAccepted: 0, rowsRejected: 0)
            }
            #expect(throws: AuditStoreError.unknownRun(reference: "999")) { try store.runs.fail(runID: 999) }
            #expect(throws: AuditStoreError.unknownRun(reference: "999")) { try store.pruner.prune(runID: 999) }
        }
    }
}
