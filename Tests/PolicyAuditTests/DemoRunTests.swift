import AuditRepositories
import AuditTime
import Foundation
import PolicyStore
import PwauditTestSupport
import Testing

@testable import PolicyAudit
@testable import PolicyDemo

@Suite("DemoRun: database, three versions, one import, reports, no plaintext left behind")
struct DemoRunTests {
    @Test("stores corp@1…3 with their dates, imports every row against all three, writes report.html")
    func endToEnd() throws {
        let scratch = try TemporaryDirectory(prefix: "pwaudit-demorun")
        let directory = scratch.path("demo")  // not there yet: the demo makes it
        var notes: [String] = []
        let outcome = try DemoRun(directory: directory, rows: 1500).run(note: { notes.append($0) })
        #expect(outcome.versions.map(\.reference) == ["corp@1", "corp@2", "corp@3"])
        #expect(
            outcome.versions.map { String($0.effectiveFrom.prefix(10)) } == ["2025-01-01", "2025-09-01", "2026-06-01"])
        #expect(outcome.importResult.rowsRead == 1500 && outcome.importResult.rejected == 0)
        #expect(outcome.report.versions.map(\.total) == [1500, 1500, 1500])
        #expect(outcome.report.versions.map(\.unlocked) == outcome.importResult.versions.map(\.unlocked))
        #expect(outcome.comparison.total == 1500)
        #expect(outcome.comparison.unlockedUnderA == outcome.report.versions[0].unlocked)
        #expect(outcome.comparison.unlockedUnderB == outcome.report.versions[1].unlocked)
        let html = try String(contentsOfFile: outcome.htmlPath, encoding: .utf8)
        #expect(html.contains("<!DOCTYPE html>") && html.contains("corp@3"))
        #expect(notes.contains { $0.contains("no plaintext file") })

        let workspace = try AuditWorkspace.open(outcome.location)
        let inForce = try PolicyLibrary(workspace: workspace).version(
            named: "corp", inForceAt: try #require(UTCInstant.read("2025-12-31T00:00:00Z")).instant)
        #expect(inForce.reference == "corp@2")
    }

    @Test("leaves only the database, its key and the HTML report and tuning chart; no file holds a sample password")
    func noPlaintext() throws {
        let scratch = try TemporaryDirectory(prefix: "pwaudit-demorun")
        let directory = scratch.path("demo")  // not there yet: the demo makes it
        let rows = 800
        _ = try DemoRun(directory: directory, rows: rows).run()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(
            names.filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") } == [
                "pwaudit.db", "pwaudit.db.key", "report.html", "tune.html",
            ])
        let passwords = DemoSampleGenerator(rows: rows).map(\.password).filter { $0.utf8.count >= 10 }
        #expect(passwords.count > 50)
        for name in names {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(name))
            for password in passwords {
                #expect(bytes.range(of: Data(password.utf8)) == nil, "a sample password appears in \(name)")
            }
        }
    }

    @Test("pass rates follow the rules: seed > NIST > strict, and strict passes only what the seed policy passes")
    func passRates() throws {
        let scratch = try TemporaryDirectory(prefix: "pwaudit-demorun")
        let directory = scratch.path("demo")  // not there yet: the demo makes it
        let outcome = try DemoRun(directory: directory, rows: 3000).run()
        let rates = outcome.report.versions.map { Double($0.unlocked) / Double($0.total) }
        #expect(rates[0] > rates[1] && rates[1] > rates[2])
        #expect((0.28...0.40).contains(rates[0]))
        #expect((0.11...0.21).contains(rates[1]))
        #expect((0.06...0.14).contains(rates[2]))
        // corp@3 demands everything corp@1 does (longer, plus more): nothing passes corp@3 that fails corp@1.
        let workspace = try AuditWorkspace.open(outcome.location)
        let run = try RunReportBuilder(workspace: workspace).run("latest")
        let seedToStrict = try ComparisonReportBuilder(workspace: workspace).build(
            run: run, a: outcome.versions[0], b: outcome.versions[2])
        #expect(seedToStrict.onlyB == 0 && seedToStrict.onlyA > 0)
        // NIST drops composition rules: it lets through passphrases the seed policy blocks, and blocks short ones.
        #expect(outcome.comparison.onlyB > 0 && outcome.comparison.onlyA > 0)
        let nist = outcome.report.versions[1]
        #expect(nist.ruleFailures.first?.ruleID == "length")
    }

    @Test("refuses a directory that already holds a database")
    func directoryInUse() throws {
        let scratch = try TemporaryDirectory(prefix: "pwaudit-demorun")
        let directory = scratch.path("demo")  // not there yet: the demo makes it
        _ = try DemoRun(directory: directory, rows: 10).run()
        #expect(throws: DemoError.directoryInUse(path: directory)) { try DemoRun(directory: directory, rows: 10).run() }
    }

    @Test("makeTemporaryDirectory makes a new private directory each time")
    func temporary() throws {
        let scratch = try TemporaryDirectory(prefix: "pwaudit-demorun")
        let parent = scratch.url.path
        let first = try DemoRun.makeTemporaryDirectory(in: parent)
        let second = try DemoRun.makeTemporaryDirectory(in: parent)
        #expect(first != second && first.hasPrefix(parent + "/pwaudit-demo-"))
        let mode = try FileManager.default.attributesOfItem(atPath: first)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }
}
