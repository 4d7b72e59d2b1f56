import Foundation
import PolicyStore
import Testing

@testable import PolicyAuditCLI

/// Issue 20: what `import` and `report` say about a run's state agrees with what can be done: a pruned run's file can
/// be imported again (as `rescore` of it advises), and `report` while the only run is being imported says so.
@Suite("pwaudit import and report: a run's state, said as it is")
struct RunStateMessageTests {
    static let csv = "id,username,password\n1,ann,Good1!pass\n2,bob,short\n3,cy,Other2@pass\n4,dee,password\n"

    @Test("after prune, the file can be imported again, as rescore of the pruned run advises")
    func importAfterPrune() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        let file = try sandbox.write("in.csv", Self.csv)
        #expect(sandbox.run(["import", file, "--policy", "seed"]).code == .success)
        #expect(sandbox.run(["prune", "--before", "2999-01-01"]).code == .success)
        let rescore = sandbox.run(["rescore", "1", "--policy", "nist", file])
        #expect(rescore.code == .dataError)
        #expect(rescore.err.contains("import the file again"), "\(rescore.err)")
        let again = sandbox.run(["import", file, "--policy", "nist"])
        #expect(again.code == .success, "\(again.err)")
        #expect(again.out.hasPrefix("run 2: 4 rows, 0 rejected"), "\(again.out)")
        #expect(!again.err.contains("already imported"), "\(again.err)")
        // An unpruned run of the same file is still noticed.
        let third = sandbox.run(["import", file, "--policy", "nist"])
        #expect(third.err.contains("already imported as run 2"), "\(third.err)")
    }

    @Test("report while the only run is being imported says so (66), not that there is no run 'latest'")
    func reportDuringImport() throws {
        let sandbox = try ImportSandbox()
        let empty = sandbox.run(["report"])
        #expect(empty.code == .noInput)
        #expect(
            empty.errLines == [
                "Error: no import run has completed yet; import a CSV first ('pwaudit import FILE.csv'), see "
                    + "'pwaudit runs'"
            ])
        let database = try sandbox.database()
        let runs = SQLiteRunRepository(database: database)
        let leased = try runs.start(
            sourceName: "live.csv", sourceBytes: 1, sourceSHA256: String(repeating: "0", count: 64), label: nil,
            versionIDs: [], pwauditVersion: "test")
        let running = leased.run
        defer {
            try? runs.fail(runID: running.id)
            leased.lease.release()
        }
        for arguments in [["report"], ["report", "--run", "latest"]] {
            let report = sandbox.run(arguments)
            #expect(report.code == .noInput)
            #expect(
                report.errLines == [
                    "Error: no import run has completed yet: run \(running.id) is being imported; report on it once it "
                        + "has finished"
                ], "\(report.err)")
        }
    }
}
