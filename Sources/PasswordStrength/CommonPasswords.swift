/// The most common passwords, most common first: the head of zxcvbn's `passwords` list, the same data the estimator
/// ranks with (embedded once, from PyPI zxcvbn 4.5.0 by `scripts/embed-strength-data.py`).
///
/// The engine's built-in blocklists (`builtin:common`, `builtin:top-10k`) are drawn from it.
package enum CommonPasswords {
    /// The words of the list in rank order (30,000, lowercase, none with whitespace).
    private static let all: [Substring] = EmbeddedFrequencyLists.passwords.split(separator: "\n")

    /// The first `count` passwords of the list, in rank order (all of them when the list is shorter).
    package static func top(_ count: Int) -> [String] {
        all.prefix(count).map(String.init)
    }
}
