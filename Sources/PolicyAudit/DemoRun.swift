import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyCSV
import PolicyDemo
import PolicyReports
import PolicyTuning

/// The main job in one go: a fresh database and key, three dated versions of one policy, a generated sample
/// imported against all three, its reports, and a self-contained HTML report beside the database.
///
/// The sample is streamed from `DemoSampleGenerator` straight into the import (`LineStreamByteSource(demoSample:)`): no
/// plaintext candidate is ever written to a file.
package struct DemoRun {
    /// Rows generated when none are asked for.
    package static let defaultRows = 50_000
    /// The most rows a demo generates: 10,000,000, 200 times the default. At ``estimatedBytesPerRow`` that is about
    /// 1.3 GB of database and WAL on disk and, in a release build, about ten times bench/import.sh's 2.3 s for 1M rows
    /// of import: still a demonstration.
    /// Beyond it a mistyped count (`--rows 99999999999999` once wrote 18.5 GB before it was stopped) would fill the
    /// disk for hours; a larger sample belongs in bench/.
    package static let maximumRows = 10_000_000
    /// Disk bytes one generated row costs at the import's peak (database and WAL with three policy versions and the
    /// accounts table), measured on `pwaudit demo` as the directory's peak size: 19.0 MB at 100,000 rows, 51.9 MB at
    /// 400,000 and 217.1 MB at 2,000,000 (211.1 MB left at the end), 104–110 bytes a row; rounded up with a margin.
    package static let estimatedBytesPerRow: UInt64 = 128
    /// Disk bytes a demo needs whatever its size: the empty database (1.5 MB of 64 KiB pages), a full WAL before its
    /// checkpoint (8 MiB) and the HTML report, with a margin.
    package static let fixedBytes: UInt64 = 16 << 20
    /// The database's file name inside the demo directory (the key is `<database>.key`).
    package static let databaseFileName = "pwaudit.db"
    /// The HTML report's file name inside the demo directory.
    package static let reportFileName = "report.html"
    /// The tuning report's file name in the demo directory.
    package static let tuningFileName = "tune.html"
    /// The run's source name.
    package static let sourceName = "demo-sample.csv"

    /// The directory written into (created 0700 when missing; must not already hold a database).
    package var directory: String
    /// How many candidate rows to generate.
    package var rows: Int
    /// The sample's seed; the same seed and row count give the same sample.
    package var seed: UInt64 = DemoSampleGenerator(rows: 0).seed
    /// The stores the demo's database file is opened through.
    package var stores: any AuditStoreProvider

    /// A demo writing `rows` rows into `directory` (absolute), its database opened through `stores`.
    package init(directory: String, rows: Int = DemoRun.defaultRows, stores: any AuditStoreProvider) {
        self.directory = directory
        self.rows = rows
        self.stores = stores
    }

    /// The database file (`<directory>/pwaudit.db`).
    package var databasePath: String { (directory as NSString).appendingPathComponent(Self.databaseFileName) }

    /// The key file beside it.
    package var keyPath: String { databasePath + ".key" }

    /// Where the database and key go.
    package var location: AuditLocation { AuditLocation(databasePath: databasePath, keyPath: keyPath) }

    /// Runs every step; `note` hears each step as it starts, `progress` hears the import's progress.
    /// - Throws: `DemoError`, and the errors of `AuditWorkspace.initialize`, `PolicyLibrary.add` and `CSVImport`.
    package func run(
        note: (String) -> Void = { _ in }, progress: ((ImportProgress) -> Void)? = nil
    ) throws -> DemoRunOutcome {
        try Self.check(rows: rows, in: directory)
        try prepareDirectory()
        let location = location
        note("creating \(databasePath) and its key")
        let workspace = try AuditWorkspace.initialize(location, stores: stores).workspace
        let library = PolicyLibrary(workspace: workspace)
        var versions: [StoredVersion] = []
        for embedded in DemoPolicies.versions {
            let policy = try PasswordPolicy(json: Data(embedded.json.utf8))
            guard case .startOfDay(let effective) = EffectiveDate.day(embedded.effectiveFrom) else {
                preconditionFailure("the demo's effective dates are dates")
            }
            versions.append(try library.add(policy, effectiveFrom: effective, note: embedded.note).version)
            note("added \(versions[versions.count - 1].reference), effective \(embedded.effectiveFrom)")
        }

        note("generating and importing \(ReportNumber.grouped(rows)) candidate rows (no plaintext file is written)")
        let sample = DemoSampleGenerator(rows: rows, seed: seed)
        var request = CSVImportRequest(
            source: .generated(name: Self.sourceName) { LineStreamByteSource(demoSample: sample) })
        request.versions = versions
        request.label = "pwaudit demo, \(ReportNumber.grouped(rows)) rows"
        request.progress = progress
        request.again = true  // a fresh database holds no earlier run to match
        request.accounts = true  // the worked queries of docs/queries.md run on the demo database
        guard case .imported(let result) = try CSVImport(workspace: workspace).run(request) else {
            preconditionFailure("an import with `again` set never finds its input already imported")
        }

        let reports = RunReportBuilder(workspace: workspace)
        let run = try reports.run(result.runID.map(String.init))
        let report = try reports.build(run: run)
        let comparison = try ComparisonReportBuilder(workspace: workspace).build(
            run: run, a: versions[0], b: versions[1])
        // The tuning table: corp@1's minimum length from 8 to 16, read from the run's tuning summary.
        let tuning = try TuneReportBuilder(workspace: workspace).build(
            version: versions[0], run: run,
            variations: [TuneVariation(key: .minLength, values: (8...16).map { .number($0) })])
        let htmlPath = (directory as NSString).appendingPathComponent(Self.reportFileName)
        let tuningPath = (directory as NSString).appendingPathComponent(Self.tuningFileName)
        for (path, html) in [(htmlPath, HTMLReportRenderer().render(report)), (tuningPath, tuning.rendered(as: .html))]
        {
            do {
                try OutputFile.write(
                    html, to: path, option: "the demo's HTML report", protecting: location.protectedFiles(stores))
            } catch {
                throw DemoError.cannotWriteReport(path: path, reason: error.reason)
            }
        }
        return DemoRunOutcome(
            location: location, databasePath: databasePath, keyPath: keyPath, htmlPath: htmlPath, versions: versions,
            importResult: result, report: report, comparison: comparison, tuning: tuning, tuningHTMLPath: tuningPath)
    }

    /// The disk bytes a demo of `rows` rows needs: ``fixedBytes`` plus ``estimatedBytesPerRow`` per row.
    package static func requiredBytes(rows: Int) -> UInt64 {
        fixedBytes + UInt64(max(rows, 0)) * estimatedBytesPerRow
    }

    /// Refuses, before anything is written, a demo of more than ``maximumRows`` rows, or one whose
    /// ``requiredBytes(rows:)`` exceed what the file system of `directory` (or of its nearest existing parent, when it
    /// is not there yet) has free for this user.
    /// - Throws: `DemoError.tooManyRows`, `.insufficientSpace`.
    package static func check(rows: Int, in directory: String) throws(DemoError) {
        guard rows <= maximumRows else { throw .tooManyRows(rows: rows, maximum: maximumRows) }
        let needed = requiredBytes(rows: rows)
        guard let (path, available) = availableBytes(at: directory) else { return }
        if available < needed { throw .insufficientSpace(path: path, needed: needed, available: available) }
    }

    /// The bytes free for this user (`statvfs(3)`: `f_bavail` blocks of `f_frsize`) on the file system of `path`, or
    /// of its nearest existing parent, with the path measured; nil when none can be measured.
    package static func availableBytes(at path: String) -> (path: String, bytes: UInt64)? {
        var candidate = path.isEmpty ? "." : path
        for _ in 0..<256 {
            var info = statvfs()
            if statvfs(candidate, &info) == 0 {
                return (candidate, UInt64(info.f_bavail) * UInt64(info.f_frsize))
            }
            guard errno == ENOENT || errno == ENOTDIR else { return nil }
            let parent = (candidate as NSString).deletingLastPathComponent
            if parent == candidate || parent.isEmpty { return nil }
            candidate = parent
        }
        return nil
    }

    /// Creates a new, uniquely named directory (mode 0700) under `parent`, as `mkdtemp(3)` does.
    /// - Throws: `DemoError.cannotCreateDirectory`.
    package static func makeTemporaryDirectory(in parent: String) throws(DemoError) -> String {
        let template = (parent as NSString).appendingPathComponent("pwaudit-demo-XXXXXX")
        var bytes = Array(template.utf8CString)
        let made = bytes.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        guard made else {
            throw .cannotCreateDirectory(path: template, reason: String(cString: strerror(errno)))
        }
        return bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    private func prepareDirectory() throws {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw DemoError.cannotCreateDirectory(path: directory, reason: "a file of that name exists")
            }
            if files.fileExists(atPath: databasePath) || files.fileExists(atPath: keyPath) {
                throw DemoError.directoryInUse(path: directory)
            }
            return
        }
        do {
            try files.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw DemoError.cannotCreateDirectory(path: directory, reason: error.localizedDescription)
        }
    }
}
