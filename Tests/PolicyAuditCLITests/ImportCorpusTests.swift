import Foundation
import PolicyAudit
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI
@testable import PolicyReports

/// The benchmark kit's dirty corpus through `pwaudit import`: every line the generator reports as dirty is rejected
/// on that line with its reason, in the database and in `--rejects`, and accepted + rejected = records in the file.
@Suite(
    "pwaudit import of the dirty benchmark corpus",
    .enabled(if: SharedBench.isAvailable, "skipped: needs python3 and shared/bench/gen_corpus.py"))
struct ImportCorpusTests {
    static let reasonByKind = [
        "field_count_short": "field-count", "field_count_long": "field-count", "invalid_utf8": "invalid-utf8",
        "empty_password": "empty-password", "nul_byte": "nul-byte", "unterminated_quote": "unterminated-quote",
    ]

    @Test("gen_corpus.py --rows 100000 --dirty: each dirty line rejected with its line number, nothing lost")
    func dirtyCorpus() throws {
        let rows = 100_000
        let sandbox = try ImportSandbox(policies: ["seed", "nist", "strict"])
        let csv = sandbox.path("dirty.csv")
        let generated = try SharedBench.generate(["--rows", "\(rows)", "--seed", "7", "--dirty"], output: csv)
        let dirty = SharedBench.dirtyLines(generated)
        #expect(dirty.count > 50, "the generator reported too few dirty rows")
        let expected = dirty.mapValues { Self.reasonByKind[$0] ?? "unknown kind \($0)" }

        let rejects = sandbox.path("rejects.csv")
        let result = sandbox.run(["import", csv, "--rejects", rejects])
        #expect(result.code == .dataError)

        let stored = try sandbox.rejectedRows()
        #expect(stored == expected)
        let written = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n").dropFirst()
        var fromFile: [Int: String] = [:]
        for line in written {
            let parts = line.split(separator: ",")
            if parts.count == 2, let number = Int(parts[0]) { fromFile[number] = String(parts[1]) }
        }
        #expect(fromFile == expected)
        #expect(written.count == expected.count)

        let accepted = try sandbox.integer("SELECT count(*) FROM candidate")
        #expect(Int(accepted) + expected.count == rows)
        #expect(try sandbox.integer("SELECT rows_read FROM import_run") == Int64(rows))
        #expect(try sandbox.integer("SELECT rows_accepted FROM import_run") == accepted)
        #expect(try sandbox.integer("SELECT rows_rejected FROM import_run") == Int64(expected.count))
        #expect(try sandbox.integer("SELECT count(*) FROM attempt") == accepted * 3)
        #expect(
            try sandbox.integer("SELECT count(*) FROM candidate WHERE line IN (SELECT line FROM rejected_row)") == 0)
        #expect(result.out.contains("\(ReportNumber.grouped(rows)) rows, \(expected.count) rejected"), "\(result.out)")
    }
}
