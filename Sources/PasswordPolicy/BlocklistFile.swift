/// A `file:` blocklist as loaded into a policy: the name it was given, its entries, and the SHA-256 of its bytes.
///
/// The core never reads files: the caller loads a file either as `words` (inline in the stored definition, the form
/// of earlier versions) or as shared compact ``BlocklistEntries``, in which case the stored definition names the list
/// by name, SHA-256 and entry count only and the store keeps the entries once per distinct list. A file known only
/// by that reference (parsed from a stored definition) must get its entries (``attaching(_:)``) before compiling.
public struct BlocklistFile: Sendable, Equatable {
    /// The path as written after `file:` in the policy, e.g. `deny.txt`.
    public var name: String
    /// The lowercase hex SHA-256 of the file's bytes, as the caller read them.
    public var sha256: String
    /// The entries held inline, canonical: lowercased, de-duplicated, sorted; empty for a list held as `entries`.
    public var words: [String]
    /// The entries held compactly and shared, or `nil` (inline `words`, or a reference not attached yet).
    public var entries: BlocklistEntries?
    /// How many entries the list has.
    public var entryCount: Int
    /// Whether the definition names the list by reference (`"entries": N`) rather than inlining its words.
    public var isReference: Bool

    /// A loaded file held inline; `words` are put in canonical form.
    public init(name: String, sha256: String, words: [String]) {
        self.name = name
        self.sha256 = sha256
        self.words = PolicyParser.canonicalWords(words)
        self.entries = nil
        self.entryCount = self.words.count
        self.isReference = false
    }

    /// A loaded file held as shared compact entries, stored by reference.
    public init(name: String, sha256: String, entries: BlocklistEntries) {
        self.name = name
        self.sha256 = sha256
        self.words = []
        self.entries = entries
        self.entryCount = entries.count
        self.isReference = true
    }

    /// A file known by reference only, as a stored definition names it; attach its entries before compiling.
    public init(name: String, sha256: String, entryCount: Int) {
        self.name = name
        self.sha256 = sha256
        self.words = []
        self.entries = nil
        self.entryCount = entryCount
        self.isReference = true
    }

    /// This reference with its entries.
    public func attaching(_ entries: BlocklistEntries) -> BlocklistFile {
        var copy = self
        copy.entries = entries
        return copy
    }

    /// Whether the entries are at hand (inline, or attached).
    public var isLoaded: Bool { !isReference || entries != nil }

    /// Every entry as a string (inline words, or the attached entries'); empty for an unattached reference.
    public var allWords: [String] { isReference ? entries?.words ?? [] : words }

    /// One line for people: `deny.txt (3 entries, SHA-256 9f86d081884c…)`.
    public var summary: String {
        "\(name) (\(entryCount) \(entryCount == 1 ? "entry" : "entries"), SHA-256 \(sha256.prefix(12))…)"
    }

    /// Equal when they name the same list the same way (a reference equals itself attached or not).
    public static func == (lhs: BlocklistFile, rhs: BlocklistFile) -> Bool {
        lhs.name == rhs.name && lhs.sha256 == rhs.sha256 && lhs.words == rhs.words && lhs.entryCount == rhs.entryCount
            && lhs.isReference == rhs.isReference
    }

    var jsonValue: JSONValue {
        if isReference {
            return .object(["name": .string(name), "sha256": .string(sha256), "entries": .int(entryCount)])
        }
        return .object(["name": .string(name), "sha256": .string(sha256), "words": .array(words.map { .string($0) })])
    }
}
