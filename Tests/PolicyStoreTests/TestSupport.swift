import AuditCrypto
import AuditRepositories
import Foundation

@testable import PolicyStore

func migratedInMemoryDatabase() throws -> Database {
    let database = try Database.inMemory()
    try Migrator().migrate(database)
    return database
}

func permissions(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

let sampleRules = [
    PolicyRuleRow(
        bit: 0, ruleID: "min-length", kind: "length", label: "At least 12 characters", definition: #"{"min":12}"#),
    PolicyRuleRow(
        bit: 1, ruleID: "upper", kind: "class", label: "An upper-case letter", definition: #"{"class":"upper"}"#),
    PolicyRuleRow(bit: 2, ruleID: "digit", kind: "class", label: "A digit", definition: #"{"class":"digit"}"#),
]

/// Adds a policy version whose definition is `definition` and returns it.
@discardableResult
func addVersion(
    _ repository: SQLitePolicyRepository, name: String = "corp", definition: String = #"{"rules":[1]}"#,
    effectiveFrom: String = "2026-01-01", rules: [PolicyRuleRow] = sampleRules
) throws -> VersionAddition {
    try repository.add(
        name: name, definition: definition, definitionSHA256: SHA256.hexDigest(utf8: definition), rules: rules,
        effectiveFrom: effectiveFrom, note: nil)
}

func startRun(_ database: Database, versionIDs: [Int64], sha: String = String(repeating: "a", count: 64)) throws
    -> StoredRun
{
    try SQLiteRunRepository(database: database).start(
        sourceName: "passwords.csv", sourceBytes: 123, sourceSHA256: sha, label: "test", versionIDs: versionIDs,
        pwauditVersion: "0.0.0-test"
    ).run
}

func count(_ database: Database, _ sql: String) throws -> Int {
    let statement = try database.makeStatement(sql)
    _ = try statement.step()
    return statement.int(at: 0)
}

let someFingerprint = Fingerprint(bytes: [UInt8](repeating: 7, count: 32))!
let someFeatures = CandidateFeatureRow(length: 10, upperCount: 1, lowerCount: 7, digitCount: 2)

/// A migrated in-memory database with `versions` policy versions and one running import that scores them all.
func databaseWithRun(versions: Int) throws -> (Database, [Int64], StoredRun) {
    let database = try migratedInMemoryDatabase()
    let repository = SQLitePolicyRepository(database: database)
    let ids = try (0..<versions).map { try addVersion(repository, definition: "{\"v\":\($0)}").version.id }
    return (database, ids, try startRun(database, versionIDs: ids))
}

/// One candidate as a test writes it: what a `CandidateBatch` row holds, with its texts as strings.
struct TestCandidate {
    var line: Int
    var externalID: String? = nil
    var username: String? = nil
    var submittedAt: String? = nil
    var fingerprint = someFingerprint
    var features = someFeatures
    /// One failure mask per version given to `insert(_:runID:versionIDs:_:)`.
    var masks: [UInt64] = []
}

/// Writes `candidates` as one batch through the importer's path and returns the ids they got.
@discardableResult
func insert(_ writer: AttemptWriter, runID: Int64, versionIDs: [Int64], _ candidates: [TestCandidate]) throws
    -> Range<Int64>
{
    var batch = CandidateBatch(outcomeCount: versionIDs.count)
    for candidate in candidates {
        batch.append(
            line: candidate.line, externalID: candidate.externalID, username: candidate.username,
            submittedAt: candidate.submittedAt, fingerprint: candidate.fingerprint, features: candidate.features,
            masks: candidate.masks)
    }
    return try writer.insert(batch, runID: runID, versionIDs: versionIDs)
}
