/// One account line of an NTDS extract, as `secretsdump` writes it: `DOMAIN\user:RID:LMHASH:NTHASH:::`, optionally
/// followed by `(pwdLastSet=…)` and `(status=…)`.
///
/// The hashes live only in memory while the extract is audited: the store keeps a keyed fingerprint of the NT hash
/// and the findings, never a hash.
package struct ExtractAccount: Sendable, Equatable {
    /// The line of the extract (1-based).
    package var line: Int
    /// The `DOMAIN` before the backslash, when the line has one.
    package var domain: String?
    /// The account name (sAMAccountName), without the domain.
    package var username: String
    /// The relative identifier.
    package var rid: Int64
    /// The LM hash, when one is stored (nil for an empty field or the empty LM hash `aad3b435…`).
    package var lmHash: NTDigest?
    /// The NT hash.
    package var ntHash: NTDigest
    /// `pwdLastSet` as canonical UTC text (`YYYY-MM-DDTHH:MM:SSZ`), when the line gives a time.
    package var passwordLastSet: String?
    /// `status=Disabled`.
    package var isDisabled: Bool
    /// A machine account (its name ends in `$`).
    package var isMachine: Bool

    /// An account read from `line`.
    package init(
        line: Int, domain: String? = nil, username: String, rid: Int64, lmHash: NTDigest? = nil, ntHash: NTDigest,
        passwordLastSet: String? = nil, isDisabled: Bool = false, isMachine: Bool = false
    ) {
        self.line = line
        self.domain = domain
        self.username = username
        self.rid = rid
        self.lmHash = lmHash
        self.ntHash = ntHash
        self.passwordLastSet = passwordLastSet
        self.isDisabled = isDisabled
        self.isMachine = isMachine
    }

    /// The account name as the extract wrote it: `DOMAIN\user`, or `user` alone.
    package var qualifiedName: String { domain.map { "\($0)\\\(username)" } ?? username }
}

/// A line of an input file that could not be read, by number, with why (never with its content: it may hold a hash
/// or a password).
package struct MalformedLine: Sendable, Equatable, CustomStringConvertible {
    /// Which input: `extract`, `potfile` or a groups file's name.
    package var file: String
    /// The line (1-based).
    package var line: Int
    /// Why it was not read.
    package var reason: String

    /// A malformed line of `file`.
    package init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `extract line 12: …`.
    package var description: String { "\(file) line \(line): \(reason)" }
}
