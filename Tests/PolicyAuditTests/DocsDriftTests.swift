import AuditRepositories
import Foundation
import PolicyStore
import PwauditTestSupport
import Testing

@testable import PolicyAudit
@testable import PolicyCSV

/// Issue 10, defect 14: the user docs show the values the code writes — run statuses, reject reason codes — and
/// schema.md's class-count columns use policy-format.md's exact kinds (the table the code follows).
@Suite("docs agree with the code")
struct DocsDriftTests {
    static let docs = SourceTree.root.appendingPathComponent("docs")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
    }

    static func captures(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test("every status and reject reason in report-format.md and schema.md is one the code writes")
    func statusesAndReasons() throws {
        let statuses = Set(RunStatus.allCases.map(\.rawValue))
        let reasons = Set(RejectReason.allCases.map(\.rawValue))
        for name in ["report-format.md", "schema.md"] {
            let text = try Self.text(name)
            for status in try Self.captures(#""status"\s*:\s*"([^"]+)""#, in: text) {
                #expect(statuses.contains(status), "\(name): status \"\(status)\"")
            }
            for reason in try Self.captures(#""reason"\s*:\s*"([^"]+)""#, in: text) {
                #expect(reasons.contains(reason), "\(name): reason \"\(reason)\"")
            }
            #expect(!text.contains("`completed`") && !text.contains("\"completed\""), "\(name) says completed")
            // The reject reason is `empty-password`; `empty_password` is only the directory audit's count, named
            // beside `lm_hash`.
            for line in text.split(separator: "\n") where line.contains("empty_password") {
                #expect(line.contains("lm_hash"), "\(name) says empty_password for the reject reason empty-password")
            }
        }
        let schema = try Self.text("schema.md")
        let rejected = try #require(schema.range(of: "### `rejected_row`"))
        let paragraph = schema[rejected.upperBound...].prefix { $0 != "#" }
        let codes = try Self.captures(#"`([a-z0-9]+(?:-[a-z0-9]+)+)`"#, in: String(paragraph))
        #expect(!codes.isEmpty)
        for code in codes { #expect(reasons.contains(code), "schema.md rejected_row: `\(code)`") }
    }

    @Test("schema.md's class-count columns name the general categories of policy-format.md's exact kinds")
    func classColumns() throws {
        let format = try Self.text("policy-format.md")
        var kinds: [String: [String]] = [:]
        let table = try #require(format.range(of: "| kind | general categories |"))
        for line in format[table.upperBound...].split(separator: "\n").dropFirst().prefix(while: { $0.hasPrefix("|") })
        {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2 else { continue }
            let categories = cells[1].replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression)
            kinds[cells[0]] = categories.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let columns = [
            "upper": "upper_count", "lower": "lower_count", "digit": "digit_count", "special": "special_count",
            "other letter": "other_letter_count", "space": "space_count",
        ]
        let schema = try Self.text("schema.md")
        for (kind, column) in columns {
            let categories = try #require(kinds[kind], "policy-format.md has no kind \(kind)")
            let row = try #require(
                schema.split(separator: "\n").first { $0.hasPrefix("| `\(column)` |") },
                "schema.md has no row of its own for \(column)")
            for category in categories {
                #expect(row.contains(category), "schema.md \(column) lacks \(category) (policy-format.md: \(kind))")
            }
        }
    }
}
