import AuditCrypto
import AuditRepositories
import AuditTime
import Testing

@testable import PolicyStore

/// `AttemptWriter.insert(_:runID:versionIDs:)`, the importer's path: a packed batch lands row by row as packed.
@Suite struct CandidateBatchInsertTests {
    /// Row `n`: texts that vary (and are NULL for every third row), a distinct fingerprint and features, and mask
    /// `n * 10 + version index` under each version.
    private func batch(rows: Int, versions: Int) -> CandidateBatch {
        var batch = CandidateBatch(outcomeCount: versions)
        for row in 0..<rows {
            let fingerprint = Fingerprint(bytes: [UInt8](repeating: UInt8(row % 251), count: 32))!
            batch.append(
                line: row + 2, externalID: row % 3 == 0 ? nil : "id-\(row)",
                username: row % 3 == 1 ? nil : "user\(row)",
                submittedAt: row % 3 == 2 ? nil : "2026-03-0\(row % 9 + 1)",
                fingerprint: fingerprint,
                features: CandidateFeatureRow(length: row, upperCount: 1, lowerCount: 2, digitCount: 3),
                masks: (0..<versions).map { UInt64(row * 10 + $0) })
        }
        return batch
    }

    @Test("texts, NULLs, fingerprints, features and inline masks read back per row; ids follow the batch")
    func rowsReadBack() throws {
        let (database, versions, run) = try databaseWithRun(versions: 3)
        let writer = try AttemptWriter(database: database, candidatesPerStatement: 4)
        let ids = try writer.insert(batch(rows: 10, versions: 3), runID: run.id, versionIDs: versions)
        try writer.finish()
        #expect(ids == CandidateID.make(runID: run.id, ordinal: 1)..<CandidateID.make(runID: run.id, ordinal: 11))
        #expect(try count(database, "SELECT count(*) FROM candidate") == 10)
        #expect(try count(database, "SELECT count(*) FROM candidate WHERE external_id IS NULL") == 4)
        #expect(try count(database, "SELECT count(*) FROM candidate WHERE username = 'user5'") == 1)
        #expect(try count(database, "SELECT count(*) FROM candidate WHERE username IS NULL") == 3)
        #expect(try count(database, "SELECT count(*) FROM candidate WHERE submitted_at = '2026-03-05T00:00:00Z'") == 1)
        #expect(try count(database, "SELECT count(*) FROM candidate WHERE fingerprint = zeroblob(32)") == 1)
        #expect(try count(database, "SELECT sum(length(fingerprint)) FROM candidate") == 320)
        #expect(try count(database, "SELECT length FROM candidate WHERE line = 9") == 7)
        #expect(try count(database, "SELECT count(*) FROM candidate WHERE id - (\(run.id) << 32) != line - 1") == 0)
        for (index, version) in versions.enumerated() {
            let sql = "SELECT sum(failed_mask) FROM attempt WHERE policy_version_id = \(version)"
            #expect(try count(database, sql) == (0..<10).reduce(0) { $0 + $1 * 10 + index })
        }
        #expect(try count(database, "SELECT count(*) FROM attempt WHERE unlocks_reset = 1") == 1)
        #expect(try count(database, "SELECT count(*) FROM attempt_row") == 0)
    }

    @Test("a fifth version goes to attempt_row, in the version order given, after an earlier batch")
    func fifthVersionAndOrdering() throws {
        let (database, versions, run) = try databaseWithRun(versions: 5)
        let writer = try AttemptWriter(database: database, candidatesPerStatement: 3)
        let single = try insert(writer, runID: run.id, versionIDs: [], [TestCandidate(line: 1)]).lowerBound
        let reversed = Array(versions.reversed())
        let ids = try writer.insert(batch(rows: 7, versions: 5), runID: run.id, versionIDs: reversed)
        try writer.finish()
        #expect(ids.lowerBound == single + 1)
        #expect(try count(database, "SELECT count(*) FROM attempt_row") == 7)
        for (index, version) in reversed.enumerated() {
            let sql = "SELECT sum(failed_mask) FROM attempt WHERE policy_version_id = \(version)"
            #expect(try count(database, sql) == (0..<7).reduce(0) { $0 + $1 * 10 + index })
        }
    }

    @Test("a version the run does not score, or one given twice, is refused and nothing is written")
    func refusesBadVersions() throws {
        let (database, versions, run) = try databaseWithRun(versions: 2)
        let other = try addVersion(SQLitePolicyRepository(database: database), definition: "{\"other\":1}").version.id
        let writer = try AttemptWriter(database: database)
        #expect(throws: SQLiteError.self) {
            try writer.insert(batch(rows: 2, versions: 2), runID: run.id, versionIDs: [versions[0], other])
        }
        #expect(throws: SQLiteError.self) {
            try writer.insert(batch(rows: 2, versions: 2), runID: run.id, versionIDs: [versions[0], versions[0]])
        }
        try writer.finish()
        #expect(try count(database, "SELECT count(*) FROM candidate") == 0)
    }
}

extension CandidateBatch {
    /// Appends one candidate whose texts are strings.
    mutating func append(
        line: Int, externalID: String?, username: String?, submittedAt: String?, fingerprint: Fingerprint,
        features: CandidateFeatureRow, masks: [UInt64]
    ) {
        var texts = (externalID, username)
        func bytes<R>(_ text: inout String?, _ body: (UnsafeRawBufferPointer?) -> R) -> R {
            guard text != nil else { return body(nil) }
            return text!.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
        bytes(&texts.0) { id in
            bytes(&texts.1) { user in
                masks.withUnsafeBufferPointer { masks in
                    append(
                        line: line, externalID: id, username: user,
                        submittedAt: submittedAt.flatMap { UTCInstant.read($0)?.instant }, fingerprint: fingerprint,
                        features: features, masks: masks)
                }
            }
        }
    }
}
