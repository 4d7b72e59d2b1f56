/// A `file:` blocklist as loaded into a policy: the name it was given, its entries, and the SHA-256 of its bytes.
///
/// The policy keeps the entries (the core never reads files, and a stored version must evaluate alone) and the name
/// and digest, so that a stored version can say which file it holds without printing that file's contents.
public struct BlocklistFile: Sendable, Equatable {
    /// The path as written after `file:` in the policy, e.g. `deny.txt`.
    public var name: String
    /// The lowercase hex SHA-256 of the file's bytes, as the caller read them.
    public var sha256: String
    /// The entries, canonical: lowercased, de-duplicated, sorted.
    public var words: [String]

    /// A loaded file; `words` are put in canonical form.
    public init(name: String, sha256: String, words: [String]) {
        self.name = name
        self.sha256 = sha256
        self.words = PolicyParser.canonicalWords(words)
    }

    /// One line for people: `deny.txt (3 entries, SHA-256 9f86d081884c…)`.
    public var summary: String {
        "\(name) (\(words.count) \(words.count == 1 ? "entry" : "entries"), SHA-256 \(sha256.prefix(12))…)"
    }

    var jsonValue: JSONValue {
        .object(["name": .string(name), "sha256": .string(sha256), "words": .array(words.map { .string($0) })])
    }
}
