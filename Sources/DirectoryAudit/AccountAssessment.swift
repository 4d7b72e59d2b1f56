/// Whether a cracked password is, or holds, its account's name (compared without regard to case).
package enum UsernameMatch: Int, Sendable, Equatable, CaseIterable {
    /// Neither (or not cracked).
    case none = 0
    /// The password contains the account name (of three characters or more).
    case contained = 1
    /// The password is the account name.
    case equal = 2
}

/// The hash-only findings of one account (and, when it was cracked, those its password gives), without a hash or a
/// password: what `directory_account` stores beside the account's name.
package struct AccountAssessment: Sendable, Equatable {
    /// The potfile gave its password (or its NT hash is the empty password's).
    package var cracked: Bool
    /// Its NT hash is the empty password's.
    package var emptyPassword: Bool
    /// An LM hash is stored for it.
    package var lmHash: Bool
    /// The accounts of the audit with its NT hash, itself included (1: no other account has it).
    package var sharedWith: Int
    /// The ordinal of the first account with its NT hash when others have it too (the reuse group), else nil.
    package var sharedGroup: Int?
    /// How often the breach corpora saw its NT hash (the highest count of any corpus; 0: not found).
    package var breachCount: Int
    /// Its cracked password is or holds its name.
    package var usernameInPassword: UsernameMatch
    /// The privileged groups it belongs to (none: an ordinary account).
    package var groups: [String]
    /// The cracked password's length in Unicode scalars, when cracked.
    package var passwordLength: Int?

    /// An assessment; the defaults describe an uncracked account with no finding.
    package init(
        cracked: Bool = false, emptyPassword: Bool = false, lmHash: Bool = false, sharedWith: Int = 1,
        sharedGroup: Int? = nil, breachCount: Int = 0, usernameInPassword: UsernameMatch = .none,
        groups: [String] = [], passwordLength: Int? = nil
    ) {
        self.cracked = cracked
        self.emptyPassword = emptyPassword
        self.lmHash = lmHash
        self.sharedWith = sharedWith
        self.sharedGroup = sharedGroup
        self.breachCount = breachCount
        self.usernameInPassword = usernameInPassword
        self.groups = groups
        self.passwordLength = passwordLength
    }

    /// Another account has the same NT hash.
    package var isShared: Bool { sharedWith > 1 }
    /// A breach corpus holds the NT hash.
    package var isBreached: Bool { breachCount > 0 }
    /// A member of a privileged group.
    package var isPrivileged: Bool { !groups.isEmpty }
    /// Any finding at all: cracked, empty, LM, shared, breached, or the name in the password.
    package var hasFinding: Bool {
        cracked || emptyPassword || lmHash || isShared || isBreached || usernameInPassword != .none
    }

    /// Whether `password` is or holds `username`, without regard to case.
    package static func usernameMatch(password: String, username: String) -> UsernameMatch {
        let (password, username) = (password.lowercased(), username.lowercased())
        guard !username.isEmpty else { return .none }
        if password == username { return .equal }
        return username.unicodeScalars.count >= 3 && password.contains(username) ? .contained : .none
    }
}
