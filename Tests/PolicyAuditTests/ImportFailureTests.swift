import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyStore
import Testing

@testable import PolicyAudit
@testable import PolicyCSV

/// An import that fails part way (here, the input stops being readable) stops its scoring workers and writer before
/// it records the failure: the run is left `failed`, committed, and the database usable.
@Suite("An import failing mid-stream")
struct ImportFailureTests {
    /// A header and `rows` good rows spread over many reads, then a read error.
    final class FailingSource: ByteSource {
        private var pending: [UInt8]
        var totalByteCount: Int? { nil }

        init(rows: Int) {
            var text = "username,password\n"
            for row in 0..<rows { text += "user\(row),Secret\(row)!x\n" }
            pending = Array(text.utf8)
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVImportError) -> Int {
            guard !pending.isEmpty else { throw .readFailed(reason: "device went away") }
            let count = min(buffer.count, pending.count, 64 * 1024)
            pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            pending.removeFirst(count)
            return count
        }
    }

    @Test("the error surfaces, the run is failed and committed, and the next import works")
    func failedRunIsRecorded() throws {
        let scratch = try ScratchWorkspace()
        let workspace = scratch.workspace

        let failing = CSVImportRequest(source: .generated(name: "flaky") { FailingSource(rows: 30_000) })
        #expect(throws: CSVImportError.readFailed(reason: "device went away")) {
            try CSVImport(workspace: workspace).run(failing)
        }
        #expect(!workspace.database.isInsideTransaction)
        // Another connection sees the failure: it was committed, not left inside the writer's transaction.
        let observer = try Database(path: workspace.location.databasePath, mode: .readOnly)
        let status = try observer.makeStatement("SELECT status FROM import_run")
        #expect(try status.step())
        #expect(status.string(at: 0) == "failed")

        let csv = try scratch.write("ok.csv", "password\nLongEnough1\n")
        let result = try #require(
            try CSVImport(workspace: workspace).run(CSVImportRequest(source: .file(path: csv))).imported)
        #expect(result.accepted == 1)
        #expect(try workspace.runs.run(id: try #require(result.runID))?.status == .complete)
    }
}
