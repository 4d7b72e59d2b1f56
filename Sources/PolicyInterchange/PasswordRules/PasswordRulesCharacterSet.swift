import PasswordPolicy

/// A `required` or `allowed` value of Apple's password rules: a set of ASCII-printable characters (U+0020…U+007E),
/// or `unicode` (any character). Two values are equal when they denote the same characters, which is what Apple's
/// parser's canonical form compares.
package struct PasswordRulesCharacterSet: Hashable, Sendable {
    /// Members below 64 (bit `b`); 0 for `unicode`.
    package private(set) var low: UInt64 = 0
    /// Members from 64 to 127 (bit `b - 64`); 0 for `unicode`.
    package private(set) var high: UInt64 = 0
    /// Whether the set is `unicode`, every character.
    package private(set) var isUnicode = false

    /// The empty set.
    package init() {}

    /// The set of `bytes` that are ASCII-printable; others are ignored, as Apple's parser drops them.
    package init(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { insert(byte) }
    }

    /// `unicode`: any character.
    package static let unicode: PasswordRulesCharacterSet = {
        var set = PasswordRulesCharacterSet()
        set.isUnicode = true
        return set
    }()

    /// `ascii-printable`: U+0020 through U+007E.
    package static let asciiPrintable = PasswordRulesCharacterSet(0x20...0x7E)
    /// `upper`: A–Z.
    package static let upper = PasswordRulesCharacterSet(0x41...0x5A)
    /// `lower`: a–z.
    package static let lower = PasswordRulesCharacterSet(0x61...0x7A)
    /// `digit`: 0–9.
    package static let digit = PasswordRulesCharacterSet(0x30...0x39)
    /// `special`: the 33 ASCII-printable characters that are neither letters nor digits, space included.
    package static let special = PasswordRulesCharacterSet(
        Array(0x20...0x2F) + Array(0x3A...0x40) + Array(0x5B...0x60) + Array(0x7B...0x7E))

    /// The named classes in the order Apple's canonical form lists them.
    package static let namedClasses: [(name: String, set: PasswordRulesCharacterSet)] = [
        ("upper", .upper), ("lower", .lower), ("digit", .digit), ("special", .special),
    ]

    /// Adds an ASCII-printable byte; any other byte is ignored.
    package mutating func insert(_ byte: UInt8) {
        guard !isUnicode, (0x20...0x7E).contains(byte) else { return }
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }

    /// Whether `byte` is a member (every byte is, for `unicode`).
    package func contains(_ byte: UInt8) -> Bool {
        if isUnicode { return true }
        if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
        return byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }

    /// The union; `unicode` absorbs everything.
    package func union(_ other: PasswordRulesCharacterSet) -> PasswordRulesCharacterSet {
        if isUnicode || other.isUnicode { return .unicode }
        var result = self
        result.low |= other.low
        result.high |= other.high
        return result
    }

    /// The intersection; `unicode` is the identity.
    package func intersection(_ other: PasswordRulesCharacterSet) -> PasswordRulesCharacterSet {
        if isUnicode { return other }
        if other.isUnicode { return self }
        var result = self
        result.low &= other.low
        result.high &= other.high
        return result
    }

    /// Whether every member of `other` is a member.
    package func isSuperset(of other: PasswordRulesCharacterSet) -> Bool {
        if isUnicode { return true }
        if other.isUnicode { return false }
        return other.low & ~low == 0 && other.high & ~high == 0
    }

    /// Whether the set has no member.
    package var isEmpty: Bool { !isUnicode && low == 0 && high == 0 }

    /// The members in ascending order (empty for `unicode`).
    package var members: [UInt8] {
        (0x20...0x7E).filter(contains)
    }

    /// The value as Apple's canonical form writes it: `unicode`, `ascii-printable`, or the complete named classes
    /// followed by one custom class of the remaining characters (`-` first, `]` last and written `]]`), such as
    /// `upper, digit, [-!]]`.
    package var descriptorValue: String {
        if isUnicode { return "unicode" }
        if self == .asciiPrintable { return "ascii-printable" }
        var values: [String] = []
        var rest = self
        for (name, set) in Self.namedClasses where isSuperset(of: set) {
            values.append(name)
            rest.low &= ~set.low
            rest.high &= ~set.high
        }
        let custom = rest.members
        if !custom.isEmpty {
            let dash = UInt8(ascii: "-")
            let bracket = UInt8(ascii: "]")
            var text = custom.contains(dash) ? "-" : ""
            text += String(decoding: custom.filter { $0 != dash && $0 != bracket }, as: UTF8.self)
            if custom.contains(bracket) { text += "]" }
            values.append("[\(text)]")
        }
        return values.joined(separator: ", ")
    }
}
