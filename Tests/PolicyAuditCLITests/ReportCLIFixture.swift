import AuditCrypto
import AuditRepositories
import Foundation
import PolicyStore
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// A database imported through the CLI in-process, with outcomes computed by hand below.
///
/// Policy corp: corp@1 (effective 2026-01-01) = length ≥ 8 (bit 0 `length`), a digit (bit 1 `require-digit`);
/// corp@2 (effective 2026-06-01) = length ≥ 10 (bit 0), a digit (bit 1), a special character (bit 2
/// `require-special`). L, D, S below = the failing length, digit, special rule.
///
/// Run 1 (label `first`, scored under corp@1 and corp@2): 22 rows read, 20 accepted, 2 rejected (line 14
/// empty-password, line 19 field-count).
///
/// | #  | password          | len | classes       | day   | corp@1 | corp@2 |
/// |----|-------------------|-----|---------------|-------|--------|--------|
/// | 1  | abc               | 3   | lower         | 05-30 | L D    | L D S  |
/// | 2  | abcdefgh          | 8   | lower         | 05-30 | D      | L D S  |
/// | 3–5| abcdefg1 (×3)     | 8   | lower+digit   | 05-30 | –      | L S    |
/// | 6–7| abcdefghi12 (×2)  | 11  | lower+digit   | 05-31 | –      | S      |
/// | 8  | Abcdefghi1!       | 11  | u+l+d+s       | 05-31 | –      | –      |
/// | 9  | Canary#Pass2026zz | 17  | u+l+d+s       | 05-31 | –      | –      |
/// | 10 | password          | 8   | lower         | 05-31 | D      | L D S  |
/// | 11 | pass1             | 5   | lower+digit   | 06-01 | L      | L S    |
/// | 12 | longpassword!     | 13  | lower+special | 06-01 | D      | D      |
/// | 13 | 12345678          | 8   | digit         | 06-01 | –      | L S    |
/// | 14 | qwertyuiop12#     | 13  | l+d+s         | 06-01 | –      | –      |
/// | 15 | short!            | 6   | lower+special | 06-01 | L D    | L D    |
/// | 16 | zxcvbnm12345      | 12  | lower+digit   | 06-02 | –      | S      |
/// | 17 | Zxcvbnm1234$      | 12  | u+l+d+s       | 06-02 | –      | –      |
/// | 18 | helloworld01      | 12  | lower+digit   | 06-02 | –      | S      |
/// | 19 | x                 | 1   | lower         | 06-02 | L D    | L D S  |
/// | 20 | abcdefghij        | 10  | lower         | 06-02 | D      | D S    |
///
/// corp@1: unlocked 12 (60%); require-digit 7 (35%), length 4 (20%); near misses 5 (25%): digit 4, length 1;
///   pairs length+digit 3 (15%).
/// corp@2: unlocked 4 (20%); special 14 (70%), length 10 (50%), digit 7 (35%); near misses 5: special 4, digit 1;
///   pairs length+special 9 (45%), length+digit 5 (25%), digit+special 5 (25%).
/// corp@1 → corp@2: both 4, only corp@1 8 (#3–7, 13, 16, 18), only corp@2 0, neither 8; newly blocked fail
///   special 8 (100%), length 4 (50%).
/// Per day, corp@1 (unlocked/total; failures): 05-30 3/5 L1 D2; 05-31 4/5 D1; 06-01 2/5 L2 D2; 06-02 3/5 L1 D2.
/// Per day, corp@2: 05-30 0/5 L5 D2 S5; 05-31 2/5 L1 D1 S3; 06-01 1/5 L3 D2 S2; 06-02 1/5 L1 D2 S4.
/// Lengths 1,3,5,6,10,17 ×1, 8 ×6, 11 ×3, 12 ×3, 13 ×2. Classes lower+digit 8, lower 5, upper+lower+digit+special 3,
///   lower+special 2, digit 1, lower+digit+special 1. Reuse: 2 groups, 5 candidates, largest 3.
///
/// Run 2 (no label, corp@1 only): d1 abcdefg1 05-29 –; d2 abc 05-29 L D; d3 abcdefgh 06-03 D; d4 Abcdefghi1! 06-03 –
///   → 2/4 unlocked; per day 05-29 1/2 L1 D1, 06-03 1/2 D1.
struct ReportCLIFixture {
    /// The canary password of candidate c09: no report may contain it.
    static let canary = "Canary#Pass2026zz"
    static let corp1 =
        #"{"name": "corp", "rules": [{"rule": "length", "min": 8}, {"rule": "require", "class": "digit"}]}"#
    static let corp2 = """
        {"name": "corp", "rules": [{"rule": "length", "min": 10}, {"rule": "require", "class": "digit"},
         {"rule": "require", "class": "special"}]}
        """
    static let run1 = """
        id,username,submitted_at,password
        c01,ann,2026-05-30T09:00:00Z,abc
        c02,bob,2026-05-30T09:10:00Z,abcdefgh
        c03,cid,2026-05-30T10:00:00Z,abcdefg1
        c04,dan,2026-05-30T11:00:00Z,abcdefg1
        c05,eve,2026-05-30T12:00:00Z,abcdefg1
        c06,fay,2026-05-31T09:00:00Z,abcdefghi12
        c07,gus,2026-05-31T09:30:00Z,abcdefghi12
        c08,hal,2026-05-31T10:00:00Z,Abcdefghi1!
        c09,ivy,2026-05-31T11:00:00Z,Canary#Pass2026zz
        c10,jon,2026-05-31T12:00:00Z,password
        c11,kim,2026-06-01T09:00:00Z,pass1
        c12,lea,2026-06-01T09:30:00Z,longpassword!
        bad1,zed,2026-06-01T09:40:00Z,
        c13,max,2026-06-01T10:00:00Z,12345678
        c14,ned,2026-06-01T11:00:00Z,qwertyuiop12#
        c15,oli,2026-06-01T12:00:00Z,short!
        c16,pam,2026-06-02T09:00:00Z,zxcvbnm12345
        bad2,yan,2026-06-02T09:05:00Z
        c17,quy,2026-06-02T10:00:00Z,Zxcvbnm1234$
        c18,rob,2026-06-02T11:00:00Z,helloworld01
        c19,sue,2026-06-02T12:00:00Z,x
        c20,tom,2026-06-02T13:00:00Z,abcdefghij

        """
    static let run2 = """
        id,username,submitted_at,password
        d1,uma,2026-05-29T08:00:00Z,abcdefg1
        d2,val,2026-05-29T09:00:00Z,abc
        d3,wes,2026-06-03T08:00:00Z,abcdefgh
        d4,xia,2026-06-03T09:00:00Z,Abcdefghi1!

        """

