import Foundation
import PasswordPolicy
import PolicyAudit
import PolicyReports

/// A stored definition as `policy show` and `policy diff` print it: a loaded blocklist file appears by name, entry
/// count and SHA-256, never with its entries (a 100,000-line list is not for the screen, and may be sensitive).
enum PolicyDisplay {
    /// The definition `json` (a policy's canonical JSON), pretty-printed with sorted keys and files summarized.
    ///
    /// It stays JSON and is terminal-safe: the layout's newlines stay, and a control or bidi override the serializer
    /// left raw (DEL, C1, U+202E…) becomes a JSON escape (`\u202E`).
    static func policy(_ json: String) throws -> String {
        jsonSafe(try render(json, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
    }

    /// `json` with every scalar `ReportText.terminalSafe` would escape, its layout's newlines aside, written as a
    /// JSON `\uXXXX` escape. The serializer already escapes C0 controls inside strings and JSON's structure is ASCII,
    /// so what is left (DEL, C1 controls, bidi marks, all in the BMP) only ever occurs inside a string.
    static func jsonSafe(_ json: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
        for scalar in json.unicodeScalars {
            if scalar != "\n", ReportText.isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// One rule as a single line of JSON: its canonical JSON, with files summarized when it has any.
    static func rule(_ rule: PolicyRule) throws -> String {
        guard case .blocklist(_, _, let files) = rule.kind, !files.isEmpty else { return rule.canonicalJSON() }
        return try render(rule.canonicalJSON(), options: [.sortedKeys, .withoutEscapingSlashes])
    }

    /// The definition `json` as a JSON object tree (files summarized, as `policy` prints them), to embed in a listing.
    static func object(_ json: String) throws -> Any {
        summarized(try JSONSerialization.jsonObject(with: Data(json.utf8)))
    }

    private static func render(_ json: String, options: JSONSerialization.WritingOptions) throws -> String {
        let object = summarized(try JSONSerialization.jsonObject(with: Data(json.utf8)))
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: options), as: UTF8.self)
    }

    /// `value` with every `files` member's entries replaced by their count.
    private static func summarized(_ value: Any) -> Any {
        if let array = value as? [Any] { return array.map(summarized) }
        guard var object = value as? [String: Any] else { return value }
        for (key, member) in object { object[key] = summarized(member) }
        if let files = object["files"] as? [[String: Any]] {
            object["files"] = files.map { file -> [String: Any] in
                var shown = file
                shown["entries"] = (file["words"] as? [Any])?.count ?? file["entries"] ?? 0
                shown["words"] = nil
                return shown
            }
        }
        return object
    }
}
