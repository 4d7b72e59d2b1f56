import AuditCrypto
import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// `import --ntds` end to end (issue 27): a generated extract, potfile, groups file and NTLM corpus; the counts printed
/// and reported equal those counted here from the plaintexts; malformed lines are named by number (exit 65) with the
/// good ones kept; and no cracked plaintext nor NT hash (hex in either case, or raw) is left in the database, its WAL,
/// the reports, stdout or stderr.
@Suite("Directory audits from an NTDS extract and a potfile")
struct DirectoryImportTests {
    struct Account {
        var name: String
        var password: String
        var lm: Bool
        var privileged: Bool
        var cracked: Bool
    }

    /// 240 accounts: unique canary passwords (cracked or not), a shared one, empty ones, non-ASCII and `$HEX` ones.
    static func sample() -> [Account] {
        let shared = "Shared-\(UUID().uuidString)"
        return (0..<240).map { index in
            let password: String
            switch index % 8 {
            case 0: password = shared
            case 1: password = ""
            case 2: password = "Canary-\(UUID().uuidString)-pässwörd-Ω"
            case 3: password = "user\(index)-Canary-\(UUID().uuidString)"
            default: password = "Canary-\(UUID().uuidString)"
            }
            return Account(
                name: "user\(index)", password: password, lm: index % 9 == 0, privileged: index % 10 == 0,
                cracked: index % 3 != 0 || index % 8 == 0)
        }
    }

    static func ntHex(_ password: String) -> String { Hex.encode(NTLMHash.digest(password)) }

    struct Fixture {
        var sandbox: ImportSandbox
        var accounts: [Account]
        var breached: Set<String>
        var extract: String
        var potfile: String
        var groups: String
        var corpus: String
    }

