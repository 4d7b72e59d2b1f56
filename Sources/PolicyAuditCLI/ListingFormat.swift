import Foundation
import PolicyAudit

/// How `runs`, `policy list|show|diff`, `import` and `rescore` print what they found: for a person (`text`, the
/// default) or as one JSON document for scripts (`json`, its keys in docs/report-format.md, "Listings").
enum ListingFormat: String, Sendable, CaseIterable {
    /// The table or lines a person reads.
    case text
    /// One JSON object: sorted keys, pretty printed, `format_version` 1.
    case json

    /// `--format text|json`; anything else is a usage error while parsing.
    static let option = Option<ListingFormat>(
        "--format", valueName: "F", help: "text (default) or json (docs/report-format.md, \"Listings\")."
    ) { text, option, command in
        guard let format = ListingFormat(rawValue: text) else {
            throw UsageError("option '\(option)' must be text or json, not '\(text)'", command: command)
        }
        return format
    }

    /// The JSON document of a listing of `kind`: the envelope (`format_version`, `kind`, `pwaudit_version`) and
    /// `members`; nil values become `null`. Sorted keys, pretty printed, terminal-safe (`PolicyDisplay.jsonSafe`),
    /// ending in a newline.
    static func json(kind: String, _ members: [String: Any?]) -> String {
        var object: [String: Any] = [
            "format_version": 1, "kind": kind, "pwaudit_version": PolicyAuditVersion.current,
        ]
        for (key, value) in members { object[key] = nullable(value) }
        let data: Data
        do {
            data = try JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        } catch {
            // Listings hold only strings, integers, booleans, arrays and objects of those: encoding cannot fail.
            preconditionFailure("a listing failed to encode as JSON: \(error)")
        }
        return PolicyDisplay.jsonSafe(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// `value` with every nil (at any depth) as `NSNull`, so that an absent value is written `null`.
    private static func nullable(_ value: Any?) -> Any {
        switch value {
        case .none: return NSNull()
        case .some(let array as [Any?]): return array.map(nullable)
        case .some(let object as [String: Any?]): return object.mapValues(nullable)
        case .some(let inner):
            if let optional = inner as? OptionalProtocol { return optional.wrappedOrNull }
            return inner
        }
    }
}

/// Lets `nullable` see through an `Optional` boxed in `Any`.
private protocol OptionalProtocol { var wrappedOrNull: Any { get } }

extension Optional: OptionalProtocol {
    fileprivate var wrappedOrNull: Any {
        switch self {
        case .none: NSNull()
        case .some(let value): value
        }
    }
}
