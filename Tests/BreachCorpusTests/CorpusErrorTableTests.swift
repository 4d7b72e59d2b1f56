import BreachCorpus
import ExitStatus
import PwauditTestSupport
import Testing

/// Every `CorpusError` case: its exit code and its message, none of which holds a hash.
@Suite struct CorpusErrorTableTests {
    typealias Row = (error: CorpusError, code: Int32, message: String)

    static let rows: [Row] = [
        (.missing(path: "/c/p.txt"), 66, "breach corpus not found: /c/p.txt"),
        (
            .unreadable(path: "/c/p.txt", reason: "Permission denied"), 74,
            "cannot read breach corpus /c/p.txt: Permission denied"
        ),
        (.empty(path: "/c/p.txt"), 65, "breach corpus /c/p.txt is empty; download it again"),
        (
            .malformed(path: "/c/p.txt", line: 7, byteOffset: 300, reason: "has no count after the hash"), 65,
            "breach corpus /c/p.txt: line 7 has no count after the hash"
        ),
        (
            .unsorted(path: "/c/p.txt", line: nil, byteOffset: 4096), 65,
            "breach corpus /c/p.txt: the line at byte 4096 does not sort after the line before it; the file must be "
                + "sorted by hash with each hash once (run 'pwaudit corpus verify /c/p.txt')"
        ),
        (
            .unsorted(path: "/c/p.txt", line: 12, byteOffset: 4096), 65,
            "breach corpus /c/p.txt: line 12 does not sort after the line before it; the file must be sorted by hash "
                + "with each hash once"
        ),
        (
            .wrongFormat(path: "/c/p.txt", expected: .sha1, digits: 32), 65,
            "breach corpus /c/p.txt holds 32-digit hashes, not the 40 of \"hibp:\"; use \"hibp-ntlm:\" for the NTLM "
                + "corpus"
        ),
        (
            .wrongFormat(path: "/c/p.txt", expected: .sha1, digits: 35), 65,
            "breach corpus /c/p.txt holds 35-digit hashes, not the 40 of \"hibp:\"; it is not a full-hash Pwned "
                + "Passwords file (40 hex digits a line for hibp:, 32 for hibp-ntlm:)"
        ),
        (
            .changed(path: "/c/p.txt"), 74,
            "breach corpus /c/p.txt changed while pwaudit was reading it (rewritten in place?), so its answers are not "
                + "trusted and nothing was stored; replace a corpus by writing the new file beside it and renaming it "
                + "over the old one"
        ),
    ]

    @Test(arguments: rows.indices)
    func caseHasItsCodeAndMessage(index: Int) {
        let row = Self.rows[index]
        #expect(row.error.exitCode.rawValue == row.code)
        #expect(row.error.userMessage == row.message)
    }

    @Test func theTableCoversEveryCase() throws {
        let (names, declared) = try ErrorTableCoverage.cases(
            of: "CorpusError", in: Self.rows.map(\.error), declaredIn: "BreachCorpus/CorpusError.swift")
        #expect(names.count == declared)
    }
}
