import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyDemo
import PolicyReports

/// The main job in one go: a fresh database and key, three dated versions of one policy, a generated sample
/// imported against all three, its reports, and a self-contained HTML report beside the database.
///
/// The sample is streamed from `DemoSampleGenerator` straight into the import (`DemoSampleByteSource`): no
/// plaintext candidate is ever written to a file.
package struct DemoRun {
    /// Rows generated when none are asked for.
    package static let defaultRows = 50_000
    /// The database's file name inside the demo directory (the key is `<database>.key`).
    package static let databaseFileName = "pwaudit.db"
    /// The HTML report's file name inside the demo directory.
    package static let reportFileName = "report.html"
    /// The run's source name.
    package static let sourceName = "demo-sample.csv"

    /// The directory written into (created 0700 when missing; must not already hold a database).
    package var directory: String
    /// How many candidate rows to generate.
    package var rows: Int
    /// The sample's seed; the same seed and row count give the same sample.
    package var seed: UInt64 = DemoSampleGenerator(rows: 0).seed

    /// A demo writing `rows` rows into `directory` (absolute).
    package init(directory: String, rows: Int = DemoRun.defaultRows) {
        self.directory = directory
        self.rows = rows
    }

    /// Where the database and key go.
    package var location: AuditLocation {
        AuditLocation(databasePath: (directory as NSString).appendingPathComponent(Self.databaseFileName))
    }

    /// Runs every step; `note` hears each step as it starts, `progress` hears the import's progress.
    /// - Throws: `DemoError`, and the errors of `AuditWorkspace.initialize`, `PolicyLibrary.add` and `CSVImport`.
    package func run(
        note: (String) -> Void = { _ in }, progress: ((ImportProgress) -> Void)? = nil
    ) throws -> DemoRunOutcome {
        try prepareDirectory()
        let location = location
        note("creating \(location.databasePath) and its key")
        let workspace = try AuditWorkspace.initialize(location).workspace
        let library = PolicyLibrary(workspace: workspace)
        var versions: [StoredVersion] = []
        for embedded in DemoPolicies.versions {
            let policy = try PasswordPolicy(json: Data(embedded.json.utf8))
            let effective = EffectiveDate.normalized(embedded.effectiveFrom) ?? EffectiveDate.today()
            versions.append(try library.add(policy, effectiveFrom: effective, note: embedded.note).version)
            note("added \(versions[versions.count - 1].reference), effective \(embedded.effectiveFrom)")
        }

        note("generating and importing \(ReportNumber.grouped(rows)) candidate rows (no plaintext file is written)")
        let sample = DemoSampleGenerator(rows: rows, seed: seed)
        var request = CSVImportRequest(source: .generated(name: Self.sourceName) { DemoSampleByteSource(sample) })
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
        let htmlPath = (directory as NSString).appendingPathComponent(Self.reportFileName)
        do {
            try OutputFile.write(
                HTMLReportRenderer().render(report), to: htmlPath, option: "the demo's HTML report",
                protecting: location.protectedFiles)
        } catch {
            throw DemoError.cannotWriteReport(path: htmlPath, reason: error.reason)
        }
        return DemoRunOutcome(
            location: location, htmlPath: htmlPath, versions: versions, importResult: result, report: report,
            comparison: comparison)
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
            let location = location
            if files.fileExists(atPath: location.databasePath) || files.fileExists(atPath: location.keyPath) {
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