    private let temporary: TemporaryDirectory
    let directory: String

    /// Creates the database in a fresh temporary directory: both runs imported.
    init() throws {
        temporary = try TemporaryDirectory(prefix: "pwaudit-report")
        directory = temporary.url.path
        for (name, text) in [
            ("corp1.json", Self.corp1), ("corp2.json", Self.corp2), ("run1.csv", Self.run1), ("run2.csv", Self.run2),
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name)"))
        }
        let steps: [([String], ExitCode)] = [
            (["init"], .success),
            (["policy", "add", "corp1.json", "--effective", "2026-01-01"], .success),
            (["policy", "add", "corp2.json", "--effective", "2026-06-01"], .success),
            (
                ["import", "run1.csv", "--policy", "corp@1", "--policy", "corp@2", "--label", "first", "--accounts"],
                .dataError
            ),
            (["import", "run2.csv", "--policy", "corp@1", "--accounts"], .success),
        ]
        for (arguments, expected) in steps {
            let result = run(arguments)
            #expect(result.code == expected, "\(arguments): \(result.err)")
        }
    }

    /// Runs `pwaudit ARGUMENTS --db <fixture db>` in-process.
    func run(_ arguments: [String], environment: [String: String] = [:], terminal: Bool = false)
        -> (code: ExitCode, out: String, err: String)
    {
        let out = CapturedOutput(isTerminal: terminal)
        let err = CapturedOutput()
        let context = CLIContext(stdout: out, stderr: err, environment: environment, currentDirectory: directory)
        let code = PolicyAuditCLI.run(arguments + ["--db", "\(directory)/a.db"], context: context)
        return (code, out.text, err.text)
    }

    /// The SHA-256 hex of the run 1 CSV as written.
    var run1SHA256: String { SHA256.hexDigest(utf8: Self.run1) }

    /// The stored fingerprint of the canary candidate (c09), lowercase hex.
    func canaryFingerprint() throws -> String {
        let database = try Database(path: "\(directory)/a.db", mode: .readOnly)
        let statement = try database.makeStatement("SELECT fingerprint FROM candidate WHERE external_id = 'c09'")
        #expect(try statement.step())
        return (statement.blob(at: 0) ?? []).map { String(format: "%02x", $0) }.joined()
    }

    /// Removes the temporary directory.
    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// Parses an RFC 4180 CSV (CRLF, quoted fields) into rows of cells.
    static func csvRows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        cell.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    cell.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(cell)
                cell = ""
            } else if character == "\r\n" || character == "\n" {
                row.append(cell)
                rows.append(row)
                (row, cell) = ([], "")
            } else {
                cell.append(character)
            }
        }
        return rows
    }

    /// The CSV rows as dictionaries keyed by the header.
    static func csvRecords(_ text: String) -> [[String: String]] {
        let rows = csvRows(text)
        guard let header = rows.first else { return [] }
        return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }
}
