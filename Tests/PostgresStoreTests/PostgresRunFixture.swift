import AuditCrypto
import AuditRepositories
import Foundation
import PostgresStore
import PwauditTestSupport

/// A migrated database on the test cluster with a `PostgresRunRepository`, and the contract samples'
/// helpers (ContractSamples.swift) for it: versions stored by SQL (the policy repository is another part's), runs
/// started as `AuditStore.startRun` does, candidates written through the store's writer.
final class PostgresRunFixture {
    let database: PostgresTestDatabase
    let connection: PostgresConnection
    let runs: PostgresRunRepository

    init() throws {
        database = try PostgresTestCluster.shared().createDatabase()
        connection = try PostgresConnection(database.uri)
        try PostgresMigrator().migrate(connection)
        runs = PostgresRunRepository(connection: connection)
    }

    /// Stores a version of policy `corp` with the contract samples' three rules (bits 0…2); returns its id.
    func addVersion(definition: String = #"{"rules":[1]}"#) throws -> Int64 {
        _ = try connection.execute(
            "INSERT INTO policy (name, created_at) VALUES ('corp', now()) ON CONFLICT (name) DO NOTHING", [])
        let row = try connection.firstRow(
            """
            INSERT INTO policy_version (policy_id, version, definition, definition_sha256, effective_from, created_at)
            SELECT p.id, coalesce((SELECT max(version) FROM policy_version WHERE policy_id = p.id), 0) + 1, $1, $2,
                '2026-01-01T00:00:00Z', now()
            FROM policy p WHERE p.name = 'corp' RETURNING id
            """, [.text(definition), .text(SHA256.hexDigest(utf8: definition))])
        let id = try row!.int64(at: 0)
        for bit in 0..<3 {
            _ = try connection.execute(
                "INSERT INTO policy_rule VALUES ($1, $2, $3, 'class', 'rule', '{}')",
                [.integer(id), .integer(Int64(bit)), .text("rule-\(bit)")])
        }
        return id
    }

    /// Starts a run scoring `versionIDs`, with its lease, on `connection` (this fixture's by default).
    func startLeasedRun(
        versionIDs: [Int64], sha: String = String(repeating: "a", count: 64), on other: PostgresConnection? = nil
    ) throws -> LeasedRun {
        try PostgresRunRepository(connection: other ?? connection).start(
            sourceName: "passwords.csv", sourceBytes: 123, sourceSHA256: sha, label: "test", versionIDs: versionIDs,
            pwauditVersion: "0.0.0-test")
    }

    /// Starts a run scoring `versionIDs`; its lease stays held until the connection ends.
    func startRun(versionIDs: [Int64], sha: String = String(repeating: "a", count: 64)) throws -> StoredRun {
        try startLeasedRun(versionIDs: versionIDs, sha: sha).run
    }

    /// A batch of candidates on `lines`, each with `masks` (one per version).
    static func batch(outcomes: Int, lines: [Int], masks: [[UInt64]]) -> CandidateBatch {
        var batch = CandidateBatch(outcomeCount: outcomes)
        for (line, candidateMasks) in zip(lines, masks) {
            let fingerprint = Fingerprint(bytes: [UInt8](repeating: UInt8(line % 256), count: 32))!
            let features = CandidateFeatureRow(length: 10, upperCount: 1, lowerCount: 7, digitCount: 2)
            candidateMasks.withUnsafeBufferPointer { masks in
                batch.append(
                    line: line, externalID: nil, username: nil, submittedAt: nil, fingerprint: fingerprint,
                    features: features, masks: masks)
            }
        }
        return batch
    }

    /// Rows of `table`.
    func count(_ table: String) throws -> Int { try connection.firstRow("SELECT count(*) FROM \(table)")!.int(at: 0) }
}
