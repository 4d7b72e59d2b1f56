/// How the checklist is drawn: marks, the input mask and colour, chosen from the terminal and the environment.
package struct ChecklistStyle: Equatable, Sendable {
    /// Colour (SGR) on the marks and the reset line.
    package var usesColor: Bool
    /// `✓`, `✗`, `•` and `—`; otherwise ASCII: `[x]`, `[ ]`, `*` and `-`.
    package var usesUnicode: Bool

    /// A style with colour when `usesColor` and Unicode marks when `usesUnicode`.
    package init(usesColor: Bool, usesUnicode: Bool) {
        self.usesColor = usesColor
        self.usesUnicode = usesUnicode
    }

    /// The mark of a rule that passes.
    var passMark: String { usesUnicode ? "✓" : "[x]" }
    /// The mark of a rule that fails.
    var failMark: String { usesUnicode ? "✗" : "[ ]" }
    /// One typed character, masked.
    var maskCharacter: Character { usesUnicode ? "•" : "*" }
    /// Between a failing rule's label and its message.
    var separator: String { usesUnicode ? " — " : " - " }

    /// Colour on a terminal unless `NO_COLOR` is set or `TERM` is `dumb`; Unicode marks when the locale's character
    /// set is UTF-8 (the first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set and not empty, as setlocale(3) reads them).
    static func forTerminal(_ isTerminal: Bool, environment: [String: String]) -> ChecklistStyle {
        ChecklistStyle(
            usesColor: CLIContext.allowsColor(isTerminal: isTerminal, environment: environment),
            usesUnicode: localeIsUTF8(environment))
    }

    /// Whether the locale the environment names uses UTF-8 (`en_US.UTF-8`, `C.utf8`); unset is the C locale.
    static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let lowered = name.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }
}
