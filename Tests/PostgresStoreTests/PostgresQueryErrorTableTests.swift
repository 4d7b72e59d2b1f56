import ExitStatus
import PostgresStore
import PwauditTestSupport
import Testing

/// Every `PostgresQueryError` case: its exit code and a one-line message that says what to do.
struct PostgresQueryErrorTableTests {
    static let rows: [(error: PostgresQueryError, code: ExitCode, words: String)] = [
        (.empty, .dataError, "give one SELECT statement"),
        (.refused(action: "SET statements"), .dataError, "refused: SET statements; 'pwaudit query' only reads"),
        (.trailingStatement, .dataError, "remove the text after the first ';'"),
        (
            .privilegedRole(
                role: "audit_writer", reason: "may write to pwaudit's tables (candidate)", reader: "audit_reader"),
            .noPermission,
            "does not run as \"audit_writer\", which may write to pwaudit's tables (candidate); connect as"
        ),
        (
            .permissionDenied(
                role: "audit_reader", message: "permission denied for table candidate", reader: "audit_reader"),
            .noPermission, "may read only the v_* views"
        ),
        (.timedOut(seconds: 2), .dataError, "time limit of 2 s; raise it with --timeout"),
        (.valueTooLong(bytes: 8 << 20), .dataError, "limit of 8 MiB"),
        (.outOfTemporarySpace, .dataError, "temp_file_limit"),
        (.invalid(message: "relation \"x\" does not exist"), .dataError, "not valid SQL for this database"),
        (.failed(message: "division by zero"), .dataError, "the query failed: division by zero"),
    ]

    @Test func everyCaseHasItsCodeAndOneLine() throws {
        for row in Self.rows {
            #expect(row.error.exitCode == row.code, "\(row.error)")
            #expect(row.error.userMessage.contains(row.words), "\(row.error.userMessage)")
            #expect(!row.error.userMessage.contains("\n"))
        }
        let (names, declared) = try ErrorTableCoverage.cases(
            of: "PostgresQueryError", in: Self.rows.map(\.error), declaredIn: "PostgresStore/PostgresQueryError.swift")
        #expect(names.count == declared, "declares \(declared) cases; the table has \(names.sorted())")
    }
}
