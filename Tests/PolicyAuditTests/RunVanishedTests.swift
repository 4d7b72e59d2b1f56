import AuditRepositories
import Foundation
import PolicyStore
import Testing

@testable import PolicyAudit
@testable import PolicyCSV

/// pwaudit refuses to delete a run under its importer, but another program may delete the row anyway: the import then
/// says so instead of dying on the writer's FOREIGN KEY error.
@Suite("An import whose run is deleted under it")
struct RunVanishedTests {
    /// The header and a few rows, then (once the run exists) deletes every run through another connection, then rows.
    final class DeletingSource: ByteSource {
        let databasePath: String
        private var reads = 0
        private var pending: [UInt8]
        var totalByteCount: Int? { nil }

        init(databasePath: String) {
            self.databasePath = databasePath
            var text = "username,password\n"
            for row in 0..<5_000 { text += "user\(row),Secret\(row)!x\n" }
            pending = Array(text.utf8)
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVImportError) -> Int {
            reads += 1
            if reads == 2 {
                // What an older pwaudit's `runs delete`, or a hand-written DELETE, did.
                let other = try? Database(path: databasePath, mode: .readWrite)
                try? other?.execute("PRAGMA foreign_keys = OFF")
                try? other?.execute("DELETE FROM import_run")
            }
            guard !pending.isEmpty else { return 0 }
            let count = min(buffer.count, pending.count, reads == 1 ? 64 : 64 * 1024)
            pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            pending.removeFirst(count)
            return count
        }
    }

    @Test("the import stops with runVanished naming the run, not a FOREIGN KEY error")
    func vanishedRun() throws {
        let scratch = try ScratchWorkspace()
        let path = scratch.workspace.location.databasePath
        let request = CSVImportRequest(source: .generated(name: "vanishing") { DeletingSource(databasePath: path) })
        #expect(throws: ImportError.runVanished(runID: 1)) { try CSVImport(workspace: scratch.workspace).run(request) }
        #expect(ImportError.runVanished(runID: 1).description.contains("runs delete 1"))
    }
}
