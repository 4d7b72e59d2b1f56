import Testing

@testable import PolicyAudit
@testable import PolicyReports

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
            ("zw\u{200B}sp\u{2060}\u{FEFF}", #"zw\u{200B}sp\u{2060}\u{FEFF}"#),
            ("ls\u{2028}ps\u{2029}", #"ls\u{2028}ps\u{2029}"#),
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

    @Test("a cut keeps every escape whole and the result within the limit")
    func cutKeepsEscapesWhole() {
        let text = String(repeating: "a", count: 9) + "\u{1B}[31m" + String(repeating: "b", count: 40)
        let cut = ReportText.terminalSafe(text, limit: 12)
        #expect(cut == "aaaaaaaaa…", "the 6-character escape of ESC does not fit: it is left out whole")
        #expect(ReportText.terminalSafe(text, limit: 20) == #"aaaaaaaaa\u{1B}[31m…"#)
        #expect(ReportText.terminalSafe("short\u{1B}", limit: 20) == #"short\u{1B}"#)
        for limit in 2..<40 { #expect(ReportText.terminalSafe(text, limit: limit).count <= limit) }
    }
}
