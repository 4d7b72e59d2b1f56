import AuditCrypto
import Foundation
import Testing

@testable import PolicyAuditCLI

/// Re-imports of the same bytes are refused unless `--again`; `-` reads the CSV from a pipe.
@Suite("pwaudit import: --again and stdin")
struct ImportAgainAndStdinTests {
    static let csv: String = {
        var text = "id,username,email,password,submitted_at\n"
        for index in 0..<5_000 {
            text += "\(index),user\(index),u\(index)@example.com,Pw\(index)!x\(index % 7),2026-03-0\(index % 9 + 1)\n"
        }
        return text
    }()

    /// A pipe whose write end a thread fills with `bytes` and closes; returns the read end (close it after use).
    static func pipeFeeding(_ bytes: [UInt8]) -> Int32 {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0)
        let writeEnd = ends[1]
        Thread.detachNewThread {
            var offset = 0
            bytes.withUnsafeBytes { raw in
                while offset < raw.count {
                    let written = write(writeEnd, raw.baseAddress! + offset, raw.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        return ends[0]
    }

    @Test("the same file again is refused with a note and exit 0; --again imports it as a new run")
    func again() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", Self.csv)
        #expect(sandbox.run(["import", file]).code == .success)

        let refused = sandbox.run(["import", file])
        #expect(refused.code == .success)
        #expect(refused.err.hasPrefix("note: this file (SHA-256 "), "\(refused.err)")
        #expect(refused.err.contains("already imported as run 1") && refused.err.contains("--again"))
        #expect(refused.out.isEmpty)
        #expect(try sandbox.integer("SELECT count(*) FROM import_run") == 1)
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == 5_000)

        let again = sandbox.run(["import", file, "--again"])
        #expect(again.code == .success)
        #expect(again.out.hasPrefix("run 2: 5,000 rows"), "\(again.out)")
        #expect(try sandbox.integers("SELECT id FROM import_run WHERE status = 'complete' ORDER BY id") == [1, 2])
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == 10_000)
    }

    @Test("a file with other bytes is not a re-import")
    func changedFileIsNew() throws {
        let sandbox = try ImportSandbox()
        #expect(sandbox.run(["import", try sandbox.write("a.csv", Self.csv)]).code == .success)
        let result = sandbox.run(["import", try sandbox.write("b.csv", Self.csv + "x,y,z,Extra1!,2026-01-01\n")])
        #expect(result.code == .success)
        #expect(result.out.hasPrefix("run 2: 5,001 rows"))
    }

    @Test("a file of the same size with other bytes is not a re-import either")
    func sameSizeOtherBytesIsNew() throws {
        let sandbox = try ImportSandbox()
        #expect(sandbox.run(["import", try sandbox.write("a.csv", Self.csv)]).code == .success)
        let changed = Self.csv.replacingOccurrences(of: "Pw42!x0", with: "Qw42!x0")
        #expect(changed.utf8.count == Self.csv.utf8.count && changed != Self.csv)
        let result = sandbox.run(["import", try sandbox.write("b.csv", changed)])
        #expect(result.code == .success)
        #expect(result.out.hasPrefix("run 2: 5,000 rows"), "\(result.out)")
    }

