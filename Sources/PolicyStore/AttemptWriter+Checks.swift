import AuditCrypto
import AuditRepositories

/// The writer's own foreign-key and primary-key checks, and the inline outcome slots (schema 2).
extension AttemptWriter {

    func foreignKeyError(_ message: String) -> SQLiteError {
        SQLiteError(
            extendedCode: 787, message: "FOREIGN KEY constraint failed: \(message)", sql: nil, path: database.path)
    }

    /// Checks that `runID` is a running import and loads the versions its attempts may use.
    func checkRun(_ runID: Int64) throws(SQLiteError) {
        let run = try database.cachedStatement("SELECT status FROM import_run WHERE id = ?1")
        run.bind(runID, at: 1)
        let status = try run.step() ? run.string(at: 0) : nil
        run.reset()
        guard status == "running" else {
            throw foreignKeyError(
                status == nil ? "candidate.run_id refers to no import run" : "the import run is \(status!)")
        }
        let versions = try database.cachedStatement("SELECT policy_version_id FROM import_run_policy WHERE run_id = ?1")
        versions.bind(runID, at: 1)
        while try versions.step() { allowedVersions.insert(versions.int64(at: 0)) }
        let range = CandidateID.range(runID: runID)
        let last = try database.cachedStatement("SELECT max(id) FROM candidate WHERE id BETWEEN ?1 AND ?2")
        last.bind(range.lowerBound, at: 1)
        last.bind(range.upperBound, at: 2)
        _ = try last.step()
        let next = last.isNull(at: 0) ? range.lowerBound : last.int64(at: 0) + 1
        last.reset()
        nextIDs[runID] = next
    }

    func primaryKeyError() -> SQLiteError {
        SQLiteError(
            extendedCode: 1555, message: "UNIQUE constraint failed: attempt.candidate_id, attempt.policy_version_id",
            sql: nil, path: database.path)
    }

    /// Loads which versions of `runID` store their outcomes inline, and in which slot.
    func loadSlots(_ runID: Int64) throws(SQLiteError) {
        let statement = try database.cachedStatement(
            "SELECT policy_version_id, slot FROM import_run_policy WHERE run_id = ?1 AND slot IS NOT NULL")
        defer { statement.reset() }
        statement.bind(runID, at: 1)
        var runSlots: [Int64: Int] = [:]
        while try statement.step() { runSlots[statement.int64(at: 0)] = statement.int(at: 1) }
        slots[runID] = runSlots
    }

    /// Binds the eight feature counts to parameters `index` … `index + 7`, in the `candidate` table's column order.
    static func bind(_ features: CandidateFeatureRow, _ statement: Statement, at index: Int32) {
        statement.bind(Int64(features.length), at: index)
        statement.bind(Int64(features.upperCount), at: index + 1)
        statement.bind(Int64(features.lowerCount), at: index + 2)
        statement.bind(Int64(features.digitCount), at: index + 3)
        statement.bind(Int64(features.specialCount), at: index + 4)
        statement.bind(Int64(features.otherLetterCount), at: index + 5)
        statement.bind(Int64(features.spaceCount), at: index + 6)
        statement.bind(Int64(features.otherCount), at: index + 7)
    }

    static func bind(_ mask: Int64?, _ statement: Statement, at index: Int32) {
        if let mask { statement.bind(mask, at: index) } else { statement.bindNull(at: index) }
    }
}
