import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyCompliance

/// docs/compliance.md's clause list is the catalog's data, clause by clause (a drift test: change the data, then
/// paste the section this test writes into the doc).
@Suite("docs/compliance.md cites every clause")
struct ComplianceDocsTests {
    static let begin = "<!-- clauses:begin (generated from ComplianceCatalog; ComplianceDocsTests checks it) -->"
    static let end = "<!-- clauses:end -->"

    /// The clause list as the doc must hold it.
    static var generated: String {
        var lines: [String] = []
        for standard in ComplianceCatalog.standards {
            lines += ["", "### `\(standard.id)`: \(standard.title)", ""]
            lines += ["Edition `\(standard.edition)`. Source: \(standard.source).", ""]
            lines += [
                "| Clause | Level | Severity | Title | Checked from | Source location | Wording | Confirmed |",
                "|---|---|---|---|---|---|---|---|",
            ]
            for clause in standard.clauses {
                let from =
                    switch clause.check {
                    case .evidence: "evidence"
                    case .strengthGuidance: "policy (a strength rule), else evidence"
                    default: "policy"
                    }
                let level = clause.level.rawValue + (clause.asvsLevel.map { " (from L\($0))" } ?? "")
                let confirmed = clause.source.unconfirmedBecause.map { "no: \($0)" } ?? "yes"
                lines.append(
                    "| `\(clause.id)` | \(level) | \(clause.severity.rawValue) | \(clause.title) | \(from) | "
                        + "\(clause.source.section) | \(clause.source.wording.rawValue) | \(confirmed) |")
            }
        }
        lines += ["", "### Conflicts", "", "| Id | Topic | Side A | Side B | Resolvable? |", "|---|---|---|---|---|"]
        for conflict in ComplianceCatalog.conflicts {
            let a = conflict.sideA.map { "`\($0)`" }.joined(separator: ", ")
            let b = conflict.sideB.map { "`\($0)`" }.joined(separator: ", ")
            lines.append("| \(conflict.id) | \(conflict.topic) | \(a) | \(b) | \(conflict.resolution) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("the generated clause list in docs/compliance.md matches the catalog")
    func clauseListMatches() throws {
        let doc = try String(contentsOfFile: SourceTree.path("docs/compliance.md"), encoding: .utf8)
        let start = try #require(doc.range(of: Self.begin), "the begin marker")
        let stop = try #require(doc.range(of: Self.end), "the end marker")
        let section = String(doc[start.upperBound..<stop.lowerBound])
        let expected = Self.generated
        if section != expected {
            // Left for the author to paste: a unique file outside the checkout.
            let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("compliance-clauses-\(UUID()).md")
            try Data(expected.utf8).write(to: URL(fileURLWithPath: path))
            Issue.record("docs/compliance.md's clause list is stale; the expected section is in \(path)")
        }
    }

    @Test("every clause id and citation of the data appears in the doc")
    func everyClauseCited() throws {
        let doc = try String(contentsOfFile: SourceTree.path("docs/compliance.md"), encoding: .utf8)
        for clause in ComplianceCatalog.standards.flatMap(\.clauses) {
            #expect(doc.contains("`\(clause.id)`") && doc.contains(clause.citation), "\(clause.id)")
        }
    }
}
