import AuditRepositories
import PostgresStore
import Testing

/// `PostgresQueryGuard`'s token scan without a server: what hides in strings, quoted identifiers and comments is not
/// taken for code, and what is code is seen wherever it is.
struct PostgresQueryGuardTests {
    @Test(
        "reading statements pass, with refused words only inside strings and comments",
        arguments: [
            "SELECT 1", "select 1;", "SELECT 1; -- done\n", "SELECT 1 ;; ", "(SELECT 1) UNION (SELECT 2)",
            "VALUES (1), (2)", "TABLE v_run", "WITH a AS (SELECT 1 AS x) SELECT x FROM a",
            "SELECT 'set_config(''x'')', 'DELETE FROM candidate; DROP TABLE policy'",
            "SELECT $$ ; SET ROLE x; $$, $tag$ $$ ; pg_advisory_lock(1) $tag$", "SELECT E'\\' ; COPY x TO STDOUT'",
            "SELECT 1 /* nested /* ; lo_export */ still ; comment */", "SELECT 1 -- ; SET statement_timeout = 0",
            "SELECT \"SET_CONFIG\" FROM v_run", "SELECT * FROM v_run FOR UPDATE",
            "SELECT x FROM v_run FOR NO KEY UPDATE",
            "SELECT run_id, count(*) FROM v_attempt_verdict GROUP BY 1 ORDER BY 2 DESC LIMIT 10",
            "SELECT U&'\\0041' AS a, B'101', X'1F', $1::int",
        ])
    func readingStatementsPass(sql: String) throws {
        try PostgresQueryGuard.check(sql)
    }

    @Test(
        "code is seen through case, quoting, schema names and comments",
        arguments: [
            ("SeLeCt SET_CONFIG('a', 'b', true)", QueryError.refused(action: "function set_config")),
            ("SELECT pg_catalog . \"pg_advisory_lock\"(1)", .refused(action: "function pg_advisory_lock")),
            ("SELECT 1 FROM v_run WHERE/**/lo_unlink(1) = 1", .refused(action: "function lo_unlink")),
            ("SELECT $$x$$; SELECT 2", .trailingStatement),
            ("SELECT E'\\';'; SELECT 2", .trailingStatement),
            ("/* lead */ SET work_mem = '1GB'", .refused(action: "SET statements")),
            ("WITH a AS (UPDATE import_run SET label = 'x' RETURNING 1) SELECT * FROM a", .refused(action: "UPDATE")),
            ("SELECT 1 INTO TEMP t", .refused(action: "SELECT … INTO (it creates a table)")),
            ("  ", .empty),
            ("SELECT $tag$ open", .refused(action: "a dollar-quoted string that is not closed")),
            ("SELECT \"open", .refused(action: "a quoted identifier that is not closed")),
            ("* FROM v_run", .refused(action: "a statement that does not begin with SELECT")),
        ])
    func codeIsSeen(sql: String, expected: QueryError) {
        #expect(throws: expected) { try PostgresQueryGuard.check(sql) }
    }
}
