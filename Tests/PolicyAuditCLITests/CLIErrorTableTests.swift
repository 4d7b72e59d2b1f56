import AuditRepositories
import AuditStores
import ExitStatus
import Foundation
import PolicyAudit
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Issue 11, item 5: the CLI's own errors have a code and a message for every case; `ErrorExitCode` takes both
/// from the error itself, an error of no known type is a bug (70), and what reaches the terminal stays escaped.
@Suite("CLI errors: exit code and message of every case, and the fallback")
struct CLIErrorTableTests {
    /// One case: the error, its exit code (as the README's table numbers it) and its message.
    typealias Row = (error: any UserFacingError & Sendable, code: Int32, message: String)

    static let rows: [Row] = [
        (UsageError("missing FILE", command: "import"), 64, "missing FILE"),
        (UsageError("unknown subcommand 'x'"), 64, "unknown subcommand 'x'"),
        (
            CLIIOError.readFailed(what: "standard input", errno: EIO), 74,
            "cannot read standard input: Input/output error"
        ),
        (
            CLIIOError.standardOutputFailed(errno: ENOSPC), 74,
            "cannot write standard output: No space left on device"
        ),
    ]

    /// An error pwaudit does not know.
    struct Unforeseen: Error {}

    @Test("each case's code and message, also through ErrorExitCode", arguments: rows.map { $0 as Row })
    func row(error: any UserFacingError & Sendable, code: Int32, message: String) {
        #expect(error.exitCode.rawValue == code)
        #expect(error.userMessage == message)
        #expect(ErrorExitCode.code(for: error).rawValue == code)
        #expect(ErrorExitCode.message(for: error) == message)
    }

    @Test("CLIIOError's two cases are both in the table")
    func coverage() throws {
        #expect(try SourceTree.caseDeclarationCount(in: "Sources/PolicyAuditCLI/CLIIOError.swift") == 2)
    }

    @Test("errors of the other modules keep their own code and message through ErrorExitCode")
    func otherModules() throws {
        // A store's own error (here the SQLite store's, for a file that is no database), met through the provider as
        // a command meets it, without naming its type.
        let directory = try TemporaryDirectory(prefix: "pwaudit-errors")
        let path = try directory.write("a.db", String(repeating: "not a database. ", count: 64))
        let thrown = #expect(throws: (any Error).self) {
            try AuditWorkspace.open(AuditLocation(databasePath: path), stores: DefaultAuditStoreProvider())
        }
        let notADatabase = try #require(thrown as? any UserFacingError)
        #expect(ErrorExitCode.code(for: notADatabase) == .dataError)
        #expect(ErrorExitCode.message(for: notADatabase) == notADatabase.userMessage)
        #expect(notADatabase.userMessage.contains("\(path) is not a pwaudit database"), "\(notADatabase.userMessage)")
        #expect(ErrorExitCode.code(for: ImportError.rejectsUnwritable(path: "r", reason: "x")) == .ioError)
        #expect(ErrorExitCode.code(for: AuditStoreError.noPolicies) == .noInput)
    }

    @Test("an error of no known type exits 70 and asks to be reported")
    func unknownError() {
        #expect(ErrorExitCode.code(for: Unforeseen()) == .internalError)
        #expect(ErrorExitCode.message(for: Unforeseen()) == "unexpected failure (Unforeseen); please report this")
    }

    @Test("a message with a control character reaches stderr escaped, with the error's own code")
    func terminalSafe() {
        let err = CapturedOutput()
        let context = CLIContext(stdout: CapturedOutput(), stderr: err, environment: [:], currentDirectory: "/tmp")
        let code = PolicyAuditCLI.report(AuditStoreError.unknownPolicy(reference: "x\u{1B}[2J"), context: context)
        #expect(code == .noInput)
        #expect(err.text == "Error: no stored policy version 'x\\u{1B}[2J'; see 'pwaudit policy list'\n")
    }
}