    static func fixture(malformed: Bool) throws -> Fixture {
        let sandbox = try ImportSandbox(policies: ["seed", "nist"])
        let accounts = sample()
        var extract = "[*] Dumping Domain Credentials (domain\\uid:rid:lmhash:nthash)\n"
        for (index, account) in accounts.enumerated() {
            let lm = account.lm ? "e52cac67419a9a224a3b108f3fa6cb6d" : "aad3b435b51404eeaad3b435b51404ee"
            let status = index % 11 == 0 ? " (pwdLastSet=2024-01-02 03:04) (status=Disabled)" : ""
            extract += "CORP\\\(account.name):\(1100 + index):\(lm):\(ntHex(account.password)):::\(status)\n"
            if index == 5 { extract += "CORP\\\(account.name)_history0:\(1100 + index):\(lm):\(ntHex("old")):::\n" }
            if malformed, index == 7 { extract += "CORP\\broken:12x:\(lm):\(ntHex(account.password)):::\n" }
        }
        extract += "CORP\\HOST01$:3000:aad3b435b51404eeaad3b435b51404ee:\(ntHex("machine-secret")):::\n"
        if malformed { extract += "not an account line\n" }
        var potfile = ""
        for (index, password) in Set(accounts.filter(\.cracked).map(\.password)).sorted().enumerated()
        where !password.isEmpty {
            potfile +=
                "\(ntHex(password)):"
                + (index % 4 == 0 ? "$HEX[\(Hex.encode(Array(password.utf8)))]" : password) + "\n"
        }
        if malformed { potfile += "garbage\n" }
        let groups = accounts.filter(\.privileged).map { "Domain Admins:CORP\\\($0.name)" }.joined(separator: "\n")
        let breached = Set(accounts.enumerated().filter { $0.offset % 5 == 0 }.map(\.element.password))
        let corpus =
            breached.map { (NTLMHash.digest($0), 17) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }
            .map { "\(Hex.encode($0.0).uppercased()):\($0.1)" }.joined(separator: "\n") + "\n"
        return Fixture(
            sandbox: sandbox, accounts: accounts, breached: breached,
            extract: try sandbox.write("corp.ntds", extract), potfile: try sandbox.write("hashcat.potfile", potfile),
            groups: try sandbox.write("groups.txt", groups), corpus: try sandbox.write("ntlm.txt", corpus))
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("counts equal those of the plaintexts; malformed lines named by number, exit 65, good lines kept")
    func countsAndMalformedLines() throws {
        let f = try Self.fixture(malformed: true)
        let result = f.sandbox.run([
            "import", "--ntds", f.extract, "--potfile", f.potfile, "--groups", f.groups, "--hibp-ntlm", f.corpus,
            "--format", "json",
        ])
        #expect(result.code == .dataError, "\(result.err)")
        #expect(result.err.contains("malformed extract line 11:"))
        #expect(result.err.contains("malformed extract line \(f.accounts.count + 5):"))
        #expect(result.err.contains("malformed potfile line"))
        let printed = try #require(try Self.json(result.out)["directory"] as? [String: Int])
        let uses = Dictionary(f.accounts.map { ($0.password, 1) }, uniquingKeysWith: +)
        let cracked = f.accounts.filter { $0.cracked || $0.password.isEmpty }
        let expected = [
            "accounts": f.accounts.count, "cracked": cracked.count,
            "scored": cracked.filter { !$0.password.isEmpty }.count,
            "empty_password": f.accounts.filter { $0.password.isEmpty }.count, "lm_hash": f.accounts.filter(\.lm).count,
            "shared_hash": f.accounts.filter { uses[$0.password]! > 1 }.count,
            "breached": f.accounts.filter { f.breached.contains($0.password) }.count,
            "machine_accounts": 1, "history_lines": 1, "malformed_lines": 3,
        ]
        for (key, value) in expected { #expect(printed[key] == value, "\(key)") }

        let report = f.sandbox.run(["report", "--format", "json"])
        #expect(report.code == .success, "\(report.err)")
        let directory = try #require(try Self.json(report.out)["directory"] as? [String: Any])
        for key in ["accounts", "cracked", "empty_password", "lm_hash", "shared_hash", "breached"] {
            #expect(directory[key] as? Int == expected[key], "report \(key)")
        }
        #expect(directory["privileged"] as? Int == f.accounts.filter(\.privileged).count)
        #expect(
            directory["username_in_password"] as? Int
                == cracked.filter { $0.password.lowercased().contains($0.name) }.count)
        let source = try #require(try Self.json(report.out)["run"] as? [String: Any])
        #expect((source["source_file"] as? String)?.hasPrefix("ntds:") == true)
    }

    @Test("the CSV import's options are refused with --ntds (usage, exit 64), and nothing is imported")
    func csvOptionsRefused() throws {
        let f = try Self.fixture(malformed: false)
        for extra in [["--rejects", "rejects.csv"], ["--strict"], ["--again"], ["--accounts"]] {
            let result = f.sandbox.run(["import", "--ntds", f.extract, "--potfile", f.potfile] + extra)
            #expect(result.code == .usage, "\(extra)")
            #expect(result.err.contains("\(extra[0]) is an option of the CSV import"), "\(result.err)")
        }
        #expect(try f.sandbox.integer("SELECT count(*) FROM import_run") == 0)
    }

    @Test("no plaintext nor NT hash in the database, WAL, reports, stdout or stderr; names shown, or pseudonyms")
    func canaryScan() throws {
        let f = try Self.fixture(malformed: false)
        let database = f.sandbox.databasePath
        let files = [database, database + "-wal", database + "-shm", database + ".key"]
        var outputs: [(name: String, text: String)] = []
        let holder = try f.sandbox.database()  // keeps the WAL after the import's connection closes
        let imported = f.sandbox.run([
            "import", "--ntds", f.extract, "--potfile", f.potfile, "--groups", f.groups, "--hibp-ntlm", f.corpus,
        ])
        #expect(imported.code == .success, "\(imported.err)")
        outputs += [("import stdout", imported.out), ("import stderr", imported.err)]
        for format in ["table", "json", "csv", "markdown", "html"] {
            let report = f.sandbox.run(["report", "--format", format])
            #expect(report.code == .success)
            #expect(report.out.contains("CORP\\user8") || report.out.contains("CORP\\\\user8"), "\(format)")
            outputs += [("report \(format)", report.out), ("report \(format) stderr", report.err)]
        }
        #expect(FileManager.default.fileExists(atPath: database + "-wal"))
        let canaries = Set(f.accounts.map(\.password).filter { !$0.isEmpty })
        try CanaryScan(canaries: Array(canaries)).expectNoTrace(in: files, outputs: outputs)
        let hashes = Set(f.accounts.map(\.password) + ["machine-secret"]).map { NTLMHash.digest($0) }
        let stored =
            try files.filter { FileManager.default.fileExists(atPath: $0) }.map {
                ($0, [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))))
            } + outputs.map { ($0.name, Array($0.text.utf8)) }
        for hash in hashes {
            for needle in [Array(Hex.encode(hash).utf8), Array(Hex.encode(hash).uppercased().utf8), hash] {
                for (name, haystack) in stored where bytes(haystack, contain: needle) {
                    Issue.record("an NT hash found in \(name)")
                }
            }
        }
        // Positive control: the account names are stored (the scan read the written rows).
        #expect(stored.contains { bytes($0.1, contain: Array("CORP\\user8".utf8)) })
        _ = holder

        let redacted = f.sandbox.run([
            "import", "--ntds", f.extract, "--potfile", f.potfile, "--redact-accounts", "--label", "shared",
        ])
        #expect(redacted.code == .success, "\(redacted.err)")
        let names = try f.sandbox.integer(
            "SELECT count(*) FROM directory_account WHERE run_id = (SELECT max(id) FROM import_run)"
                + " AND (username LIKE '%user%' OR rid IS NOT NULL)")
        #expect(names == 0)
        let candidates = try f.sandbox.integer(
            "SELECT count(*) FROM candidate WHERE run_id = (SELECT max(id) FROM import_run) AND username LIKE '%user%'")
        #expect(candidates == 0)
        let report = f.sandbox.run(["report"])
        #expect(report.out.contains("account-"))
        #expect(!report.out.contains("CORP\\user8"))
    }
}
