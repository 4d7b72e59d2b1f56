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
