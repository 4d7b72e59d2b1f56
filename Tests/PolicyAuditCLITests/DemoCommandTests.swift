import Foundation
import PolicyAudit
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI
@testable import PolicyReports

@Suite("pwaudit demo")
struct DemoCommandTests {
    private func run(_ arguments: [String], environment: [String: String] = [:]) -> (
        code: ExitCode, out: String, err: String
    ) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let context = CLIContext(stdout: out, stderr: err, environment: environment, currentDirectory: "/tmp")
        let code = PolicyAuditCLI.run(arguments, context: context)
        return (code, out.text, err.text)
    }

    /// The run report of the database at `path` as `pwaudit report --format json` prints it, decoded.
    private func reportJSON(databasePath path: String) throws -> [String: Any] {
        let result = run(["report", "--format", "json", "--db", path])
        #expect(result.code == .success, "\(result.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    }

    @Test("demo --rows 2000 --dir DIR writes the database and HTML, and prints counts the JSON report agrees with")
    func endToEnd() throws {
        let scratch = try TemporaryDirectory(prefix: "pwaudit-democli")
        let directory = scratch.path("demo")  // not there yet: the demo makes it
        let result = run(["demo", "--rows", "2000", "--dir", directory])
        #expect(result.code == .success, "\(result.err)")
        let database = directory + "/pwaudit.db"
        #expect(FileManager.default.fileExists(atPath: database))
        #expect(FileManager.default.fileExists(atPath: database + ".key"))
        #expect(FileManager.default.fileExists(atPath: directory + "/report.html"))

        let json = try reportJSON(databasePath: database)
        let rows = try #require(json["rows"] as? [String: Any])
        #expect(rows["read"] as? Int == 2000)
        let versions = try #require(json["versions"] as? [[String: Any]])
        #expect(versions.count == 3)
        for (index, version) in versions.enumerated() {
            let total = try #require(version["total"] as? Int)
            let unlocked = try #require((version["unlocked"] as? [String: Any])?["count"] as? Int)
            #expect(total == 2000)
            let headline =
                "\(ReportNumber.grouped(unlocked)) of 2,000 (\(Percentage(unlocked, of: total))) "
                + "would unlock reset under corp@\(index + 1)"
            #expect(result.out.contains(headline), "stdout lacks '\(headline)'")
        }
        #expect(result.out.contains("moving from corp@1 to corp@2"))
        #expect(result.out.contains("HTML report  \(directory)/report.html"))
        for next in ["pwaudit report --db", "pwaudit compare corp@1 corp@2 --db", "pwaudit history", "--policy corp@3"]
        {
            #expect(result.out.contains(next))
        }
        #expect(result.err.contains("demo: added corp@3, effective 2026-06-01"))
        #expect(!result.out.contains("demo: "))
    }

    @Test("two demos with the same --rows give the same report, times and paths aside")
    func deterministic() throws {
        let scratch = try TemporaryDirectory(prefix: "pwaudit-democli")
        let (first, second) = (scratch.path("first"), scratch.path("second"))
        #expect(run(["demo", "--rows", "700", "--dir", first]).code == .success)
        #expect(run(["demo", "--rows", "700", "--dir", second]).code == .success)
        func comparable(_ directory: String) throws -> NSDictionary {
            var json = try reportJSON(databasePath: directory + "/pwaudit.db")
            json["generated_at"] = nil
            var run = try #require(json["run"] as? [String: Any])
            run["started_at"] = nil
            run["finished_at"] = nil
            json["run"] = run
            return json as NSDictionary
        }
        let a = try comparable(first)
        #expect(a == (try comparable(second)))
        #expect((a["versions"] as? [Any])?.count == 3)
    }

    @Test("without --dir, each demo writes into a new directory under $TMPDIR")
    func defaultDirectory() throws {
        let scratch = try TemporaryDirectory(prefix: "pwaudit-democli")
        let parent = scratch.url.path
        #expect(run(["demo", "--rows", "20"], environment: ["TMPDIR": parent]).code == .success)
        #expect(run(["demo", "--rows", "20"], environment: ["TMPDIR": parent]).code == .success)
        let made = try FileManager.default.contentsOfDirectory(atPath: parent)
        #expect(made.count == 2 && made.allSatisfy { $0.hasPrefix("pwaudit-demo-") })
        for name in made { #expect(FileManager.default.fileExists(atPath: "\(parent)/\(name)/pwaudit.db")) }
    }

    @Test(
        "bad usage exits 64 with the error on stderr",
        arguments: [
            ["demo", "--rows", "0"], ["demo", "--rows", "many"], ["demo", "extra"], ["demo", "--db", "x.db"],
        ])
    func usage(arguments: [String]) {
        let result = run(arguments)
        #expect(result.code == .usage)
        #expect(result.err.hasPrefix("Error: "))
        #expect(result.out.isEmpty)
    }

    @Test("a directory that already holds a database is refused with 64 and left alone")
    func directoryInUse() throws {
        let scratch = try TemporaryDirectory(prefix: "pwaudit-democli")
        let directory = scratch.path("demo")  // not there yet: the demo makes it
        #expect(run(["demo", "--rows", "10", "--dir", directory]).code == .success)
        let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/pwaudit.db.key"))
        let again = run(["demo", "--rows", "10", "--dir", directory])
        #expect(again.code == .usage)
        #expect(again.err.contains("already holds a pwaudit database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/pwaudit.db.key")) == before)
    }

    @Test("help lists demo, and demo --help shows its options")
    func help() {
        #expect(run(["--help"]).out.contains("demo"))
        let help = run(["demo", "--help"])
        #expect(help.code == .success && help.out.contains("--rows N") && help.out.contains("--dir DIR"))
    }
    // MARK: Issue 20: bounded --rows, free space checked first

    @Test("--rows above the documented maximum is refused (64) before even the temporary directory is made")
    func rowsAboveMaximum() throws {
        let scratch = try TemporaryDirectory(prefix: "pwaudit-democli")
        let parent = scratch.path("no-such-parent")  // making the temporary directory here would fail (74)
        for rows in ["10000001", "99999999999999"] {
            let result = run(["demo", "--rows", rows], environment: ["TMPDIR": parent])
            #expect(result.code == .usage, "\(result.err)")
            #expect(result.err.contains("at most 10,000,000"), "\(result.err)")
        }
        let directory = scratch.path("demo")
        let refused = run(["demo", "--rows", "10000001", "--dir", directory])
        #expect(refused.code == .usage, "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(DemoRun.maximumRows == 10_000_000)
        #expect(run(["demo", "--help"]).out.contains("at most 10,000,000"))
    }

    @Test("the space a demo needs grows by the measured bytes per row; the free space is the file system's")
    func spaceEstimate() throws {
        #expect(DemoRun.requiredBytes(rows: 0) == DemoRun.fixedBytes)
        #expect(
            DemoRun.requiredBytes(rows: 1_000_000) - DemoRun.requiredBytes(rows: 0)
                == 1_000_000 * DemoRun.estimatedBytesPerRow)
        let scratch = try TemporaryDirectory(prefix: "pwaudit-democli")
        let measured = try #require(DemoRun.availableBytes(at: scratch.path("not/made/yet")))
        #expect(measured.path == scratch.url.path)
        var info = statvfs()
        #expect(statvfs(scratch.url.path, &info) == 0)
        let free = UInt64(info.f_bavail) * UInt64(info.f_frsize)
        #expect(measured.bytes.distance(to: free).magnitude < 1 << 30, "\(measured.bytes) vs \(free)")
    }

    @Test(
        "on a file system too small for the sample the demo refuses (74) and writes nothing; a sample that fits runs",
        .enabled(if: getuid() == 0, "mounts a 24 MiB tmpfs"))
    func insufficientSpace() throws {
        let scratch = try TemporaryDirectory(prefix: "pwaudit-democli")
        let mountPoint = scratch.path("small")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
        // 24 MiB: room for a 1,000-row demo and, by its measured 19 MB peak, even a 100,000-row one; not for the
        // ~30 MB the estimate asks for 100,000 rows. (Root without CAP_SYS_ADMIN cannot mount: nothing to test.)
        guard mount("tmpfs", mountPoint, "tmpfs", 0, "size=24m") == 0 else { return }
        defer { umount2(mountPoint, 0) }
        let directory = mountPoint + "/demo"
        let refused = run(["demo", "--rows", "100000", "--dir", directory])
        #expect(refused.code == .ioError, "\(refused.err)")
        #expect(refused.err.contains("on disk and '\(mountPoint)' has 25 MB free"), "\(refused.err)")
        #expect(refused.err.contains("nothing was written"), "\(refused.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mountPoint).isEmpty)
        let fits = run(["demo", "--rows", "1000", "--dir", directory])
        #expect(fits.code == .success, "\(fits.err)")
    }
}
