/// Escaping and sanitising of text that came from users (labels, file names) before it is rendered.
package enum ReportText {
    /// Replaces control and bidirectional-override characters with `?`, so a label cannot move the cursor,
    /// change colours or reorder a terminal line.
    package static func terminalSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isUnsafe($0) ? "?" : $0 }))
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
            default: result.unicodeScalars.append(isUnsafe(scalar) ? "?" : scalar)
            }
        }
        return result
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0 and C1 controls, ESC included
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks, embeddings, isolates
        default: false
        }
    }

    /// Shortens `text` to at most `limit` characters, ending with `…` when cut.
    package static func truncated(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(limit - 1, 0))) + "…"
    }
}
