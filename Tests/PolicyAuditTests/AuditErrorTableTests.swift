import AuditRepositories
import BreachCorpus
import ExitStatus
import Foundation
import PasswordPolicy
import PwauditTestSupport
import Testing

@testable import PolicyAudit
@testable import PolicyCSV
@testable import PolicyReports
@testable import PolicyTuning

/// Issue 11, item 5: every case of every error type of the use cases (and the engine's `PolicyError`, whose
/// conformance lives here) has its exit code and its user message; codes are the README's table, messages as
/// before.
@Suite("Use-case errors: exit code and message of every case")
struct AuditErrorTableTests {
    /// One case: the error, its exit code (as the README's table numbers it) and its message.
    typealias Row = (error: any UserFacingError & Sendable, code: Int32, message: String)

    static let header = try! CSVHeader(
        accepting: CSVFirstLine(line: 1, names: ["id", " password ", "id"]), passwordColumn: "password")

    static let policy: [Row] = [
        (PolicyError.malformedJSON(reason: "unexpected end"), 65, "policy is not valid JSON: unexpected end"),
        (
            PolicyError.invalid(path: "rules[0].min", reason: "must be at least 1"), 65,
            "rules[0].min: must be at least 1"
        ),
        (PolicyFileError.missing(path: "p.json"), 66, "policy file not found: p.json"),
        (PolicyFileError.unreadable(path: "p.json"), 74, "cannot read policy file p.json"),
        (
            PolicyFileError.notRegularFile(path: "/etc"), 65,
            "/etc is not a regular file (a directory, FIFO or device cannot be read as a policy); give a policy file"
        ),
        (
            PolicyFileError.tooLarge(path: "p.json"), 65,
            "policy file p.json holds more than 1 GiB: too large for a policy"
        ),
        (
            PolicyFileError.invalid(path: "p.json", error: .invalid(path: "rules[0].rule", reason: "unknown rule")),
            65, "p.json: rules[0].rule: unknown rule"
        ),
        (PolicyFileError.missingList(policy: "corp", list: "words.txt"), 66, "corp: list file not found: words.txt"),
        (
            PolicyFileError.unreadableList(policy: "corp", list: "words.txt", reason: "Permission denied"), 74,
            "corp: cannot read list file words.txt: Permission denied"
        ),
        (
            PolicyFileError.invalidList(policy: "corp", list: "words.txt", reason: "line 2 is not UTF-8 text"), 65,
            "corp: list file words.txt line 2 is not UTF-8 text"
        ),
        (
            PolicyFileError.listTooLarge(policy: "corp", list: "huge.txt.gz"), 65,
            "corp: list file huge.txt.gz holds more than 1 GiB of text: too large for a word list; "
                + "a breach corpus belongs in a sorted hash file named as hibp:PATH"
        ),
        (
            PolicyFileError.unreadableCorpus(policy: "corp", error: .missing(path: "/c/pwned.txt")), 66,
            "corp: breach corpus not found: /c/pwned.txt"
        ),
    ]

    static let files: [Row] = [
        (
            OutputFileError.clash(option: "--output", path: "a.db", role: "the database"), 64,
            "--output 'a.db' is the database; choose another file"
        ),
        (
            OutputFileError.cannotWrite(path: "r.csv", reason: "Permission denied"), 74,
            "cannot write 'r.csv': Permission denied"
        ),
        (
            DemoError.directoryInUse(path: "/d"), 64,
            "'/d' already holds a pwaudit database; pass a new --dir or leave it out for a fresh temporary one"
        ),
        (
            DemoError.cannotCreateDirectory(path: "/d", reason: "Permission denied"), 74,
            "cannot create the demo directory '/d': Permission denied; pass a writable --dir"
        ),
        (
            DemoError.cannotWriteReport(path: "/d/report.html", reason: "No space left on device"), 74,
            "cannot write the HTML report '/d/report.html': No space left on device; check the directory's free space "
                + "and permissions"
        ),
        (
            DemoError.tooManyRows(rows: 99_999_999_999_999, maximum: 10_000_000), 64,
            "--rows 99,999,999,999,999 is more than a demo generates (at most 10,000,000); pass a smaller --rows"
        ),
        (
            DemoError.insufficientSpace(path: "/d", needed: 1_296_777_216, available: 25_165_824), 74,
            "a demo of this size needs about 1,296 MB on disk and '/d' has 25 MB free; nothing was written: pass a "
                + "smaller --rows or a --dir with more space"
        ),
    ]

