import ExitStatus
import PwauditTestSupport
import Testing

@testable import DirectoryAudit

/// Every case of `DirectoryAuditError`: its exit code and the one sentence the user reads.
@Suite("Directory audit errors: codes and messages")
struct DirectoryAuditErrorTableTests {
    static let table: [(DirectoryAuditError, ExitCode, String)] = [
        (
            .cannotRead(path: "/x/ntds.txt", reason: "No such file or directory"), .noInput,
            "cannot read '/x/ntds.txt': No such file or directory"
        ),
        (
            .noAccounts(path: "/x/ntds.txt", linesRead: 3), .dataError,
            "'/x/ntds.txt' holds no account line to audit (3 lines read; expected DOMAIN\\user:RID:LMHASH:NTHASH::: "
                + "as secretsdump writes it)"
        ),
        (
            .cannotReadGroups(path: "/x/groups", reason: "no such file or directory"), .noInput,
            "cannot read the groups in '/x/groups': no such file or directory"
        ),
    ]

    @Test("each case's code and message", arguments: 0..<table.count)
    func row(index: Int) {
        let (error, code, message) = Self.table[index]
        #expect(error.exitCode == code)
        #expect(error.userMessage == message)
        #expect("\(error)" == message)
    }

    @Test("every case the enum declares is in the table")
    func coverage() throws {
        let (names, declared) = try ErrorTableCoverage.cases(
            of: "DirectoryAuditError", in: Self.table.map(\.0), declaredIn: "DirectoryAudit/DirectoryAuditError.swift")
        #expect(declared > 0)
        #expect(names.count == declared)
    }
}
