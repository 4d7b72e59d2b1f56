import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 25, item 5: `docs/pwaudit.1` is generated from the same declarations as `--help` and is clean for groff
/// and mandoc.
@Suite("The man page")
struct ManPageTests {
    static let checkedIn = SourceTree.path("docs/pwaudit.1")
    static let groff = ShellTool("groff")
    static let mandoc = ShellTool("mandoc")

    @Test("the checked-in docs/pwaudit.1 is the page the declarations generate")
    func noDrift() throws {
        let generated = ManPage.render()
        let stored = (try? String(contentsOfFile: Self.checkedIn, encoding: .utf8)) ?? ""
        if stored != generated {
            let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("pwaudit-\(UUID().uuidString).1")
            try generated.write(to: fresh, atomically: true, encoding: .utf8)
            Issue.record("docs/pwaudit.1 is out of date: cp \(fresh.path) \(Self.checkedIn)")
        }
    }

    @Test("every command, argument and option of every help is on the page")
    func coversEveryHelp() throws {
        let page = ManPage.render()
        for node in CompletionTree.pwaudit.nodes {
            #expect(
                page.contains(".SS \"pwaudit \(ManPage.text(node.path.joined(separator: " ")))\"") || node.path.isEmpty)
            for option in node.options where node.path.isEmpty || node.subcommands.isEmpty {
                #expect(page.contains("\\fB\(ManPage.text(option.name))\\fR"), "\(node.key) \(option.name)")
            }
        }
        #expect(page.hasPrefix(".\\\" Generated"))
        #expect(page.contains(".TH PWAUDIT 1 \(ManPage.date) \"pwaudit \(PolicyAuditCLI.version)\""))
        #expect(!page.split(separator: "\n").contains { $0.isEmpty || $0.hasSuffix(" ") })
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test("groff -man -ww -z reports nothing", .enabled(if: groff.isEnabled, groff.skipReason))
    func groffIsQuiet() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-man")
        let page = directory.url.appendingPathComponent("pwaudit.1").path
        try ManPage.render().write(toFile: page, atomically: true, encoding: .utf8)
        let outcome = try Self.groff.run(["-man", "-ww", "-z", page], in: directory.url.path)
        #expect(outcome.status == 0 && outcome.out.isEmpty && outcome.err.isEmpty, "\(outcome.err)")
    }

    @Test("mandoc -T lint reports nothing", .enabled(if: mandoc.isEnabled, mandoc.skipReason))
    func mandocIsQuiet() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-man")
        let page = directory.url.appendingPathComponent("pwaudit.1").path
        try ManPage.render().write(toFile: page, atomically: true, encoding: .utf8)
        let outcome = try Self.mandoc.run(["-T", "lint", "-W", "all", page], in: directory.url.path)
        #expect(outcome.status == 0 && outcome.out.isEmpty && outcome.err.isEmpty, "\(outcome.out)\(outcome.err)")
    }
}