    static let csv: [Row] = [
        (
            CSVImportError.cannotOpen(path: "in.csv", reason: "No such file or directory"), 66,
            "Cannot open 'in.csv': No such file or directory; check the path and its permissions."
        ),
        (
            CSVImportError.readFailed(reason: "Input/output error"), 74,
            "Reading the CSV input failed: Input/output error; check the file or the pipe feeding it."
        ),
        (
            CSVImportError.missingHeader, 65,
            "The CSV input is empty; it must start with a header line such as 'id,username,password'."
        ),
        (
            CSVImportError.headerTooLong(limit: 1 << 20), 65,
            "The CSV input's first line runs past 1 MiB without a line end: this is not a CSV header; check the "
                + "file (or the device) given."
        ),
        (
            CSVImportError.unterminatedHeader, 65,
            "The CSV header line opens a quote that is never closed; fix the first line of the file."
        ),
        (
            CSVImportError.notText(.utf16(bigEndian: true)), 65,
            "The file looks like UTF-16 (big-endian) text; save it as UTF-8 CSV."
        ),
        (
            CSVImportError.notAHeader(passwordColumn: "password", line: 2, fieldCount: 1), 65,
            "The first line of the CSV (line 2, 1 field) has no 'password' column, so it is not a header; add a header "
                + "line such as 'id,username,password', or name the password column with --password-column."
        ),
        (
            CSVImportError.duplicateColumn(name: "id", positions: [1, 3], header: header), 65,
            "The CSV header has the column 'id' more than once (columns 1, 3), so which one to read is ambiguous; "
                + "rename or remove the extra ones."
        ),
        (
            CSVImportError.missingColumn(name: "login", header: header), 64,
            "The CSV header has no 'login' column (found: 'id', 'password', 'id'); rename the column or map it."
        ),
    ]

    static let imports: [Row] = [
        (
            ImportError.strictRejected(rejected: 3, firstLine: 7, firstReason: "field-count"), 65,
            "3 row(s) rejected, the first at line 7 (field-count); with --strict nothing was stored"
        ),
        (
            ImportError.sourceMismatch(runID: 4), 65,
            "this file is not the one run 4 imported (its SHA-256 differs); pass the original file"
        ),
        (
            ImportError.rowsMismatch(runID: 4, line: 12), 65,
            "the file's rows do not line up with run 4 at line 12; use the same --delimiter and column options as the "
                + "original import"
        ),
        (
            ImportError.runNotComplete(runID: 4, status: "failed"), 65,
            "run 4 is failed, not complete; only complete runs can be rescored"
        ),
        (
            ImportError.rescoreSettingDiffers(runID: 4, setting: .delimiter, recorded: "\t", given: ","), 64,
            "run 4 was imported with '\\t' as the delimiter, not ','; a rescore reads the run's file as its import did, "
                + "so leave the option out (to read the file another way, import it again with --again)"
        ),
        (
            ImportError.rescoreSettingDiffers(runID: 4, setting: .column(.password), recorded: "pw", given: "pass"),
            64,
            "run 4 was imported with 'pw' as the password column, not 'pass'; a rescore reads the run's file as its "
                + "import did, so leave the option out (to read the file another way, import it again with --again)"
        ),
        (
            ImportError.runVanished(runID: 4), 65,
            "run 4 was deleted by another program while it was being imported, so the import stopped; run "
                + "'pwaudit runs delete 4' to remove what it left, then import the file again"
        ),
        (
            ImportError.rejectsUnwritable(path: "r.csv", reason: "No space left on device"), 74,
            "cannot write the rejects file r.csv: No space left on device"
        ),
    ]

    static let prune: [Row] = [
        (
            PruneError.runPruned(runID: 3, prunedAt: "2026-12-01T10:00:00Z"), 65,
            "run 3 was pruned on 2026-12-01: its candidates and attempts were deleted, so it cannot be scored again; "
                + "its reports remain ('pwaudit report --run 3'); import the file again to score it under a new version"
        ),
        (
            PruneError.importRunning(runID: 4, pid: 4242), 65,
            "run 4 is being imported by process 4242; prune once the import has finished"
        ),
    ]

