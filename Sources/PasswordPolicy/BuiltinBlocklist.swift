import PasswordStrength

/// A blocklist built into pwaudit, named in a `blocklist` rule's `lists` as `builtin:NAME`.
public enum BuiltinBlocklist: String, Sendable, CaseIterable {
    /// `builtin:common`: the 500 most common passwords (its meaning is fixed: stored versions keep their verdicts).
    case common = "builtin:common"
    /// `builtin:top-10k`: the 10,000 most common passwords of zxcvbn's list (OWASP ASVS 5.0 asks for the top 3,000).
    case top10k = "builtin:top-10k"

    /// The entries, lowercase, most common first.
    public var entries: [String] {
        switch self {
        case .common: BuiltinCommonPasswords.entries
        case .top10k: BuiltinTopPasswords.entries
        }
    }

    /// The built-in lists among `lists` (a rule's `lists`), largest first: the first refuses all the others do
    /// (each list is a head of the same ranking).
    public static func named(in lists: [String]) -> [BuiltinBlocklist] {
        [.top10k, .common].filter { lists.contains($0.rawValue) }
    }
}

/// The `builtin:top-10k` blocklist: the first 10,000 entries of zxcvbn's `passwords` list, taken from the data the
/// strength estimator embeds (PyPI `zxcvbn` 4.5.0, MIT), so the binary carries the words once.
enum BuiltinTopPasswords {
    /// The entries, in rank order.
    static let entries: [String] = CommonPasswords.top(10_000)
}
