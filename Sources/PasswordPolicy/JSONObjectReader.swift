/// Reads typed members of one JSON object, reporting faults with their key path.
struct JSONObjectReader {
    /// The largest number any integer parameter may hold.
    static let maximumInteger = 1_000_000

    let members: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, path: String) throws(PolicyError) {
        guard case .object(let members) = value else {
            throw .invalid(path: path.isEmpty ? "policy" : path, reason: "must be an object, not \(value.typeName)")
        }
        self.members = members
        self.path = path
    }

    /// The path of a member, such as `rules[3].min`.
    func path(_ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// Fails on the first (in sorted order) key outside `allowed`, suggesting the allowed keys closest to it.
    func rejectUnknownKeys(allowed: Set<String>) throws(PolicyError) {
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            let hint = NameSuggestion.didYouMean(unknown, among: allowed.sorted(), quote: "\"")
            throw .invalid(path: path.isEmpty ? "policy" : path, reason: "unknown key \"\(unknown)\"\(hint)")
        }
    }

    func string(_ key: String) throws(PolicyError) -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let text) = value else {
            throw .invalid(path: path(key), reason: "must be a string, not \(value.typeName)")
        }
        return text
    }

    func requiredString(_ key: String) throws(PolicyError) -> String {
        guard let text = try string(key) else { throw .invalid(path: path(key), reason: "is required") }
        return text
    }

    func int(_ key: String, atLeast lower: Int, atMost upper: Int = maximumInteger) throws(PolicyError) -> Int? {
        guard let value = members[key] else { return nil }
        let number: Int
        switch value {
        case .int(let exact): number = exact
        case .double(let real) where real.isFinite && real == real.rounded():
            number = abs(real) < 1e15 ? Int(real) : (real < 0 ? Int.min : Int.max)
        case .double: throw .invalid(path: path(key), reason: "must be a whole number")
        default: throw .invalid(path: path(key), reason: "must be an integer, not \(value.typeName)")
        }
        if number < lower { throw .invalid(path: path(key), reason: "must be at least \(lower)") }
        if number > upper { throw .invalid(path: path(key), reason: "must be at most \(upper)") }
        return number
    }

    func array(_ key: String) throws(PolicyError) -> [JSONValue]? {
        guard let value = members[key] else { return nil }
        guard case .array(let items) = value else {
            throw .invalid(path: path(key), reason: "must be an array, not \(value.typeName)")
        }
        return items
    }

    /// An array of strings; each element must be a non-empty string.
    func strings(_ key: String) throws(PolicyError) -> [String]? {
        guard let items = try array(key) else { return nil }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item, !text.isEmpty else {
                throw .invalid(path: "\(path(key))[\(index)]", reason: "must be a non-empty string")
            }
            result.append(text)
        }
        return result
    }

    /// Parses a string member as a raw-value enum, listing the accepted values on failure.
    func enumValue<T: RawRepresentable>(_ key: String, _ type: T.Type, accepted: [String]) throws(PolicyError) -> T?
    where T.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let value = T(rawValue: text) else {
            throw .invalid(path: path(key), reason: "unknown value \"\(text)\"; use \(Self.quotedList(accepted))")
        }
        return value
    }

    static func quotedList(_ values: [String]) -> String {
        values.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