    static let reports: [Row] = [
        (
            ReportError.runNotComplete(runID: 2, status: "running"), 65,
            "run 2 is running; reports cover complete runs only (see 'pwaudit runs')"
        ),
        (
            ReportError.versionNotScored(reference: "corp@2", runID: 2), 65,
            "run 2 did not score corp@2; score it with 'pwaudit rescore 2 --policy corp@2 FILE'"
        ),
        (ReportError.sameVersion(reference: "corp@2"), 64, "compare needs two different versions, got corp@2 twice"),
        (
            ReportError.noRunScoringBoth(a: "corp@1", b: "corp@2"), 66,
            "no complete run scored both corp@1 and corp@2; pass --run, or rescore a run with the missing version"
        ),
        (ReportError.noRunsForPolicy(name: "seed"), 66, "no complete run scored policy 'seed'"),
        (
            ReportError.noCompleteRun(importing: 3), 66,
            "no import run has completed yet: run 3 is being imported; report on it once it has finished"
        ),
        (
            ReportError.unknownRuns(ids: [7, 9]), 64,
            "no import run 7, 9; --runs adds up existing complete runs (see 'pwaudit runs')"
        ),
        (
            ReportError.runNotCompleteToAdd(runID: 4, status: "stale"), 64,
            "run 4 is stale; --runs adds up complete runs only (see 'pwaudit runs')"
        ),
        (
            ReportError.noCompleteRunLabelled(label: "2026-Q1"), 64,
            "no complete run has the label '2026-Q1' (see 'pwaudit runs')"
        ),
        (
            ReportError.versionNotScoredByRuns(reference: "corp@3", runIDs: [3, 4]), 65,
            "none of runs 3, 4 scored corp@3; score it with 'pwaudit rescore RUN --policy corp@3 FILE'"
        ),
        (
            ReportError.noCompleteRun(importing: nil), 66,
            "no import run has completed yet; import a CSV first ('pwaudit import FILE.csv'), see 'pwaudit runs'"
        ),
        (
            ComplianceError.unknownStandard("nist"), 64,
            "unknown standard 'nist'; use one of nist-800-63b-4, nist-800-63b-3, owasp-asvs-5.0, owasp-asvs-4.0.3, "
                + "pci-dss-4.0.1, cis-password-2021, microsoft-2024, ncsc, bsi-orp4"
        ),
        (
            ReportFormatError.unknownFormat("pdf\u{1B}[2J"), 64,
            "Unknown report format 'pdf\\u{1B}[2J'; use one of: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))."
        ),
    ]

    static let store: [Row] = [
        (
            AuditStoreError.databaseMissing(path: "a.db"), 66,
            "no pwaudit database at a.db; create one with 'pwaudit init --db a.db'"
        ),
        (
            AuditStoreError.databaseIsDirectory(path: "/srv/audit"), 65,
            "/srv/audit is a directory, not a database file; name the database file itself with --db (e.g. --db "
                + "/srv/audit/pwaudit.db)"
        ),
        (
            AuditStoreError.notAPwauditDatabase(path: "a.db", tableCount: 0), 65,
            "a.db is an empty file, not a pwaudit database; pwaudit left it untouched (make it one with "
                + "'pwaudit init --db a.db')"
        ),
        (
            AuditStoreError.notAPwauditDatabase(path: "a.db", tableCount: 3), 65,
            "a.db is not a pwaudit database: it is an SQLite database with 3 table(s) of another application; pwaudit "
                + "left it untouched — check the --db path"
        ),
        (
            AuditStoreError.schemaNeedsMigration(path: "a.db", found: 3, supported: 5), 65,
            "a.db has pwaudit schema 3 and this pwaudit needs schema 5; read-only commands never migrate: run "
                + "'pwaudit init --db a.db' once with write access to upgrade it"
        ),
        (
            AuditStoreError.orphanKey(keyPath: "a.db.key"), 65,
            "a fingerprint key already exists at a.db.key but its database does not; move the key away or pass "
                + "--key-file for the new database"
        ),
        (
            AuditStoreError.keyLostForExistingData(keyPath: "a.db.key"), 65,
            "the database holds candidates but its fingerprint key a.db.key is missing; restore that key (a new key "
                + "would not match the stored fingerprints)"
        ),
        (
            AuditStoreError.unknownPolicy(reference: "corp@9"), 66,
            "no stored policy version 'corp@9'; see 'pwaudit policy list'"
        ),
        (
            AuditStoreError.noVersionInForce(name: "corp", date: "2020-01-01"), 66,
            "no version of policy 'corp' was in force on 2020-01-01"
        ),
        (AuditStoreError.unknownRun(reference: "9"), 66, "no import run '9'; see 'pwaudit runs'"),
        (
            AuditStoreError.runNotRunning(id: 7, status: .complete), 65,
            "Import run 7 is already complete and cannot change state again."
        ),
        (
            AuditStoreError.runBeingImported(id: 7, pid: 4242), 65,
            "run 7 is being imported by process 4242; wait for it to finish, or stop that process (a run whose import "
                + "died is stale and can be deleted)"
        ),
        (AuditStoreError.noPolicies, 66, "the database holds no policy yet; add one with 'pwaudit policy add FILE'"),
        (
            AuditStoreError.missingWordList(name: "deny.txt"), 65,
            "the database lacks the entries of word list deny.txt that a stored version names; add the policy again"
        ),
        (
            AuditStoreError.keyFileRequired(store: "postgresql://audit:***@db.example/audit"), 64,
            "postgresql://audit:***@db.example/audit keeps no fingerprint key: name the key file with --key-file (or "
                + "PWAUDIT_KEY_FILE); the key stays on this machine and never goes to the server"
        ),
    ]