    @Test("a failed run of the same file does not block a new import")
    func failedRunDoesNotBlock() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("in.csv", Self.csv)
        #expect(sandbox.run(["import", file]).code == .success)
        try sandbox.database().execute("UPDATE import_run SET status = 'failed'")
        #expect(sandbox.run(["import", file]).out.hasPrefix("run 2:"))
    }

    @Test("'-' reads the CSV from a pipe: same rows, same SHA-256 as the file, source named stdin")
    func stdinPipe() throws {
        let sandbox = try ImportSandbox()
        let descriptor = Self.pipeFeeding(Array(Self.csv.utf8))
        defer { close(descriptor) }
        let result = sandbox.run(["import", "-", "--label", "piped"], stdin: descriptor)
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.hasPrefix("run 1: 5,000 rows, 0 rejected"), "\(result.out)")
        let database = try sandbox.database()
        let statement = try database.makeStatement(
            "SELECT source_name, source_bytes, source_sha256, label, status FROM import_run")
        #expect(try statement.step())
        #expect(statement.string(at: 0) == "stdin")
        #expect(statement.int(at: 1) == Self.csv.utf8.count)
        #expect(statement.string(at: 2) == SHA256.hexDigest(Array(Self.csv.utf8)))
        #expect(statement.string(at: 3) == "piped")
        #expect(statement.string(at: 4) == "complete")
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == 5_000)
    }

    @Test("the same bytes on stdin after a file import are refused (exit 0, note) and leave no extra run")
    func stdinDuplicate() throws {
        let sandbox = try ImportSandbox()
        #expect(sandbox.run(["import", try sandbox.write("in.csv", Self.csv)]).code == .success)
        let descriptor = Self.pipeFeeding(Array(Self.csv.utf8))
        defer { close(descriptor) }
        let result = sandbox.run(["import", "-"], stdin: descriptor)
        #expect(result.code == .success)
        #expect(result.err.contains("already imported as run 1"), "\(result.err)")
        #expect(try sandbox.integer("SELECT count(*) FROM import_run") == 1)
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == 5_000)

        let again = Self.pipeFeeding(Array(Self.csv.utf8))
        defer { close(again) }
        // The refused import held run 2 while it read stdin; ids are never reused, so this one is run 3.
        #expect(sandbox.run(["import", "-", "--again"], stdin: again).out.hasPrefix("run 3:"))
        #expect(try sandbox.integer("SELECT count(*) FROM import_run") == 2)
    }

    /// A FIFO at `path` that a thread opens for writing, fills with `bytes` and closes (once).
    static func fifoFeeding(_ path: String, _ bytes: [UInt8]) {
        precondition(mkfifo(path, 0o600) == 0)
        Thread.detachNewThread {
            let writeEnd = open(path, O_WRONLY)
            guard writeEnd >= 0 else { return }
            var offset = 0
            bytes.withUnsafeBytes { raw in
                while offset < raw.count {
                    let written = write(writeEnd, raw.baseAddress! + offset, raw.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
    }

    @Test("a named FIFO (or a process substitution, <(cat file)) is read once: imported, and a re-import is noticed")
    func fifoIsReadOnce() throws {
        let sandbox = try ImportSandbox()
        let first = sandbox.directory.appendingPathComponent("first.fifo").path
        Self.fifoFeeding(first, Array(Self.csv.utf8))
        let result = sandbox.run(["import", first])
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.hasPrefix("run 1: 5,000 rows, 0 rejected"), "\(result.out)")
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == 5_000)

        let second = sandbox.directory.appendingPathComponent("second.fifo").path
        Self.fifoFeeding(second, Array(Self.csv.utf8))
        let again = sandbox.run(["import", second])
        #expect(again.code == .success)
        #expect(again.err.contains("already imported as run 1"), "\(again.err)")
        #expect(try sandbox.integer("SELECT count(*) FROM import_run WHERE status = 'complete'") == 1)
    }

    @Test("two imports of one file started together store it once: the second to finish finds the first complete")
    func concurrentImportsOfOneFile() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("both.csv", KillTestTests.corpus(rows: 60_000, salt: "twice"))
        // Both pass the up-front check (no complete run yet); only the completing transaction can tell them apart.
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in results.append(sandbox.run(["import", file])) }
        #expect(results.values.map(\.code) == [.success, .success])
        let notes = results.values.map(\.err)
        #expect(notes.filter { $0.contains("already imported") }.count == 1, "\(notes)")
        #expect(try sandbox.integer("SELECT count(*) FROM import_run WHERE status = 'complete'") == 1)
        #expect(try sandbox.integer("SELECT count(*) FROM import_run") == 1, "the second run was discarded")
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == 60_000)
    }

    @Test("an import waits for another process's write lock held longer than SQLite's usual 5 s, then lands")
    func importOutwaitsAnotherWriter() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("small.csv", "password,username\nCorrect-Horse-7,ann\n")
        let holder = try sandbox.database()
        try holder.execute("BEGIN IMMEDIATE")  // what another importer's long completing commit holds
        let results = ResultBox()
        let importing = DispatchGroup()
        let started = Date()
        DispatchQueue.global().async(group: importing) { results.append(sandbox.run(["import", file])) }
        Thread.sleep(forTimeInterval: 6)
        try holder.execute("COMMIT")
        importing.wait()
        let result = try #require(results.values.first)
        #expect(result.code == .success, "\(result.err)")
        #expect(Date().timeIntervalSince(started) >= 5.5, "it waited for the lock rather than finding it free")
        #expect(try sandbox.integer("SELECT count(*) FROM candidate") == 1)
    }

    /// Results gathered from concurrent runs.
    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [CLIResult] = []
        func append(_ result: CLIResult) { lock.withLock { results.append(result) } }
        var values: [CLIResult] { lock.withLock { results } }
    }

    @Test("rejected rows on stdin still exit 65 and are stored with their lines")
    func stdinRejects() throws {
        let sandbox = try ImportSandbox()
        let descriptor = Self.pipeFeeding(Array("password,username\nGood1!pass,a\n,b\n".utf8))
        defer { close(descriptor) }
        let result = sandbox.run(["import", "-"], stdin: descriptor)
        #expect(result.code == .dataError)
        #expect(try sandbox.rejectedRows() == [3: "empty-password"])
    }
}
