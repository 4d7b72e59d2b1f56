/// The findings of a directory audit: one assessment per account (in the extract's order), from the hashes alone
/// (empty password, LM hash, shared NT hash, breach corpora) and from the potfile's plaintexts (cracked, the name in
/// the password).
package enum DirectoryFindings {
    /// Assesses `accounts`.
    /// - Parameters:
    ///   - potfile: The cracked plaintexts, by NT hash.
    ///   - groups: The privileged groups' members.
    ///   - breachCounts: How often the breach corpora saw each of the distinct NT hashes it is given (0: never), in
    ///     their order.
    /// - Throws: What `breachCounts` throws.
    package static func assess(
        _ accounts: [ExtractAccount], potfile: Potfile, groups: GroupMembership,
        breachCounts: ([NTDigest]) throws -> [Int] = { [Int](repeating: 0, count: $0.count) }
    ) throws -> [AccountAssessment] {
        var firstWithHash: [NTDigest: (ordinal: Int, count: Int)] = [:]
        firstWithHash.reserveCapacity(accounts.count)
        for (ordinal, account) in accounts.enumerated() {
            firstWithHash[account.ntHash, default: (ordinal, 0)].count += 1
        }
        let distinct = Array(firstWithHash.keys)
        let counts = try breachCounts(distinct)
        precondition(counts.count == distinct.count, "one breach count per distinct NT hash")
        var breaches: [NTDigest: Int] = [:]
        breaches.reserveCapacity(distinct.count)
        for (hash, count) in zip(distinct, counts) where count > 0 { breaches[hash] = count }
        var assessments: [AccountAssessment] = []
        assessments.reserveCapacity(accounts.count)
        for account in accounts {
            let hash = account.ntHash
            let shared = firstWithHash[hash]!
            let breach = breaches[hash] ?? 0
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
                    groups: groups.isEmpty ? [] : groups.groups(of: account.username),
                    passwordLength: password.map { $0.unicodeScalars.count }))
        }
        return assessments
    }
}
