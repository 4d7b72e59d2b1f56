import AuditRepositories
import PolicyAudit
import Testing

@testable import PolicyAuditCLI

/// A file imported again under another column mapping or delimiter is read otherwise: a new import, not "already
/// imported" (issue 25, item 2). The same reading, however it is spelled, still is.
@Suite("Re-import identity")
struct ReimportIdentityTests {
    private let csv = "id,username,login,password\n1,anna,a.smith,Password1!\n2,bob,b.jones,Password2!\n"

    @Test("another mapping is a new run; the same mapping again, spelt otherwise, is already imported")
    func anotherMappingIsANewImport() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("users.csv", csv)
        #expect(sandbox.run(["import", file]).out.hasPrefix("run 1: "))
        let remapped = sandbox.run(["import", file, "--user-column", "login"])
        #expect(remapped.code == .success, "\(remapped.err)")
        #expect(remapped.out.hasPrefix("run 2: 2 rows"), "\(remapped.out) \(remapped.err)")
        let again = sandbox.run(["import", file, "--user-column", "LOGIN "])
        #expect(again.out.isEmpty && again.err.contains("already imported as run 2"), "\(again.err)")
        // The defaults given by name read as the first run did.
        let first = sandbox.run(["import", file, "--user-column", "username", "--delimiter", ","])
        #expect(first.err.contains("already imported as run 1"), "\(first.err)")
        #expect(try sandbox.integers("SELECT id FROM import_run ORDER BY id") == [1, 2])
    }

    @Test("reading alike: the same columns (as a header compares names) and the same separator")
    func readsAlike() {
        let base = RunCSVOptions(
            passwordColumn: "password", usernameColumn: "username", emailColumn: "email", idColumn: "id",
            timeColumn: "submitted_at", delimiter: ",")
        var other = base
        other.usernameColumn = " Username"
        #expect(base.readsAlike(other))
        other.delimiter = ";"
        #expect(!base.readsAlike(other))
        other = base
        other.timeColumn = "created"
        #expect(!base.readsAlike(other))
    }

    /// European Excel times, without an offset: the day each lands on depends on the format and zone they are read in.
    private let dated =
        "username,password,submitted_at\nanna,Password1!,05.01.2026 23:30\nbob,Password2!,06.01.2026 00:30\n"

    @Test(
        "another --time-format or --time-zone is a new run; the same ones again, spelt otherwise, are already imported")
    func anotherTimeReadingIsANewImport() throws {
        let sandbox = try ImportSandbox()
        let file = try sandbox.write("dated.csv", dated)
        #expect(sandbox.run(["import", file]).out.hasPrefix("run 1: "))
        let european = sandbox.run(["import", file, "--time-format", "%d.%m.%Y %H:%M"])
        #expect(european.code == .success, "\(european.err)")
        #expect(european.out.hasPrefix("run 2: 2 rows"), "\(european.out) \(european.err)")
        let berlin = sandbox.run(["import", file, "--time-format", "%d.%m.%Y %H:%M", "--time-zone", "Europe/Berlin"])
        #expect(berlin.out.hasPrefix("run 3: 2 rows"), "\(berlin.out) \(berlin.err)")
        let again = sandbox.run(["import", file, "--time-zone", "Europe/Berlin", "--time-format=%d.%m.%Y %H:%M"])
        #expect(again.out.isEmpty && again.err.contains("already imported as run 3"), "\(again.err)")
        // UTC named is the default zone; auto named is the default format.
        let utc = sandbox.run(["import", file, "--time-format", "%d.%m.%Y %H:%M", "--time-zone", "UTC"])
        #expect(utc.err.contains("already imported as run 2"), "\(utc.err)")
        let auto = sandbox.run(["import", file, "--time-format", "auto"])
        #expect(auto.err.contains("already imported as run 1"), "\(auto.err)")
        #expect(try sandbox.integers("SELECT id FROM import_run ORDER BY id") == [1, 2, 3])
        // Read in Berlin, 23:30 on the 5th is 22:30 UTC and 00:30 on the 6th is 23:30 UTC on the 5th.
        #expect(try sandbox.integers("SELECT total FROM run_day_summary WHERE run_id = 3 ORDER BY day") == [2])
        #expect(try sandbox.integers("SELECT total FROM run_day_summary WHERE run_id = 2 ORDER BY day") == [1, 1])
    }

    @Test("rescore reads the times with the run's recorded format and zone, and refuses other ones")
    func rescoreKeepsTheTimeOptions() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        let file = try sandbox.write("dated.csv", dated)
        let imported = sandbox.run([
            "import", file, "--policy", "seed", "--time-format", "%d.%m.%Y %H:%M", "--time-zone", "Europe/Berlin",
        ])
        #expect(imported.code == .success, "\(imported.err)")
        let database = try sandbox.database()
        let statement = try database.makeStatement(
            "SELECT time_format, time_zone FROM import_run_csv_options WHERE run_id = 1")
        #expect(try statement.step())
        #expect([statement.string(at: 0), statement.string(at: 1)] == ["%d.%m.%Y %H:%M", "Europe/Berlin"])
        for (option, named) in [
            (["--time-format", "%m/%d/%Y %H:%M"], "--time-format '%d.%m.%Y %H:%M', not '%m/%d/%Y %H:%M'"),
            (["--time-zone", "UTC"], "--time-zone 'Europe/Berlin', not 'UTC'"),
        ] {
            let refused = sandbox.run(["rescore", "1", "--policy", "nist", file] + option)
            #expect(refused.code == .usage, "\(refused.err)")
            #expect(refused.err.contains("run 1 was imported with \(named)"), "\(refused.err)")
        }
        let rescored = sandbox.run(["rescore", "1", "--policy", "nist", file, "--time-zone", "Europe/Berlin"])
        #expect(rescored.code == .success, "\(rescored.err)")
        // The new version's days are the import's: both rows on 2026-01-05 (UTC), as Berlin read them.
        let days = try sandbox.integers(
            """
            SELECT count(DISTINCT day) FROM run_day_summary WHERE run_id = 1 GROUP BY policy_version_id
            ORDER BY policy_version_id
            """)
        #expect(days == [1, 1])
        #expect(try sandbox.integers("SELECT total FROM run_day_summary WHERE run_id = 1") == [2, 2])
    }

    @Test("a run recorded before schema 14 (no time options) reads alike any, and its rescore records the given ones")
    func unknownTimeOptions() throws {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        let file = try sandbox.write("dated.csv", dated)
        #expect(sandbox.run(["import", file, "--policy", "seed"]).code == .success)
        try sandbox.database().execute("UPDATE import_run_csv_options SET time_format = NULL, time_zone = NULL")
        let again = sandbox.run(["import", file, "--time-format", "%d.%m.%Y %H:%M"])
        #expect(again.err.contains("already imported as run 1"), "\(again.err)")
        let rescored = sandbox.run(["rescore", "1", "--policy", "nist", file, "--time-format", "%d.%m.%Y %H:%M"])
        #expect(rescored.code == .success, "\(rescored.err)")
        let statement = try sandbox.database().makeStatement(
            "SELECT time_format, time_zone, username_column FROM import_run_csv_options WHERE run_id = 1")
        #expect(try statement.step())
        #expect([statement.string(at: 0), statement.string(at: 1)] == ["%d.%m.%Y %H:%M", ""])
        let other = sandbox.run(["import", file])
        #expect(other.out.hasPrefix("run 2: "), "\(other.out) \(other.err)")
    }

    @Test("reading alike compares the time format and zone; unknown ones (before schema 14) agree with any")
    func timeOptionsReadAlike() {
        let base = RunCSVOptions(
            passwordColumn: "password", usernameColumn: "username", emailColumn: "email", idColumn: "id",
            timeColumn: "submitted_at", delimiter: ",", timeFormat: "", timeZone: "")
        var other = base
        other.timeFormat = "%d.%m.%Y"
        #expect(!base.readsAlike(other))
        other = base
        other.timeZone = "Europe/Berlin"
        #expect(!base.readsAlike(other))
        other.timeZone = nil
        other.timeFormat = nil
        #expect(base.readsAlike(other) && other.readsAlike(base))
    }
}
