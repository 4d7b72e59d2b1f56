import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAudit
@testable import PolicyCSV

@Suite(
    "CSV import of the benchmark corpus", .enabled(if: SharedBench.isAvailable, "needs python3 and gen_corpus.py"))
struct CSVCorpusIntegrationTests {
    static let reasonByKind: [String: RejectReason] = [
        "field_count_short": .fieldCount, "field_count_long": .fieldCount, "invalid_utf8": .invalidUTF8,
        "empty_password": .emptyPassword, "nul_byte": .nulByte, "unterminated_quote": .unterminatedQuote,
    ]

    @Test(
        "every dirty row is rejected on its line with its reason, and only those",
        arguments: [[], ["--crlf", "--bom"]])
    func rejectsExactlyTheDirtyRows(flags: [String]) throws {
        let rows = 100_000
        let directory = try TemporaryDirectory(prefix: "pwaudit-corpus")
        let path = directory.path("corpus.csv")
        let stderr = try SharedBench.generate(["--rows", "\(rows)", "--dirty"] + flags, output: path)

        let dirty = SharedBench.dirtyLines(stderr)
        let reported = stderr.split(separator: "\n").filter { $0.hasPrefix("dirty ") }.count
        #expect(dirty.count == reported, "unexpected generator output: \(reported) dirty lines, \(dirty.count) read")
        var expected: [Int: RejectReason] = [:]
        for (lineNumber, kind) in dirty {
            guard let reason = Self.reasonByKind[kind] else {
                Issue.record("unexpected generator output: dirty line=\(lineNumber) kind=\(kind)")
                continue
            }
            expected[lineNumber] = reason
        }
        #expect(expected.count > 50, "the generator reported too few dirty rows")

        let reader = try CSVReader(path: path)
        let validator = try CSVRowValidator(firstLine: reader.firstLine)
        var actual: [Int: RejectReason] = [:]
        var acceptedCount = 0
        var records = 0
        while let record = try reader.next() {
            records += 1
            switch validator.validate(record) {
            case .accepted: acceptedCount += 1
            case .rejected(let rejection): actual[rejection.line] = rejection.reason
            }
        }
        #expect(actual == expected)
        #expect(records == rows)
        #expect(acceptedCount + actual.count == rows)
        #expect(reader.fractionCompleted == 1)
    }
}
