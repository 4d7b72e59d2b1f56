import AuditRepositories
import Foundation
import PolicyStore
import Testing

@testable import PolicyAudit
@testable import PolicyCSV

/// Issue 11, item 5: input already imported is an outcome of the import, not an error travelling as one.
@Suite("An import's outcome")
struct CSVImportOutcomeTests {
    static let csv = "username,password\nana,LongEnough1\nbo,short\n"

    @Test("a file a complete run holds comes back as .alreadyImported with that run, and nothing is stored")
    func sameFileTwice() throws {
        let scratch = try ScratchWorkspace()
        let path = try scratch.write("a.csv", Self.csv)
        let importer = CSVImport(workspace: scratch.workspace)
        let first = try #require(try importer.run(CSVImportRequest(source: .file(path: path))).imported)
        let runID = try #require(first.runID)

        guard
            case .alreadyImported(let existing, let sha256) = try importer.run(
                CSVImportRequest(source: .file(path: path)))
        else {
            Issue.record("the second import of the same file was not reported as already imported")
            return
        }
        #expect(existing == runID)
        #expect(sha256 == first.sourceSHA256)
        #expect(try scratch.workspace.runs.list().map(\.id) == [runID])
    }

    @Test("streamed input (no size to check up front) matched after reading: .alreadyImported, its run discarded")
    func streamedTwice() throws {
        let scratch = try ScratchWorkspace()
        let importer = CSVImport(workspace: scratch.workspace)
        func request() -> CSVImportRequest {
            CSVImportRequest(source: .generated(name: "stream") { MemoryByteSource(Array(Self.csv.utf8)) })
        }
        let first = try #require(try importer.run(request()).imported)
        let runID = try #require(first.runID)

        let second = try importer.run(request())
        #expect(second.imported == nil)
        if case .alreadyImported(let existing, let sha256) = second {
            #expect(existing == runID)
            #expect(sha256 == first.sourceSHA256)
        } else {
            Issue.record("the second import of the same stream was not reported as already imported")
        }
        #expect(try scratch.workspace.runs.list().map(\.id) == [runID])
        #expect(!scratch.workspace.database.isInsideTransaction)
    }

    @Test("with again, the same file is imported as a new run")
    func again() throws {
        let scratch = try ScratchWorkspace()
        let path = try scratch.write("a.csv", Self.csv)
        let importer = CSVImport(workspace: scratch.workspace)
        let first = try #require(try importer.run(CSVImportRequest(source: .file(path: path))).imported)
        var request = CSVImportRequest(source: .file(path: path))
        request.again = true
        let second = try #require(try importer.run(request).imported)
        #expect(second.runID != nil && second.runID != first.runID)
        #expect(second.accepted == first.accepted)
    }
}
