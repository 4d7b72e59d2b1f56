import Testing

@testable import PolicyAuditCLI

/// `ChecklistStyle.forTerminal`: colour from the terminal, `NO_COLOR` and `TERM`; marks from the locale.
@Suite("Checklist style from the environment")
struct ChecklistStyleTests {
    @Test(
        "colour only on a terminal without NO_COLOR or TERM=dumb",
        arguments: [
            (true, [:], true), (false, [:], false), (true, ["NO_COLOR": "1"], false), (true, ["NO_COLOR": ""], false),
            (true, ["TERM": "dumb"], false), (true, ["TERM": "xterm-256color"], true),
        ] as [(Bool, [String: String], Bool)])
    func colour(isTerminal: Bool, environment: [String: String], expected: Bool) {
        #expect(ChecklistStyle.forTerminal(isTerminal, environment: environment).usesColor == expected)
    }

    @Test(
        "Unicode marks only when the locale's character set is UTF-8 (LC_ALL, then LC_CTYPE, then LANG)",
        arguments: [
            ([:], false), (["LANG": "en_US.UTF-8"], true), (["LANG": "C.utf8"], true), (["LANG": "C"], false),
            (["LANG": "en_US.UTF-8", "LC_ALL": "C"], false), (["LANG": "C", "LC_CTYPE": "de_DE.UTF-8"], true),
            (["LC_ALL": "", "LANG": "fr_FR.UTF-8"], true), (["LANG": "en_US.ISO-8859-1"], false),
            (["LC_ALL": "POSIX", "LC_CTYPE": "en_US.UTF-8"], false),
        ] as [([String: String], Bool)])
    func marks(environment: [String: String], expected: Bool) {
        let style = ChecklistStyle.forTerminal(true, environment: environment)
        #expect(style.usesUnicode == expected)
        #expect(style.passMark == (expected ? "✓" : "[x]"))
        #expect(style.failMark == (expected ? "✗" : "[ ]"))
    }
}
