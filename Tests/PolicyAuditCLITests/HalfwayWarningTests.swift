import Testing

@testable import PolicyAuditCLI

/// Warnings that meet a mistake halfway (issue 25, item 2): Apple rules that allow only what they require, and a CSV
/// whose header has no column for context rules and the dated reports.
@Suite("Halfway warnings")
struct HalfwayWarningTests {
    @Test("passwordrules that allow only the required classes are stored as Apple reads them, with a warning")
    func onlyRequiredClasses() throws {
        let sandbox = try ImportSandbox()
        let narrow = sandbox.run([
            "policy", "add", "--format", "passwordrules", "minlength: 8; required: upper;", "--name", "site",
        ])
        #expect(narrow.code == .success && narrow.out == "site@1\n", "\(narrow.err)")
        #expect(
            narrow.err.contains(
                "warning: these rules allow only the characters they require (upper), as Safari and AutoFill read "
                    + "them: a password with any other character is refused; add \"allowed: ascii-printable;\""),
            "\(narrow.err)")
        let two = sandbox.run([
            "policy", "add", "--format", "passwordrules", "required: upper; required: digit, [-!];", "--name", "two",
        ])
        #expect(two.err.contains("(upper, digit and \"!-\")"), "\(two.err)")
        for wide in ["minlength: 8; required: upper; allowed: lower;", "minlength: 8;", "required: ascii-printable;"] {
            let result = sandbox.run(["policy", "add", "--format", "passwordrules", wide, "--name", "w"])
            #expect(result.code == .success && !result.err.contains("allow only"), "\(wide): \(result.err)")
        }
    }

    @Test("a header with no username, e-mail or time column says what will be empty; one context column is enough")
    func noContextColumns() throws {
        let sandbox = try ImportSandbox()
        let bare = sandbox.run(["import", try sandbox.write("bare.csv", "id,password\n1,Password1!\n")])
        #expect(bare.code == .success)
        #expect(
            bare.err.contains(
                "warning: the header names no username, e-mail or time column ('username', 'email', 'submitted_at'): "
                    + "context rules and banned-terms name matching pass every row"),
            "\(bare.err)")
        #expect(bare.err.contains("history by day, week or month and --in-force have no dated candidate"))
        let mapped = sandbox.run([
            "import", try sandbox.write("mapped.csv", "login,password\nanna,Password2!\n"), "--user-column", "login",
        ])
        #expect(mapped.code == .success && !mapped.err.contains("names no username"), "\(mapped.err)")
        let timed = sandbox.run([
            "import", try sandbox.write("timed.csv", "password,submitted_at\nPassword3!,2026-01-05\n"),
        ])
        #expect(!timed.err.contains("names no username"), "\(timed.err)")
    }
}
