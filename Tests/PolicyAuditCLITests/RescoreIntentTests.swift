import Foundation
import PolicyStore
import Testing

@testable import PolicyAuditCLI

/// Issue 20: a rescore reads the run's file as its import did (the run records its CSV options), checks the file before
/// it answers, and says so when the run already has the version; a pruned run's file can be imported again; `report`
/// while the only run is being imported says so.
@Suite("pwaudit rescore: the run's own options, the file checked first")
struct RescoreIntentTests {
    /// Semicolons, and the password in a column called `pw`: only the run's own options read it.
    static let csv = "id;user;pw\n1;ann;Good1!pass\n2;bob;short\n3;cy;Other2@pass\n4;dee;password\n"

    /// A sandbox holding run 1: `csv` imported against seed with `--password-column pw --user-column user`.
    static func importedRun() throws -> (sandbox: ImportSandbox, file: String) {
        let sandbox = try ImportSandbox(policies: ["seed", "nist", "strict"])
        let file = try sandbox.write("in.csv", csv)
        let imported = sandbox.run([
            "import", file, "--policy", "seed", "--password-column", "pw", "--user-column", "user",
        ])
        try #require(imported.code == .success, "\(imported.err)")
        return (sandbox, file)
    }

    static func options(_ sandbox: ImportSandbox) throws -> [String] {
        let database = try sandbox.database()
        let statement = try database.makeStatement(
            """
            SELECT password_column, username_column, email_column, id_column, time_column, delimiter
            FROM import_run_csv_options WHERE run_id = 1
            """)
        guard try statement.step() else { return [] }
        return (0..<6).map { statement.string(at: Int32($0)) ?? "NULL" }
    }

    @Test("a run records the columns and the delimiter it was read with; rescore reads the file with them")
    func recordsAndUsesOptions() throws {
        let (sandbox, file) = try Self.importedRun()
        #expect(try Self.options(sandbox) == ["pw", "user", "email", "id", "submitted_at", ";"])
        // No option on the command line: the run's own are used (today's main looked for a 'password' column).
        let rescored = sandbox.run(["rescore", "1", "--policy", "nist", file])
        #expect(rescored.code == .success, "\(rescored.err)")
        #expect(rescored.out.hasPrefix("run 1: nist@1 "), "\(rescored.out)")
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == 8)
    }

    @Test(
        "an option that differs from the run's is a usage error naming the recorded value; the same ones are fine",
        arguments: [
            (["--delimiter", ","], "--delimiter ';', not ','"),
            (["--delimiter", "\\t"], "--delimiter ';', not '\\t'"),
            (["--password-column", "password"], "--password-column 'pw', not 'password'"),
            (["--user-column", "username"], "--user-column 'user', not 'username'"),
            (["--time-column", "when"], "--time-column 'submitted_at', not 'when'"),
        ])
    func differingOption(option: [String], named: String) throws {
        let (sandbox, file) = try Self.importedRun()
        let refused = sandbox.run(["rescore", "1", "--policy", "nist", file] + option)
        #expect(refused.code == .usage, "\(refused.err)")
        #expect(
            refused.err.hasPrefix(
                "Error: run 1 was imported with \(named): a rescore reads the run's file as its import did, so leave "
                    + "\(option[0]) out (to read the file another way, import it again with --again)\nUsage: "),
            "\(refused.err)")
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == 4)
        #expect(try sandbox.integer("SELECT count(*) FROM import_run_policy") == 1)

        let same = sandbox.run([
            "rescore", "1", "--policy", "nist", file, "--delimiter", ";", "--password-column", " PW ", "--user-column",
            "user", "--id-column", "id",
        ])
        #expect(same.code == .success, "\(same.err)")
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == 8)
    }

    @Test("a run from before the options were recorded takes those of its first successful rescore, then keeps them")
    func oldRunRecordsFirstRescore() throws {
        let (sandbox, file) = try Self.importedRun()
        try sandbox.database().execute("DELETE FROM import_run_csv_options")
        // A failed rescore (no 'password' column: the first line is not taken for a header) records nothing.
        #expect(sandbox.run(["rescore", "1", "--policy", "nist", file]).code == .dataError)
        #expect(try Self.options(sandbox) == [])
        let first = sandbox.run(["rescore", "1", "--policy", "nist", file, "--password-column", "pw"])
        #expect(first.code == .success, "\(first.err)")
        #expect(try Self.options(sandbox) == ["pw", "username", "email", "id", "submitted_at", ";"])
        let other = sandbox.run(["rescore", "1", "--policy", "strict", file, "--password-column", "user"])
        #expect(other.code == .usage)
        #expect(other.err.contains("run 1 was imported with --password-column 'pw', not 'user'"), "\(other.err)")
        #expect(sandbox.run(["rescore", "1", "--policy", "strict", file]).code == .success)
    }

    @Test("rescore of a version the run already has reads the file, says so on stderr and changes nothing")
    func alreadyScored() throws {
        let (sandbox, file) = try Self.importedRun()
        let before = try sandbox.integer("SELECT count(*) FROM attempt")
        let again = sandbox.run(["rescore", "1", "--policy", "seed", file])
        #expect(again.code == .success, "\(again.err)")
        #expect(again.out.isEmpty, "\(again.out)")
        #expect(
            again.errLines == ["note: run 1 has already scored seed@1: 2 of 4 unlocked (50.0%); nothing was rescored"])
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == before)

        // The file is read before the answer: a missing one or another one is refused, as for a new version.
        let missing = sandbox.run(["rescore", "1", "--policy", "seed", "/nonexistent/in.csv"])
        #expect(missing.code == .noInput, "\(missing.err)")
        let other = try sandbox.write("other.csv", Self.csv.replacingOccurrences(of: "ann", with: "anne"))
        let mismatch = sandbox.run(["rescore", "1", "--policy", "seed", other])
        #expect(mismatch.code == .dataError)
        #expect(mismatch.err.contains("this file is not the one run 1 imported"), "\(mismatch.err)")
    }
}
