/// The findings of a directory audit: one assessment per account (in the extract's order), from the hashes alone
/// (empty password, LM hash, shared NT hash, breach corpora) and from the potfile's plaintexts (cracked, the name in
/// the password).
package enum DirectoryFindings {
    /// Assesses `accounts`.
    /// - Parameters:
    ///   - potfile: The cracked plaintexts, by NT hash.
    ///   - groups: The privileged groups' members.
    ///   - breachCount: How often the breach corpora saw an NT hash (0: never); asked once per distinct hash.
    /// - Throws: What `breachCount` throws.
    package static func assess(
        _ accounts: [ExtractAccount], potfile: Potfile, groups: GroupMembership,
        breachCount: (NTDigest) throws -> Int = { _ in 0 }
    ) throws -> [AccountAssessment] {
        var firstWithHash: [NTDigest: (ordinal: Int, count: Int)] = [:]
        firstWithHash.reserveCapacity(accounts.count)
        for (ordinal, account) in accounts.enumerated() {
            firstWithHash[account.ntHash, default: (ordinal, 0)].count += 1
        }
        var breaches: [NTDigest: Int] = [:]
        var assessments: [AccountAssessment] = []
        assessments.reserveCapacity(accounts.count)
        for account in accounts {
            let hash = account.ntHash
            let shared = firstWithHash[hash]!
            let breach: Int
            if let known = breaches[hash] {
                breach = known
            } else {
                breach = try breachCount(hash)
                breaches[hash] = breach
            }
            let empty = hash == NTDigest.empty
            let password = empty ? "" : potfile[hash]
            assessments.append(
                AccountAssessment(
                    cracked: password != nil, emptyPassword: empty, lmHash: account.lmHash != nil,
                    sharedWith: shared.count, sharedGroup: shared.count > 1 ? shared.ordinal : nil,
                    breachCount: breach,
                    usernameInPassword: password.map {
                        AccountAssessment.usernameMatch(password: $0, username: account.username)
                    } ?? .none,
                    groups: groups.groups(of: account.username),
                    passwordLength: password.map { $0.unicodeScalars.count }))
        }
        return assessments
    }
}
