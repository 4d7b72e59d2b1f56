/// One CSV field as every pwaudit CSV writes it: RFC 4180 quoting, after the spreadsheet formula guard.
package enum CSVField {
    /// `text` with a leading `'` when a spreadsheet would read it as a formula (it starts with `=`, `+`, `-`, `@`,
    /// tab or carriage return), so the spreadsheet shows it as text instead of evaluating it.
    package static func formulaGuarded(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    /// `text` in double quotes, its quotes doubled, when it holds `,`, `"`, CR or LF; otherwise `text` as it is.
    package static func quoted(_ text: String) -> String {
        let needsQuotes = text.utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 13 || $0 == 10
        }
        guard needsQuotes else { return text }
        var quoted = "\""
        quoted.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted += "\"" }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }
}
