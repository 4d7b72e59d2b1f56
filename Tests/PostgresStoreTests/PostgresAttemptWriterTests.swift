import AuditCrypto
import AuditRepositories
import AuditTime
import Foundation
import PostgresStore
import PwauditTestSupport
import Testing

/// The attempt writer's binary `COPY` (one open copy per transaction, values in their binary forms) and what schema 11
/// changed for deleting runs: every value reads back as written, a transaction spans batches, abandoning an open copy
/// keeps nothing of it, and deleting a run's candidates costs no trigger per candidate.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresAttemptWriterTests {
    /// Texts COPY's text format must escape, non-ASCII text, a tab-separated "\N", and the ends of the time range.
    static let samples: [(externalID: String?, username: String?, time: UTCInstant?)] = [
        ("a\tb\nc\\d\r", "\\N", UTCInstant.earliest),
        (nil, "zoë 名前 🔑", UTCInstant.latest),
        ("", nil, UTCInstant.read("2026-03-04T05:06:07Z")!.instant),
        ("id-4", "", nil),
    ]

    static func batch(outcomes: Int, firstLine: Int, count: Int) -> CandidateBatch {
        var batch = CandidateBatch(outcomeCount: outcomes)
        for index in 0..<count {
            let sample = samples[index % samples.count]
            // Every byte value across the candidates, 0x00, tab, newline and backslash among them.
            let fingerprint = Fingerprint(bytes: (0..<32).map { UInt8(truncatingIfNeeded: index * 32 + $0) })!
            let features = CandidateFeatureRow(
                length: 1000 + index, upperCount: 1, lowerCount: 2, digitCount: 3, specialCount: 4,
                otherLetterCount: 5, spaceCount: 6, otherCount: Int(Int32.max))
            let masks = (0..<outcomes).map { UInt64(1) << 63 | UInt64(index * 10 + $0) }
            let external = sample.externalID.map { Array($0.utf8) }
            let username = sample.username.map { Array($0.utf8) }
            masks.withUnsafeBufferPointer { masks in
                external.withOptionalRawBytes { external in
                    username.withOptionalRawBytes { username in
                        batch.append(
                            line: firstLine + index, externalID: external, username: username,
                            submittedAt: sample.time, fingerprint: fingerprint, features: features, masks: masks)
                    }
                }
            }
        }
        return batch
    }

    @Test("every value of a candidate reads back as written, inline outcomes and a fifth version's attempt row too")
    func valuesRoundTrip() throws {
        let store = try PostgresRunFixture()
        let versions = try (1...5).map { try store.addVersion(definition: "{\"v\":\($0)}") }
        let run = try store.startRun(versionIDs: versions)
        let writer = PostgresAttemptWriter(connection: store.connection)
        let ids = try writer.insert(
            Self.batch(outcomes: 5, firstLine: 2, count: 12), runID: run.id, versionIDs: versions)
        try writer.finish()
        let rows = try store.connection.rows(
            """
            SELECT id, line, external_id, username, to_char(submitted_at, 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                encode(fingerprint, 'hex'), length, upper_count, lower_count, digit_count, special_count,
                other_letter_count, space_count, other_count, mask_0, mask_1, mask_2, mask_3
            FROM candidate ORDER BY id
            """)
        #expect(rows.count == 12)
        for (index, row) in rows.enumerated() {
            let sample = Self.samples[index % Self.samples.count]
            #expect(try row.int64(at: 0) == ids.lowerBound + Int64(index))
            #expect(try row.int(at: 1) == 2 + index)
            #expect(row.string(at: 2) == sample.externalID)
            #expect(row.string(at: 3) == sample.username)
            #expect(row.string(at: 4) == sample.time?.text)
            #expect(
                row.string(at: 5) == PostgresTestHex.encode((0..<32).map { UInt8(truncatingIfNeeded: index * 32 + $0) })
            )
            #expect(try (6...13).map { try row.int(at: $0) } == [1000 + index, 1, 2, 3, 4, 5, 6, Int(Int32.max)])
            #expect(
                try (14...17).map { UInt64(bitPattern: try row.int64(at: $0)) }
                    == (0..<4).map {
                        UInt64(1) << 63 | UInt64(index * 10 + $0)
                    })
        }
        let attempts = try store.connection.rows(
            "SELECT candidate_id, policy_version_id, failed_mask, unlocks_reset FROM attempt_row ORDER BY candidate_id")
        #expect(attempts.count == 12)
        for (index, row) in attempts.enumerated() {
            #expect(try row.int64(at: 0) == ids.lowerBound + Int64(index))
            #expect(try row.int64(at: 1) == versions[4])
            #expect(UInt64(bitPattern: try row.int64(at: 2)) == UInt64(1) << 63 | UInt64(index * 10 + 4))
            #expect(try row.bool(at: 3) == false)
        }
    }

    @Test("one transaction spans batches; abandoning it with its copy open keeps none of it and the session works on")
    func transactionsSpanBatches() throws {
        let store = try PostgresRunFixture()
        let version = try store.addVersion()
        let run = try store.startRun(versionIDs: [version])
        let writer = PostgresAttemptWriter(connection: store.connection, rowsPerTransaction: 10)
        var ranges: [Range<Int64>] = []
        for batch in 0..<5 {
            ranges.append(
                try writer.insert(
                    Self.batch(outcomes: 1, firstLine: 2 + batch * 4, count: 4), runID: run.id, versionIDs: [version]))
        }
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        try writer.insertRejected(runID: run.id, line: 100, reason: "field-count")
        // 12 rows were committed (three batches reach 10), 8 and a rejected row are in the open transaction.
        writer.abandon()
        #expect(try store.runs.candidateLines(runID: run.id).map(\.line) == Array(2..<14))
        #expect(try store.count("rejected_row") == 0)
        let next = try writer.insert(
            Self.batch(outcomes: 1, firstLine: 14, count: 3), runID: run.id, versionIDs: [version])
        #expect(next.lowerBound == ranges[2].upperBound, "the ids of the abandoned transaction are given again")
        try writer.insertRejected(runID: run.id, line: 100, reason: "field-count")
        try writer.finish()
        #expect(try store.runs.candidateLines(runID: run.id).map(\.line) == Array(2..<17))
        #expect(try store.count("rejected_row") == 1)
    }

    @Test("no trigger fires per copied or deleted candidate; deleting a run's row deletes its rows, not another run's")
    func runRowsCostNoTriggerPerRow() throws {
        let store = try PostgresRunFixture()
        let versions = try (1...5).map { try store.addVersion(definition: "{\"v\":\($0)}") }
        let runs = try (0..<2).map { _ in try store.startRun(versionIDs: versions) }
        let writer = PostgresAttemptWriter(connection: store.connection)
        for run in runs {
            try writer.insert(Self.batch(outcomes: 5, firstLine: 2, count: 50), runID: run.id, versionIDs: versions)
        }
        try writer.finish()
        // Foreign keys are triggers: one call per copied row (the key's check), per deleted row (its cascade).
        let keys = try store.connection.firstRow(
            """
            SELECT count(*) FROM pg_catalog.pg_constraint
            WHERE contype = 'f' AND 'candidate'::regclass IN (conrelid, confrelid)
            """)
        #expect(try keys?.int(at: 0) == 0)
        #expect(
            try store.connection.firstRow(
                "SELECT count(*) FROM pg_catalog.pg_trigger WHERE tgrelid = 'candidate'::regclass")?.int(at: 0) == 0)
        let range = CandidateID.range(runID: runs[0].id)
        // EXPLAIN ANALYZE deletes: in a transaction rolled back.
        try store.connection.execute("BEGIN")
        let plan =
            try store.connection.firstRow(
                "EXPLAIN (ANALYZE, FORMAT JSON) DELETE FROM import_run WHERE id = $1", [.integer(runs[0].id)])?
            .string(at: 0) ?? ""
        try store.connection.execute("ROLLBACK")
        #expect(plan.contains("\"Trigger Name\": \"import_run_deletes_its_rows\""), "\(plan)")
        #expect(plan.contains("\"Calls\": 1"))
        // What a DELETE written by hand does: the run's candidates and attempt rows go with it, the other run's stay.
        _ = try store.connection.execute("DELETE FROM import_run WHERE id = $1", [.integer(runs[0].id)])
        #expect(try store.runs.candidateLines(runID: runs[0].id).isEmpty)
        #expect(try store.runs.candidateLines(runID: runs[1].id).count == 50)
        #expect(try store.count("attempt_row") == 50)
        #expect(
            try store.connection.firstRow(
                "SELECT count(*) FROM attempt_row WHERE candidate_id BETWEEN $1 AND $2",
                [.integer(range.lowerBound), .integer(range.upperBound)])?.int(at: 0) == 0)
        try store.runs.fail(runID: runs[1].id)
        let deletion = try store.runs.delete(runID: runs[1].id)
        #expect(deletion.deleted)
        #expect(try store.count("candidate") == 0 && store.count("attempt_row") == 0)
    }

    @Test("a rescore's outcome of a candidate the run does not have is refused and stores nothing")
    func outcomesOfMissingCandidatesAreRefused() throws {
        let store = try PostgresRunFixture()
        let version = try store.addVersion(definition: "{\"v\":1}")
        let late = try store.addVersion(definition: "{\"v\":2}")
        let run = try store.startRun(versionIDs: [version])
        let writer = PostgresAttemptWriter(connection: store.connection)
        let ids = try writer.insert(
            Self.batch(outcomes: 1, firstLine: 2, count: 2), runID: run.id, versionIDs: [version])
        try writer.finish()
        try store.runs.addVersions(runID: run.id, versionIDs: [late])
        let refusal = #expect(throws: PostgresError.self) {
            try store.connection.inTransaction {
                try PostgresAttemptWriter.insertOutcomes(
                    connection: store.connection, runID: run.id, versionID: late,
                    candidateIDs: [ids.lowerBound, ids.upperBound + 5], masks: [0, 1])
            }
        }
        #expect(refusal?.sqlState == "23503")
        #expect(try store.count("attempt_row") == 0)
        try store.connection.inTransaction {
            try PostgresAttemptWriter.insertOutcomes(
                connection: store.connection, runID: run.id, versionID: late, candidateIDs: Array(ids), masks: [0, 1])
        }
        #expect(try store.count("attempt_row") == 2)
    }
}

/// Lower-case hex, as `encode(…, 'hex')` writes it.
enum PostgresTestHex {
    static func encode(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
}

extension Optional where Wrapped == [UInt8] {
    /// Calls `body` with the bytes, or nil.
    fileprivate func withOptionalRawBytes<R>(_ body: (UnsafeRawBufferPointer?) -> R) -> R {
        guard let self else { return body(nil) }
        return self.withUnsafeBytes { body($0) }
    }
}
