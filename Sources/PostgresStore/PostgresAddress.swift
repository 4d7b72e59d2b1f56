import CLibPQ

/// A libpq connection string (a `postgresql://` / `postgres://` URI or `key=value` words) and the secrets it holds,
/// so that no message ever shows its password.
///
/// libpq echoes parts of a connection string in its own messages (an invalid percent-encoding, an unknown option), and
/// a URI may carry its password in the user-info part or as a `password=` parameter. `displayText` is the string with
/// every password replaced by `***`, and `redact(_:)` removes the password (as written and as decoded) from any text.
/// <https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING>
package struct PostgresAddress: Sendable, Equatable {
    /// The connection string as given; it may hold a password, so it is never shown.
    package let connectionString: String
    /// The password as written and as percent-decoded, where the string has one: what `redact(_:)` removes.
    private let secrets: [String]
    /// Where each password is written in `connectionString`, for `displayText`.
    private let passwordRanges: [Range<String.Index>]

    /// Reads where the passwords of `connectionString` are, without contacting a server.
    package init(_ connectionString: String) {
        self.connectionString = connectionString
        let ranges = Self.passwordRanges(in: connectionString)
        passwordRanges = ranges
        var secrets: Set<String> = []
        for range in ranges where !range.isEmpty {
            let written = String(connectionString[range])
            secrets.insert(written)
            if let decoded = Self.percentDecoded(written) { secrets.insert(decoded) }
        }
        if let parsed = Self.libpqPassword(connectionString), !parsed.isEmpty { secrets.insert(parsed) }
        // Longest first, so that a password containing another is removed whole.
        self.secrets = secrets.sorted { $0.count > $1.count }
    }

    /// Whether `text` names a PostgreSQL server rather than an SQLite file: it starts with `postgresql://` or
    /// `postgres://`.
    package static func isPostgresURI(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// The connection string with each password replaced by `***`.
    package var displayText: String {
        var text = connectionString
        for range in passwordRanges.reversed() where !range.isEmpty { text.replaceSubrange(range, with: "***") }
        return redact(text)
    }

    /// `text` with every occurrence of this address's password (as written or decoded) replaced by `***`.
    package func redact(_ text: String) -> String {
        var result = text
        for secret in secrets where !secret.isEmpty { result = result.replacing(secret, with: "***") }
        return result
    }

    // MARK: Finding the password

    /// The ranges of the password in a URI's user info and in every `password=` parameter or `password=` word.
    private static func passwordRanges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        if isPostgresURI(text), let scheme = text.firstRange(of: "://") {
            let rest = text[scheme.upperBound...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                ranges.append(authority.index(after: colon)..<at)
            }
            if let question = rest[authorityEnd...].firstIndex(of: "?") {
                var start = rest.index(after: question)
                while start < rest.endIndex {
                    let end = rest[start...].firstIndex(of: "&") ?? rest.endIndex
                    let pair = rest[start..<end]
                    if let equals = pair.firstIndex(of: "="), pair[..<equals] == "password" {
                        ranges.append(pair.index(after: equals)..<end)
                    }
                    start = end < rest.endIndex ? rest.index(after: end) : end
                }
            }
        } else {
            // key=value words: `password = 'it\\'s'` or `password=secret`.
            var search = text.startIndex
            while let key = text[search...].firstRange(of: "password") {
                var index = key.upperBound
                while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
                guard index < text.endIndex, text[index] == "=" else {
                    search = key.upperBound
                    continue
                }
                index = text.index(after: index)
                while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
                let start = index
                if index < text.endIndex, text[index] == "'" {
                    // Quoted: `\'` and `\\` are escapes, the next unescaped `'` ends the value.
                    index = text.index(after: index)
                    while index < text.endIndex, text[index] != "'" {
                        if text[index] == "\\", text.index(after: index) < text.endIndex {
                            index = text.index(after: index)
                        }
                        index = text.index(after: index)
                    }
                    ranges.append(text.index(after: start)..<index)
                } else {
                    while index < text.endIndex, text[index] != " " { index = text.index(after: index) }
                    ranges.append(start..<index)
                }
                search = index
            }
        }
        return ranges
    }

    /// The password libpq reads from `text` (`PQconninfoParse`), or nil if it has none or does not parse.
    private static func libpqPassword(_ text: String) -> String? {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(text, &message) else {
            PQfreemem(message)
            return nil
        }
        defer { PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "password", let value = option.pointee.val { return String(cString: value) }
            option += 1
        }
        return nil
    }

    /// `%XX` sequences decoded, or nil when there are none or they are not valid UTF-8.
    private static func percentDecoded(_ text: String) -> String? {
        guard text.contains("%") else { return nil }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
