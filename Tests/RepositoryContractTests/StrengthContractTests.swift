import AuditCrypto
import AuditRepositories
import Testing

/// Issue 23, item 4, on every store: a candidate's stored strength (score and log10 guesses to 0.1) and the per-score
/// strength summary rows read back as written; a batch without estimates stores none.
@Suite struct StrengthContractTests {
    @Test(arguments: StoreUnderTest.all)
    func candidateStrengthsRoundTripAndABatchWithoutStoresNone(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let version = try store.addVersion().version
            let run = try store.startRun(versionIDs: [version.id])
            let strengths = [
                CandidateStrength(score: 0, guessesLog10: 0), CandidateStrength(score: 1, guessesLog10: 4.0453),
                CandidateStrength(score: 3, guessesLog10: 9.96), CandidateStrength(score: 4, guessesLog10: 19.0978),
                CandidateStrength(score: 4, guessesLog10: 128.04),
            ]
            #expect(strengths.map(\.log10Tenths) == [0, 40, 100, 191, 1280], "rounded to the nearest tenth")
            var batch = CandidateBatch(outcomeCount: 1)
            for (line, strength) in strengths.enumerated() {
                [UInt64(line % 2)].withUnsafeBufferPointer { masks in
                    batch.append(
                        line: line + 2, externalID: nil, username: nil, submittedAt: nil,
                        fingerprint: Fingerprint(bytes: [UInt8](repeating: UInt8(line), count: 32))!,
                        features: CandidateFeatureRow(length: 8, lowerCount: 8), masks: masks)
                }
                batch.appendStrength(strength)
            }
            let writer = try store.makeAttemptWriter()
            try writer.insert(batch, runID: run.id, versionIDs: [version.id])
            try writer.finish()
            let read = try store.runs.candidateStrengths(runID: run.id)
            #expect(read.map(\.strength) == strengths)
            #expect(read.map(\.strength?.guessesLog10) == [0, 4, 10, 19.1, 128])

            try store.writeCandidates(runID: run.id, versionIDs: [version.id], lines: [20, 21], masks: [[0], [1]])
            let all = try store.runs.candidateStrengths(runID: run.id)
            #expect(all.count == strengths.count + 2)
            #expect(all.suffix(2).allSatisfy { $0.strength == nil })
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func recordedStrengthsReadBackOnTheirCandidatesOnly(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let version = try store.addVersion().version
            let run = try store.startRun(versionIDs: [version.id])
            let ids = try store.writeCandidates(
                runID: run.id, versionIDs: [version.id], lines: [2, 3, 4, 5], masks: [[0], [1], [0], [1]])
            let other = try store.startRun(versionIDs: [version.id], sha: String(repeating: "b", count: 64))
            _ = try store.writeCandidates(runID: other.id, versionIDs: [version.id], lines: [2], masks: [[0]])
            let strengths = [
                CandidateStrength(score: 0, guessesLog10: 1.3), CandidateStrength(score: 2, guessesLog10: 7.04),
                CandidateStrength(score: 4, guessesLog10: 12.96),
            ]
            // The first three candidates (a rescore estimates them all; a subset shows the UPDATE is by id).
            try store.inTransaction {
                try store.runs.recordStrengths(
                    runID: run.id, candidateIDs: Array(ids.prefix(3)), strengths: strengths)
            }
            let read = try store.runs.candidateStrengths(runID: run.id)
            #expect(read.map(\.id) == Array(ids))
            #expect(read.map(\.strength) == strengths + [nil])
            #expect(read.prefix(3).map { $0.strength?.guessesLog10 } == [1.3, 7, 13])
            #expect(try store.runs.candidateStrengths(runID: other.id).map(\.strength) == [nil])
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func strengthSummaryRowsRoundTripPerVersionAndRewritingReplacesThem(_ kind: StoreUnderTest) throws {
        try kind.withStore { store in
            let first = try store.addVersion(definition: "{\"v\":1}").version
            let second = try store.addVersion(definition: "{\"v\":2}").version
            let run = try store.startRun(versionIDs: [first.id, second.id])
            let rows = [first.id, second.id].flatMap { id in
                (0...4).map {
                    RunStrengthSummaryRow(
                        policyVersionID: id, score: $0, candidates: 10 * ($0 + 1), unlocked: id == first.id ? $0 : 0)
                }
            }
            let summary = RunSummary(
                versions: [
                    RunVersionSummaryRow(policyVersionID: first.id, total: 150, unlocked: 10, nearMiss: 0),
                    RunVersionSummaryRow(policyVersionID: second.id, total: 150, unlocked: 0, nearMiss: 0),
                ],
                strength: rows)
            let summaries = store.summaries
            try summaries.write(runID: run.id, summary: summary)
            #expect(try summaries.strength(runID: run.id) == rows)
            #expect(try summaries.read(runID: run.id) == summary)
            try summaries.write(runID: run.id, summary: RunSummary(versions: summary.versions))
            #expect(try summaries.strength(runID: run.id).isEmpty)
            #expect(try summaries.strength(runID: 999).isEmpty)
        }
    }
}
