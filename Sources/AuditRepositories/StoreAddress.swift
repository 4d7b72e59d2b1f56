/// Where a store lives, as `--db` / `PWAUDIT_DB` name it.
package enum StoreAddress: Sendable, Equatable {
    /// A database file (any value that is not a PostgreSQL URI).
    case sqliteFile(path: String)
    /// A PostgreSQL server: a value starting with `postgresql://` or `postgres://` (any libpq connection URI).
    case postgres(uri: String)

    /// The URI schemes that name a PostgreSQL server (libpq's; case as libpq reads them).
    package static let postgresSchemes = ["postgresql://", "postgres://"]

    /// The address `value` names: a PostgreSQL URI, else a file path taken as it is (the caller resolves a relative
    /// path first).
    package init(_ value: String) {
        self = Self.postgresSchemes.contains { value.hasPrefix($0) } ? .postgres(uri: value) : .sqliteFile(path: value)
    }

    /// The address as it may be shown: a URI's password (in its user information or as a `password=` parameter)
    /// replaced by `***`, never the password itself.
    package var displayText: String {
        switch self {
        case .sqliteFile(let path): path
        case .postgres(let uri): Self.redacted(uri)
        }
    }

    /// Where the fingerprint key is when none is named: `<database>.key` beside a database file; nil for a server,
    /// which never holds the key (the key file must then be named).
    package var defaultKeyPath: String? {
        switch self {
        case .sqliteFile(let path): path + ".key"
        case .postgres: nil
        }
    }

    /// `uri` with the password of its user information and of any `password=` parameter replaced by `***`.
    ///
    /// The user information ends at the first `@` before any `/`, as libpq reads it; the password is what follows its
    /// first `:`.
    private static func redacted(_ uri: String) -> String {
        guard let schemeEnd = uri.range(of: "://")?.upperBound else { return uri }
        var text = String(uri[..<schemeEnd])
        var rest = Substring(uri[schemeEnd...])
        if let at = rest.firstIndex(where: { $0 == "@" || $0 == "/" }), rest[at] == "@" {
            let userInfo = rest[..<at]
            if let colon = userInfo.firstIndex(of: ":") {
                text += userInfo[...colon] + "***"
            } else {
                text += userInfo
            }
            rest = rest[at...]
        }
        guard let query = rest.firstIndex(of: "?") else { return text + rest }
        text += rest[...query]
        let parameters = rest[rest.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false)
        text += parameters.map { parameter in
            parameter.lowercased().hasPrefix("password=") ? "password=***" : String(parameter)
        }.joined(separator: "&")
        return text
    }
}
