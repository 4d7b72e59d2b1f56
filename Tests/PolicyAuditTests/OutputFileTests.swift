import AuditRepositories
import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAudit

/// `OutputFile`: the one writer of user-named files never replaces a protected file, writes through FIFOs, devices
/// and links, replaces regular files atomically keeping their mode, and leaves no temporary file behind.
@Suite("OutputFile")
struct OutputFileTests {
    /// A fresh directory holding a database-like file, its key and an input (none is a real database: only names
    /// and inodes matter here).
    final class Scratch {
        private let temporary: TemporaryDirectory
        let directory: String
        let location: AuditLocation
        let input: String

        init() throws {
            temporary = try TemporaryDirectory(prefix: "pwaudit-out")
            directory = temporary.url.path
            location = AuditLocation(databasePath: directory + "/audit.db")
            input = directory + "/c.csv"
            for (path, text) in [(location.databasePath, "DB"), (location.keyPath!, "KEY"), (input, "CSV")] {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            }
        }

        var protected: [ProtectedFile] { location.protectedFiles + [.input(input)] }

        func path(_ name: String) -> String { directory + "/" + name }

        func contents(_ name: String) -> String? {
            FileManager.default.contents(atPath: path(name)).map { String(decoding: $0, as: UTF8.self) }
        }

        func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory).sorted() }
    }

    @Test(
        "the database, its journals (existing or not), the key and the input are refused, by name or through links",
        arguments: [
            ("audit.db", "the database", false), ("audit.db-wal", "the database's write-ahead log", false),
            ("audit.db-shm", "the database's shared-memory file", false), ("audit.db.key", "the key file", false),
            ("c.csv", "the input file", false), ("./sub/../audit.db", "the database", false),
            ("hard.db", "the database", false), ("link.key", "the key file", false),
            // Opened as link.db, SQLite keeps its journal beside the link's target: audit.db-wal.
            ("audit.db-wal", "the database's write-ahead log", true),
        ])
    func refusesProtectedFiles(name: String, role: String, databaseThroughLink: Bool) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("sub"), withIntermediateDirectories: true)
        #expect(link(scratch.location.databasePath, scratch.path("hard.db")) == 0)
        #expect(symlink("audit.db.key", scratch.path("link.key")) == 0)
        #expect(symlink("audit.db", scratch.path("link.db")) == 0)
        let before = try scratch.names()
        #expect(throws: OutputFileError.clash(option: "--rejects", path: name, role: role)) {
            let protected =
                databaseThroughLink
                ? AuditLocation(databasePath: scratch.path("link.db"), keyPath: scratch.location.keyPath).protectedFiles
                : scratch.protected
            try OutputFile.write(
                "line,reason\n", to: scratch.path(name), name: name, option: "--rejects", protecting: protected)
        }
        #expect(scratch.contents("audit.db") == "DB")
        #expect(scratch.contents("audit.db.key") == "KEY")
        #expect(scratch.contents("c.csv") == "CSV")
        #expect(try scratch.names() == before, "no file was created or left behind")
    }

    @Test("a regular file is replaced atomically with its mode kept; a new file is created 0600")
    func replacesRegularFiles() throws {
        let scratch = try Scratch()
        let old = scratch.path("report.txt")
        try Data("old".utf8).write(to: URL(fileURLWithPath: old))
        #expect(chmod(old, 0o640) == 0)
        let file = try OutputFile(path: old, option: "--output", protecting: scratch.protected)
        try file.write("new report\n")
        #expect(scratch.contents("report.txt") == "old", "nothing changes before commit")
        try file.commit()
        #expect(scratch.contents("report.txt") == "new report\n")
        #expect(try mode(old) == 0o640)

        try OutputFile.write("fresh", to: scratch.path("new.txt"), option: "--output", protecting: scratch.protected)
        #expect(try mode(scratch.path("new.txt")) == 0o600)
        #expect(try scratch.names() == ["audit.db", "audit.db.key", "c.csv", "new.txt", "report.txt"])
    }

    @Test("a symbolic link stays a link and its target is replaced; a dangling link's target is created")
    func writesThroughSymlinks() throws {
        let scratch = try Scratch()
        try Data("old".utf8).write(to: URL(fileURLWithPath: scratch.path("target.txt")))
        #expect(symlink("target.txt", scratch.path("link.txt")) == 0)
        try OutputFile.write("new", to: scratch.path("link.txt"), option: "--output", protecting: scratch.protected)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path("link.txt")) == "target.txt")
        #expect(scratch.contents("target.txt") == "new")

        #expect(symlink("later.txt", scratch.path("dangling")) == 0)
        try OutputFile.write("made", to: scratch.path("dangling"), option: "--output", protecting: scratch.protected)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path("dangling")) == "later.txt")
        #expect(scratch.contents("later.txt") == "made")
    }

    @Test("a FIFO is written through, not replaced by a regular file")
    func writesThroughFIFOs() async throws {
        let scratch = try Scratch()
        let fifo = scratch.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Task.detached { () -> String in
            let handle = FileHandle(forReadingAtPath: fifo)
            return String(decoding: handle?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        }
        try OutputFile.write("through the pipe", to: fifo, option: "--output", protecting: scratch.protected)
        #expect(await reader.value == "through the pipe")
        var info = stat()
        #expect(lstat(fifo, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("a character device is written in place: /dev/null stays a device, /dev/full reports the full disk")
    func writesThroughDevices() throws {
        let scratch = try Scratch()
        try OutputFile.write("discarded", to: "/dev/null", option: "--output", protecting: scratch.protected)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFCHR)
        #expect(throws: OutputFileError.cannotWrite(path: "/dev/full", reason: String(cString: strerror(ENOSPC)))) {
            try OutputFile.write("x", to: "/dev/full", option: "--output", protecting: scratch.protected)
        }
    }

    @Test("a discarded or released writer leaves the old file as it was and no temporary file")
    func discardLeavesNoTrace() throws {
        let scratch = try Scratch()
        try Data("keep".utf8).write(to: URL(fileURLWithPath: scratch.path("r.csv")))
        let file = try OutputFile(path: scratch.path("r.csv"), option: "--rejects", protecting: scratch.protected)
        try file.write("partial")
        #expect(try scratch.names().count == 5, "a temporary file exists while writing")
        file.discard()
        do {
            let released = try OutputFile(path: scratch.path("n.csv"), option: "--rejects", protecting: [])
            try released.write("partial")
        }
        #expect(scratch.contents("r.csv") == "keep")
        #expect(try scratch.names() == ["audit.db", "audit.db.key", "c.csv", "r.csv"])
        #expect(throws: OutputFileError.cannotWrite(path: scratch.directory, reason: "it is a directory")) {
            try OutputFile.write("x", to: scratch.directory, option: "--output", protecting: [])
        }
    }

    private func mode(_ path: String) throws -> mode_t {
        var info = stat()
        try #require(stat(path, &info) == 0)
        return info.st_mode & 0o777
    }
}
