import AuditRepositories
import Foundation
import PasswordPolicy
import PwauditTestSupport
import Testing

@testable import PolicyAudit

/// `InteractiveCheckRecorder`: one interactive check stored as a complete run of source `interactive`, with its
/// summaries, and never the password.
@Suite("Recording an interactive check")
struct InteractiveCheckRecorderTests {
    static func recorder(_ scratch: ScratchWorkspace) throws -> (InteractiveCheckRecorder, StoredVersion) {
        let version = try PolicyLibrary(workspace: scratch.workspace).version(
            try #require(PolicyReference(parsing: "p")))
        let policy = try CompiledPolicy(PolicyLibrary(workspace: scratch.workspace).policy(of: version))
        return (try InteractiveCheckRecorder(workspace: scratch.workspace, version: version, policy: policy), version)
    }

    @Test("a recorded check is a complete run with one candidate, its outcome, the user and its summaries")
    func recordsARun() throws {
        let scratch = try ScratchWorkspace()
        let (recorder, version) = try Self.recorder(scratch)
        let date = try #require(ISO8601DateFormatter().date(from: "2026-11-30T09:15:00Z"))
        let outcome = try recorder.record(password: "Canary-Interactive-1", username: "ana", email: nil, at: date)
        guard case .recorded(let runID) = outcome else {
            Issue.record("not recorded: \(outcome)")
            return
        }
        let run = try #require(try scratch.workspace.runs.run(id: runID))
        #expect(run.sourceName == InteractiveCheckRecorder.sourceName)
        #expect(run.status == .complete)
        #expect(run.rowsAccepted == 1 && run.rowsRejected == 0)
        let versions = try scratch.workspace.summaries.versions(runID: runID)
        #expect(versions.map(\.policyVersionID) == [version.id])
        #expect(versions.first?.total == 1 && versions.first?.unlocked == 1)
        let stored = try scratch.workspace.database.makeStatement(
            "SELECT username, submitted_at, length FROM candidate WHERE run_id = ?1")
        stored.bind(runID, at: 1)
        #expect(try stored.step())
        #expect(stored.string(at: 0) == "ana")
        #expect(stored.string(at: 1)?.hasPrefix("2026-11-30T09:15:00") == true)
        #expect(stored.int64(at: 2) == 20)
        #expect(try scratch.workspace.summaries.days(runID: runID).map(\.day) == ["2026-11-30"])  // history's day

        let second = try recorder.record(password: "short", username: nil, email: nil)
        guard case .recorded(let secondRun) = second else {
            Issue.record("not recorded: \(second)")
            return
        }
        #expect(secondRun != runID)
        #expect(try scratch.workspace.summaries.versions(runID: secondRun).first?.unlocked == 0)

        let files = ["a.db", "a.db-wal", "a.db-shm", "a.db.key"].map {
            scratch.directory.appendingPathComponent($0).path
        }
        try CanaryScan(canaries: ["Canary-Interactive-1"]).expectNoTrace(in: files, outputs: [])
    }

    @Test("an empty password is not recorded, as an import would reject it")
    func refusesEmpty() throws {
        let scratch = try ScratchWorkspace()
        let (recorder, _) = try Self.recorder(scratch)
        #expect(try recorder.record(password: "", username: nil, email: nil) == .refused(reason: .emptyPassword))
        #expect(try scratch.workspace.runs.list().isEmpty)
    }

    @Test("the default report and compliance's run evidence take the latest import, not a later interactive check")
    func interactiveRunsAreNotTheLatestImport() throws {
        let scratch = try ScratchWorkspace()
        let reports = RunReportBuilder(workspace: scratch.workspace)
        let (recorder, _) = try Self.recorder(scratch)
        guard case .recorded(let onlyCheck) = try recorder.record(password: "Canary-Only-2", username: nil, email: nil)
        else {
            Issue.record("not recorded")
            return
        }
        #expect(try reports.run(nil).id == onlyCheck, "with no import, the interactive run is the one there is")
        let path = try scratch.write("a.csv", "username,password\nana,LongEnough1\nbo,short\n")
        let imported = try #require(
            try CSVImport(workspace: scratch.workspace).run(CSVImportRequest(source: .file(path: path))).imported)
        guard
            case .recorded(let laterCheck) = try recorder.record(password: "Canary-Later-3", username: nil, email: nil)
        else {
            Issue.record("not recorded")
            return
        }
        #expect(laterCheck > (imported.runID ?? 0))
        #expect(try reports.run(nil).id == imported.runID)
        #expect(try reports.run("latest").id == imported.runID)
        #expect(try reports.run(String(laterCheck)).id == laterCheck, "an interactive run is still reported by id")
    }
}
