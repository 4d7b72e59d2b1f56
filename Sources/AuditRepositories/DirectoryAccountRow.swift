import AuditCrypto

/// One account of a directory audit (`directory_account`, schema 15): its name (or the pseudonym that replaced it),
/// a keyed fingerprint of its NT hash and its findings. Never a hash, never a password.
package struct DirectoryAccountRow: Sendable, Equatable {
    /// The account's place in the audit (0-based, in the extract's order).
    package var ordinal: Int
    /// `DOMAIN\user` as the extract wrote it, or its pseudonym (`--redact-accounts`).
    package var username: String
    /// The relative identifier (nil when redacted).
    package var rid: Int64?
    /// HMAC-SHA256 of the NT hash under the fingerprint key.
    package var ntFingerprint: Fingerprint
    /// The password is known (the potfile's, or the empty password).
    package var cracked: Bool
    /// The NT hash is the empty password's.
    package var emptyPassword: Bool
    /// An LM hash is stored.
    package var lmHash: Bool
    /// Accounts of the audit with this NT hash, itself included.
    package var sharedWith: Int
    /// The ordinal of the first account of its reuse group, when shared.
    package var sharedGroup: Int?
    /// How often a breach corpus saw the NT hash (0: not found).
    package var breachCount: Int
    /// 0: no, 1: the cracked password holds the account name, 2: it is the name.
    package var usernameInPassword: Int
    /// The privileged groups it belongs to, sorted.
    package var groups: [String]
    /// `status=Disabled`.
    package var disabled: Bool
    /// A machine account.
    package var machine: Bool
    /// `pwdLastSet`, canonical UTC text.
    package var passwordLastSetAt: String?
    /// The line of the run's candidate scored for it (cracked, non-empty passwords only).
    package var candidateLine: Int?
    /// The cracked password's length in Unicode scalars.
    package var passwordLength: Int?

    /// Creates a row.
    package init(
        ordinal: Int, username: String, rid: Int64?, ntFingerprint: Fingerprint, cracked: Bool, emptyPassword: Bool,
        lmHash: Bool, sharedWith: Int, sharedGroup: Int?, breachCount: Int, usernameInPassword: Int, groups: [String],
        disabled: Bool, machine: Bool, passwordLastSetAt: String?, candidateLine: Int?, passwordLength: Int?
    ) {
        self.ordinal = ordinal
        self.username = username
        self.rid = rid
        self.ntFingerprint = ntFingerprint
        self.cracked = cracked
        self.emptyPassword = emptyPassword
        self.lmHash = lmHash
        self.sharedWith = sharedWith
        self.sharedGroup = sharedGroup
        self.breachCount = breachCount
        self.usernameInPassword = usernameInPassword
        self.groups = groups
        self.disabled = disabled
        self.machine = machine
        self.passwordLastSetAt = passwordLastSetAt
        self.candidateLine = candidateLine
        self.passwordLength = passwordLength
    }

    /// The account's flags as stored (`directory_account.findings`, schema 16): bit 0 cracked, 1 empty password, 2 LM
    /// hash, 3 disabled, 4 machine, and `usernameInPassword` (0, 1 or 2) at bits 5 and 6; so 0…95.
    package var findings: Int {
        (cracked ? 1 : 0) | (emptyPassword ? 2 : 0) | (lmHash ? 4 : 0) | (disabled ? 8 : 0) | (machine ? 16 : 0)
            | usernameInPassword << 5
    }

    /// A row read back with its flags in their stored form (``findings``).
    package init(
        ordinal: Int, username: String, rid: Int64?, ntFingerprint: Fingerprint, findings bits: Int, sharedWith: Int,
        sharedGroup: Int?, breachCount: Int, groups: [String], passwordLastSetAt: String?, candidateLine: Int?,
        passwordLength: Int?
    ) {
        self.init(
            ordinal: ordinal, username: username, rid: rid, ntFingerprint: ntFingerprint, cracked: bits & 1 != 0,
            emptyPassword: bits & 2 != 0, lmHash: bits & 4 != 0, sharedWith: sharedWith, sharedGroup: sharedGroup,
            breachCount: breachCount, usernameInPassword: bits >> 5 & 3, groups: groups, disabled: bits & 8 != 0,
            machine: bits & 16 != 0, passwordLastSetAt: passwordLastSetAt, candidateLine: candidateLine,
            passwordLength: passwordLength)
    }

    /// The groups as stored: names joined by line feeds ('' for none).
    package var groupsText: String { groups.joined(separator: "\n") }

    /// The groups of a stored text.
    package static func groups(fromText text: String?) -> [String] {
        (text ?? "").split(separator: "\n").map(String.init)
    }
}
