/// A breach corpus a `blocklist` rule names in `lists`: `"hibp:PATH"` (SHA-1) or `"hibp-ntlm:PATH"` (NTLM).
///
/// The engine never opens it: the caller opens the file behind `path` as a ``BlocklistSource`` and hands it to
/// ``CompiledPolicy/init(_:sources:)``.
public struct BreachCorpusReference: Sendable, Hashable {
    /// How the corpus's lines are keyed.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// Have I Been Pwned's SHA-1 corpus: `HASH40:COUNT` lines, SHA-1 of the UTF-8 password.
        case sha1 = "hibp"
        /// Have I Been Pwned's NTLM corpus: `HASH32:COUNT` lines, MD4 of the UTF-16LE password.
        case ntlm = "hibp-ntlm"

        /// Hex digits of one line's hash.
        public var hexDigits: Int { self == .sha1 ? 40 : 32 }
    }

    /// The corpus's format.
    public var format: Format
    /// The path as written after the prefix (relative paths are made absolute when a policy file is loaded).
    public var path: String

    /// A reference to the corpus at `path`.
    public init(format: Format, path: String) {
        self.format = format
        self.path = path
    }

    /// Parses a `lists` entry, or returns `nil` when it names no breach corpus.
    public init?(listName: String) {
        for format in Format.allCases {
            let prefix = format.rawValue + ":"
            if listName.hasPrefix(prefix), listName.count > prefix.count {
                self.init(format: format, path: String(listName.dropFirst(prefix.count)))
                return
            }
        }
        return nil
    }

    /// The `lists` entry: `hibp:PATH` or `hibp-ntlm:PATH`.
    public var listName: String { "\(format.rawValue):\(path)" }
}
