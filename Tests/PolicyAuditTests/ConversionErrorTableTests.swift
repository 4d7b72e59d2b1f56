import ExitStatus
import PolicyInterchange
import PwauditTestSupport
import Testing

@testable import PolicyAudit

/// Every case of the policy-conversion errors has its exit code and one-sentence message.
@Suite("Policy conversion errors: exit code and message of every case")
struct ConversionErrorTableTests {
    typealias Row = (error: any UserFacingError & Sendable, code: Int32, message: String)

    static let rows: [Row] = [
        (InterchangeError.confLineTooLong(line: 3), 65, "line 3 is longer than libpwquality reads (1022 bytes)"),
        (
            InterchangeError.confBadInteger(line: 2, setting: "minlen"), 65,
            "line 2: bad integer value of setting minlen"
        ),
        (
            PolicyConversionError.invalidConf(path: "p.conf", error: .confBadInteger(line: 1, setting: "minclass")), 65,
            "p.conf: line 1: bad integer value of setting minclass"
        ),
        (
            PolicyConversionError.unexpressible(format: "passwordrules", rules: ["deny (blocklist)"]), 65,
            "passwordrules cannot express deny (blocklist); pass --lossy to leave them out"
        ),
        (
            PolicyConversionError.emptyPasswordRules(file: nil), 65,
            "the passwordrules argument is empty: give Apple password rules such as 'minlength: 8; required: upper;', "
                + "or a file holding them"
        ),
        (
            PolicyConversionError.emptyPasswordRules(file: "rules.txt"), 65,
            "rules.txt is empty: give Apple password rules such as 'minlength: 8; required: upper;', or a file holding "
                + "them"
        ),
        (
            PolicyConversionError.noPasswordRules(argument: "rulse.txt", reasons: ["unknown property name \"rulse\""]),
            65,
            "'rulse.txt' names no file, and read as Apple password rules it holds no rule Apple's parser keeps "
                + "(unknown property name \"rulse\"); check the file name, or give rules such as 'minlength: 8;'"
        ),
        (
            PolicyConversionError.everyPasswordRuleDiscarded(file: "rules.txt", reasons: ["a", "b", "c", "d"]), 65,
            "Apple's parser discards every rule in rules.txt (a; b; c; …); nothing was stored: fix the rules"
        ),
    ]

    @Test(arguments: rows.indices)
    func codeAndMessage(_ index: Int) {
        let row = Self.rows[index]
        #expect(row.error.exitCode.rawValue == row.code)
        #expect(row.error.userMessage == row.message)
    }

    @Test func theTableNamesEveryCase() throws {
        for (type, file) in [
            ("InterchangeError", "PolicyInterchange/InterchangeError.swift"),
            ("PolicyConversionError", "PolicyAudit/PolicyConversionError.swift"),
        ] {
            let (names, declared) = try ErrorTableCoverage.cases(of: type, in: Self.rows.map(\.error), declaredIn: file)
            #expect(names.count == declared, "\(type)")
        }
    }
}
