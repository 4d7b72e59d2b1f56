/// A directory audit's totals, counted from its accounts' assessments (at import and again from the stored rows):
/// each total says what it counts, accounts or cracked accounts.
package struct DirectoryCounts: Sendable, Equatable {
    /// Accounts audited.
    package var accounts = 0
    /// Accounts whose password is known (the potfile's, or the empty password).
    package var cracked = 0
    /// Accounts with the empty password's NT hash.
    package var emptyPassword = 0
    /// Accounts with an LM hash stored.
    package var lmHash = 0
    /// Accounts whose NT hash at least one other account also has (empty ones included).
    package var sharedHash = 0
    /// Accounts whose NT hash a breach corpus holds.
    package var breached = 0
    /// Breached accounts by how often the corpus saw the hash: 1, 2–10, 11–100, 101–1,000, more.
    package var breachBuckets = [0, 0, 0, 0, 0]
    /// Cracked accounts whose password is or holds the account name.
    package var usernameInPassword = 0
    /// Members of a privileged group.
    package var privileged = 0
    /// Privileged accounts cracked.
    package var privilegedCracked = 0
    /// Privileged accounts whose NT hash an ordinary account also has.
    package var privilegedSharingWithOrdinary = 0
    /// Reuse groups (accounts sharing one NT hash) by their size: size → groups.
    package var reuseGroupsBySize: [Int: Int] = [:]
    /// Cracked accounts by their password's length (Unicode scalars): length → accounts.
    package var crackedLengths: [Int: Int] = [:]
    /// Privileged accounts by finding, in `DirectoryFinding` order.
    package var privilegedByFinding: [DirectoryFinding: Int] = [:]

    /// Zero everywhere.
    package init() {}

    /// Counts `assessments`.
    package init(_ assessments: [AccountAssessment]) {
        self.init()
        var groupMembers: [Int: (size: Int, privileged: Int)] = [:]
        for item in assessments {
            accounts += 1
            if item.cracked { cracked += 1 }
            if item.emptyPassword { emptyPassword += 1 }
            if item.lmHash { lmHash += 1 }
            if item.isShared { sharedHash += 1 }
            if item.isBreached {
                breached += 1
                breachBuckets[Self.bucket(ofCount: item.breachCount)] += 1
            }
            if item.usernameInPassword != .none { usernameInPassword += 1 }
            if let length = item.passwordLength, !item.emptyPassword { crackedLengths[length, default: 0] += 1 }
            if let group = item.sharedGroup {
                groupMembers[group, default: (0, 0)].size += 1
                if item.isPrivileged { groupMembers[group, default: (0, 0)].privileged += 1 }
            }
            guard item.isPrivileged else { continue }
            privileged += 1
            if item.cracked { privilegedCracked += 1 }
            for finding in DirectoryFinding.allCases where finding.holds(for: item) {
                privilegedByFinding[finding, default: 0] += 1
            }
        }
        for (_, members) in groupMembers {
            reuseGroupsBySize[members.size, default: 0] += 1
            if members.privileged > 0, members.privileged < members.size {
                privilegedSharingWithOrdinary += members.privileged
            }
        }
    }

    /// The breach bucket of a count of at least 1 (the bounds of `run_breach_summary`).
    static func bucket(ofCount count: Int) -> Int {
        switch count {
        case ...1: 0
        case ...10: 1
        case ...100: 2
        case ...1_000: 3
        default: 4
        }
    }
}

/// One kind of finding on an account, as the directory report lists them.
package enum DirectoryFinding: String, Sendable, CaseIterable, Comparable {
    /// Cracked.
    case cracked
    /// The empty password.
    case emptyPassword = "empty_password"
    /// An LM hash stored.
    case lmHash = "lm_hash"
    /// The NT hash shared with another account.
    case sharedHash = "shared_hash"
    /// The NT hash in a breach corpus.
    case breached
    /// The cracked password is or holds the account name.
    case usernameInPassword = "username_in_password"

    /// Whether `assessment` has this finding.
    package func holds(for assessment: AccountAssessment) -> Bool {
        switch self {
        case .cracked: assessment.cracked
        case .emptyPassword: assessment.emptyPassword
        case .lmHash: assessment.lmHash
        case .sharedHash: assessment.isShared
        case .breached: assessment.isBreached
        case .usernameInPassword: assessment.usernameInPassword != .none
        }
    }

    /// What the report calls it.
    package var label: String {
        switch self {
        case .cracked: "cracked"
        case .emptyPassword: "empty password"
        case .lmHash: "LM hash stored"
        case .sharedHash: "NT hash shared"
        case .breached: "in a breach corpus"
        case .usernameInPassword: "name in password"
        }
    }

    /// Declaration order.
    package static func < (lhs: DirectoryFinding, rhs: DirectoryFinding) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
