import Testing

@testable import PolicyAudit

/// Issue 10, defect 11: one function makes user text terminal-safe with visible escapes.
@Suite("terminal-safe text")
struct TerminalSafeTextTests {
    @Test(
        "controls, DEL, C1 and bidi marks, overrides and isolates become visible escapes",
        arguments: [
            ("a\u{1B}[2Jb", #"a\u{1B}[2Jb"#), ("line\nbreak", #"line\nbreak"#), ("cr\rtab\t", #"cr\rtab\t"#),
            ("nul\u{0}", #"nul\u{0}"#), ("del\u{7F}", #"del\u{7F}"#), ("csi\u{9B}", #"csi\u{9B}"#),
            ("rlo\u{202E}txt", #"rlo\u{202E}txt"#), ("lre\u{202A}pdf\u{202C}", #"lre\u{202A}pdf\u{202C}"#),
            ("iso\u{2066}\u{2067}\u{2068}\u{2069}", #"iso\u{2066}\u{2067}\u{2068}\u{2069}"#),
            ("mark\u{200E}\u{200F}", #"mark\u{200E}\u{200F}"#), ("crlf\r\n", #"crlf\r\n"#),
        ])
    func escapes(raw: String, shown: String) {
        #expect(ReportText.terminalSafe(raw) == shown)
    }

    @Test("ordinary text, accents, CJK, emoji and joiners are left as they are")
    func leavesOrdinaryText() {
        for text in ["run 7 (nightly)", "Contraseña24!", "密码1999", "👩‍💻 team", "C:\\data\\c.csv", ""] {
            #expect(ReportText.terminalSafe(text) == text)
        }
    }
}
