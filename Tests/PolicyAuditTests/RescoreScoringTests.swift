import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyStore
import Testing

@testable import PolicyAudit
@testable import PolicyCSV

/// Rescore scores and writes through the import's own paths (`CompiledPolicySet.failureMasks(of:into:)`,
/// `AttemptWriter`), so a rescored version's outcomes are the ones an import of the same file stores.
@Suite struct RescoreScoringTests {
    /// Every kind of rule whose outcome depends on the bytes: context (user and e-mail), classes, repeats, the
    /// builtin blocklist, normalization of non-ASCII input.
    private static let policy = #"""
        {"name":"late","rules":[{"rule":"length","min":10},{"rule":"require","class":"upper"},
        {"rule":"classes","min":3},{"rule":"max-repeat","max":2},{"rule":"blocklist","lists":["builtin:common"]},
        {"rule":"context","fields":["username","email"]}]}
        """#

    /// The stored mask of each candidate of `runID` under `versionID`, by line.
    private func masks(_ database: Database, runID: Int64, versionID: Int64) throws -> [Int: Int64] {
        let statement = try database.makeStatement(
            """
            SELECT c.line, a.failed_mask FROM attempt a JOIN candidate c ON c.id = a.candidate_id
            WHERE c.run_id = ?1 AND a.policy_version_id = ?2
            """)
        statement.bind(runID, at: 1)
        statement.bind(versionID, at: 2)
        var result: [Int: Int64] = [:]
        while try statement.step() { result[statement.int(at: 0)] = statement.int64(at: 1) }
        return result
    }

    @Test("a rescored version's stored outcomes equal an import's of the same file, candidate by candidate")
    func rescoreEqualsImport() throws {
        let scratch = try ScratchWorkspace()
        let workspace = scratch.workspace
        let csv = """
            username,email,password
            anna,anna.smith@example.com,AnnaSmith2026!
            bob,bob@example.com,password
            carol,carol@example.com,Contraseña24!
            dave,dave@example.com,aaaBBB111ccc
            erin,erin@example.com,ÉTÉ-ÉTÉ-été-1
            frank,frank@example.com,密码1999密码Abc
            gina,gina@example.com,x\u{301}yzXYZ12345
            ,,
            hal,hal@example.com,Tr0ub4dor&3 but longer

            """
        let path = try scratch.write("c.csv", csv)
        let imported = try #require(
            try CSVImport(workspace: workspace).run(CSVImportRequest(source: .file(path: path))).imported?.runID)
        let late = try PolicyLibrary(workspace: workspace).add(
            PasswordPolicy(json: Data(Self.policy.utf8)), effectiveFrom: "2026-01-01T00:00:00Z", note: nil
        ).version
        let rescore = try RunRescore(workspace: workspace).rescore(
            runID: imported, version: late, source: .file(path: path), mapping: CSVColumnMapping(),
            dialect: CSVDialect())
        guard case .rescored(let outcome) = rescore else {
            Issue.record("not rescored: \(rescore)")
            return
        }
        var again = CSVImportRequest(source: .file(path: path))
        again.versions = [late]
        again.again = true
        let direct = try #require(try CSVImport(workspace: workspace).run(again).imported)
        let rescored = try masks(workspace.database, runID: imported, versionID: late.id)
        #expect(rescored.count == 8)
        #expect(rescored == (try masks(workspace.database, runID: #require(direct.runID), versionID: late.id)))
        #expect(Set(rescored.values).count > 3)
        #expect(outcome.total == 8)
        #expect(outcome.unlocked == direct.versions.first?.unlocked)
        #expect(
            try workspace.summaries.rules(runID: imported).filter { $0.policyVersionID == late.id }.map(\.failures)
                == (try workspace.summaries.rules(runID: #require(direct.runID)).map(\.failures)))
    }
}
