/// A reference to a stored policy version: `NAME` (the latest version) or `NAME@N`.
package struct PolicyReference: Sendable, Equatable, CustomStringConvertible {
    /// The policy name.
    package var name: String
    /// The version number, or nil for the latest.
    package var version: Int?

    /// Parses `NAME` or `NAME@N`; nil when the text is not of that shape.
    package init?(parsing text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard let first = parts.first, !first.isEmpty, parts.count <= 2,
            first.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
        else { return nil }
        name = String(first)
        if parts.count == 2 {
            guard let number = Int(parts[1]), number >= 1 else { return nil }
            version = number
        }
    }

    package var description: String { version.map { "\(name)@\($0)" } ?? name }
}