    static let tune: [Row] = [
        (TuneError.badVary("min-length"), 64, "--vary takes KEY=VALUES (e.g. min-length=8..16), not 'min-length'"),
        (
            TuneError.unknownKey("pattern"), 64,
            "the stored features cannot answer 'pattern' exactly (tune varies min-length, classes, require, drop, "
                + "min-score); write the variant as a policy and score the run with it: 'pwaudit rescore RUN --policy NAME FILE'"
        ),
        (
            TuneError.badValues(key: "classes", text: "9", reason: "9 is more than the 6 classes counted"), 64,
            "--vary classes=9: 9 is more than the 6 classes counted"
        ),
        (TuneError.keyCount(3), 64, "tune varies one key (a curve) or two (a grid), not 3"),
        (
            TuneError.conflictingKeys("classes", "require"), 64,
            "--vary classes and require change the same rules, so they cannot make a grid; vary one of them"
        ),
        (
            TuneError.unknownRule(id: "nope", reference: "corp@1", known: ["len", "dig"]), 64,
            "corp@1 has no rule 'nope' to drop (its rules: len, dig)"
        ),
        (
            TuneError.severalLengthRules(reference: "corp@1"), 64,
            "corp@1 has several length rules, so the stored features cannot say which min-length changes; "
                + "write the variant as a policy and score the run with it: 'pwaudit rescore RUN --policy NAME FILE'"
        ),
        (
            TuneError.noStrength(runID: 3), 64,
            "min-score needs stored strength estimates, which run 3 has none of: import the file with --strength, or "
                + "write the variant as a policy and score the run with it: 'pwaudit rescore RUN --policy NAME FILE'"
        ),
        (
            TuneError.strengthInputsDiffer(reference: "corp@1"), 64,
            "corp@1's strength estimate takes its banned-terms organization as an input, which the stored estimates "
                + "did not, so min-score is not exact; write the variant as a policy and score the run with it: 'pwaudit rescore RUN --policy NAME FILE'"
        ),
        (
            TuneError.noSummary(runID: 3, reference: "corp@1", backfillable: true), 65,
            "run 3 has no tuning summary for corp@1 (it was scored before schema 13); 'pwaudit init --backfill' writes "
                + "it from the stored features (once, for every such run); so does 'pwaudit rescore 3 --policy corp@1 "
                + "FILE', FILE being the run's own CSV"
        ),
        (
            TuneError.noSummary(runID: 3, reference: "corp@1", backfillable: false), 65,
            "run 3 has no tuning summary for corp@1 (it was scored before schema 13); its evaluation mode, "
                + "normalization or length credits are not those of the stored features, so 'pwaudit init --backfill' "
                + "cannot write it; 'pwaudit rescore 3 --policy corp@1 FILE', FILE being the run's own CSV, does"
        ),
    ]

    @Test(
        "each case's code and message",
        arguments: [policy, files, csv, imports, prune, reports, store, tune].joined().map { $0 as Row }
    )
    func row(error: any UserFacingError & Sendable, code: Int32, message: String) {
        #expect(error.exitCode.rawValue == code, "\(type(of: error))")
        #expect(error.userMessage == message)
        #expect("\(error)" == message, "interpolation prints the user message")
    }

    @Test(
        "every case the enum declares is in the table",
        arguments: [
            ("PolicyError", "PasswordPolicy/PolicyError.swift"),
            ("PolicyFileError", "PolicyAudit/PolicyFileError.swift"),
            ("OutputFileError", "PolicyAudit/OutputFileError.swift"),
            ("DemoError", "PolicyAudit/DemoError.swift"),
            ("CSVImportError", "PolicyCSV/CSVImportError.swift"), ("ImportError", "PolicyAudit/ImportError.swift"),
            ("ReportError", "PolicyAudit/ReportError.swift"), ("PruneError", "PolicyAudit/PruneError.swift"),
            ("ComplianceError", "PolicyAudit/ComplianceError.swift"),
            ("ReportFormatError", "PolicyReports/Render/ReportFormatError.swift"),
            ("AuditStoreError", "AuditRepositories/AuditStoreError.swift"),
            ("TuneError", "PolicyTuning/TuneError.swift"),
        ]
    )
    func coverage(type: String, file: String) throws {
        let rows = [Self.policy, Self.files, Self.csv, Self.imports, Self.prune, Self.reports, Self.store, Self.tune]
            .joined()
        let (names, declared) = try ErrorTableCoverage.cases(of: type, in: rows.map(\.error), declaredIn: file)
        #expect(declared > 0)
        #expect(names.count == declared, "\(type) declares \(declared) cases; the table has \(names.sorted())")
    }
}
