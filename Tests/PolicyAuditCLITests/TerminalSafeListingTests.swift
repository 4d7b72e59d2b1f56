import Foundation
import PolicyAudit
import Testing

@testable import PolicyAuditCLI
@testable import PolicyReports

/// Issue 10, defect 11: a run label, a file name or a policy note holding ESC, a bidi override or a newline is
/// printed escaped by `runs`, `policy list`, `policy show`, the table report and error messages.
@Suite("listings print user text terminal-safe")
struct TerminalSafeListingTests {
    static let hostile = "x\u{1B}[2J\u{202E}y\nz"
    static let shown = #"x\u{1B}[2J\u{202E}y\nz"#

    /// Fails if `text` holds a raw control or bidi override that `ReportText.terminalSafe` would escape (the
    /// layout's own newlines aside).
    static func expectSafe(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in text.split(separator: "\n") {
            #expect(
                ReportText.terminalSafe(String(line)) == String(line), "raw control in \(line.debugDescription)",
                sourceLocation: sourceLocation)
        }
    }

    @Test("runs and the table report escape the label and the file name; each run stays on one line")
    func runsAndReport() throws {
        let sandbox = try ImportSandbox()
        let name = "in\(Self.hostile).csv"
        try sandbox.write(name, "password\nPassword1!\n")
        let imported = sandbox.run(["import", name, "--label", Self.hostile])
        #expect(imported.code == .success, "\(imported.err)")
        let runs = sandbox.run(["runs"])
        Self.expectSafe(runs.out)
        let lines = runs.out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last?.contains("in\(Self.shown).csv") == true)
        #expect(lines.last?.hasSuffix(Self.shown) == true)
        let report = sandbox.run(["report"])
        Self.expectSafe(report.out)
        #expect(report.out.contains("(\(Self.shown))"))
    }

    @Test("policy list and policy show escape a note and a description")
    func policyListings() throws {
        let sandbox = try ImportSandbox(policies: [])
        // JSON escapes: the description holds a raw U+202E and ESC once parsed.
        let policy = try sandbox.write(
            "p.json", #"{"name":"p","description":"desc \u202Eevil\u001B[0m","rules":[{"rule":"length","min":8}]}"#)
        #expect(sandbox.run(["policy", "add", policy, "--note", Self.hostile]).code == .success)
        let list = sandbox.run(["policy", "list"])
        Self.expectSafe(list.out)
        #expect(list.out.split(separator: "\n").count == 2)
        #expect(list.out.contains(Self.shown))
        let show = sandbox.run(["policy", "show", "p"])
        Self.expectSafe(show.out)
        #expect(show.out.contains(#"\u202Eevil"#))
    }

    @Test("policy show of a description with a bidi override, DEL or a C1 control prints valid JSON that adds back")
    func policyShowStaysJSON() throws {
        let sandbox = try ImportSandbox(policies: [])
        let policy = try sandbox.write(
            "p.json",
            #"{"name":"p","description":"a\u202Eb\u007Fc\u009Bd\u001Be","rules":[{"rule":"length","min":8}]}"#)
        #expect(sandbox.run(["policy", "add", policy]).code == .success)
        let show = sandbox.run(["policy", "show", "p"])
        #expect(show.code == .success)
        Self.expectSafe(show.out)
        let parsed = try JSONSerialization.jsonObject(with: Data(show.out.utf8)) as? [String: Any]
        #expect(parsed?["description"] as? String == "a\u{202E}b\u{7F}c\u{9B}d\u{1B}e")
        let shown = try sandbox.write("shown.json", show.out)
        let again = sandbox.run(["policy", "add", shown])
        #expect(again.code == .success, "\(again.err)")
        #expect(again.out == "p@1\n")
    }

    @Test("an error message that echoes a path escapes it")
    func errorMessages() throws {
        let sandbox = try ImportSandbox()
        let result = sandbox.run(["import", "missing\(Self.hostile).csv"])
        #expect(result.code == .noInput)
        Self.expectSafe(result.err)
        #expect(result.err.contains("missing\(Self.shown).csv"))
    }
}

/// Issue 10, defect 14: a 400-character label is cut with an ellipsis in `runs`, so the listing stays on screen.
@Suite("long labels in listings")
struct LongLabelListingTests {
    @Test("runs cuts a 400-character label with an ellipsis")
    func runsCutsLongLabel() throws {
        let sandbox = try ImportSandbox()
        try sandbox.write("c.csv", "password\nPassword1!\n")
        let label = String(repeating: "x", count: 400)
        #expect(sandbox.run(["import", "c.csv", "--label", label]).code == .success)
        let runs = sandbox.run(["runs"])
        #expect((runs.out.split(separator: "\n").map(\.count).max() ?? 0) <= 160, "\(runs.out)")
        #expect(runs.out.contains(String(repeating: "x", count: 63) + "…"))
    }
}
