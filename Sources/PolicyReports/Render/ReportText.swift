/// Escaping and sanitising of text that came from users (labels, file names) before it is rendered.
package enum ReportText {
    /// Makes user text (a label, a file name, a path, a policy's text) safe to print on a terminal: every C0 and
    /// C1 control (ESC, newlines and tabs included), DEL, and the bidirectional marks, embeddings, overrides and
    /// isolates (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) become visible escapes — `\n`, `\r`, `\t`, else
    /// `\u{1B}` — so the text cannot move the cursor, change colours, break a line or reorder what follows it.
    ///
    /// Every listing and message that prints user text goes through this one function; other text is unchanged.
    package static func terminalSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += visibleEscape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `terminalSafe` line by line: its line breaks kept, every other unsafe character escaped.
    package static func terminalSafeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { terminalSafe(String($0)) }
            .joined(separator: "\n")
    }

    /// The visible escape for an unsafe scalar: `\n`, `\r`, `\t`, else `\u{HEX}` (uppercase, as Swift writes it).
    private static func visibleEscape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }

    /// Escapes `&`, `<`, `>`, `"` and `'` for HTML text and attribute values.
    package static func html(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in terminalSafe(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Escapes Markdown punctuation (`|`, `*`, `_`, `` ` ``, `[`, `]`, `<`, `>`, `\`) and flattens newlines, so
    /// a label stays inside its table cell and renders as typed.
    package static func markdown(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "|", "*", "_", "`", "[", "]", "<", ">", "#":
                result += "\\"
                result.unicodeScalars.append(scalar)
            case "\n", "\r", "\t": result += " "
            default: result += isUnsafe(scalar) ? visibleEscape(scalar) : String(scalar)
            }
        }
        return result
    }

    /// Whether `terminalSafe` escapes `scalar`: a control, a bidi mark, or a character that hides or forges text.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0 and C1 controls, ESC included
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks, embeddings, isolates
        case 0x200B, 0x2060, 0xFEFF: true  // zero-width space, word joiner, BOM: they hide text (ZWJ/ZWNJ are script)
        case 0x2028, 0x2029: true  // line and paragraph separators: forge a line
        default: false
        }
    }

    /// `text` made terminal-safe and shortened to at most `limit` characters, ending with `…` when cut; an escape is
    /// never cut in half (the cut falls between the characters of `text`).
    package static func terminalSafe(_ text: String, limit: Int) -> String {
        let safe = terminalSafe(text)
        guard safe.count > limit else { return safe }
        var result = ""
        var count = 0
        for character in text {
            let piece = terminalSafe(String(character))
            if count + piece.count > limit - 1 { break }
            result += piece
            count += piece.count
        }
        return result + "…"
    }

    /// Shortens `text` to at most `limit` characters, ending with `…` when cut.
    package static func truncated(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(limit - 1, 0))) + "…"
    }
}
