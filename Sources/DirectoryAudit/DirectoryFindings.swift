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
        let (distinct, holders, firstHolder, distinctIndex) = numbered(accounts)
        let breaches = try breachCounts(distinct)
        precondition(breaches.count == distinct.count, "one breach count per distinct NT hash")
        let plaintexts = distinct.map { $0 == NTDigest.empty ? "" : potfile[$0] }
        // Each account's assessment on up to 4 threads: comparing a cracked password with its name lowercases both,
        // and a million accounts took half a second on one thread while the other core waited.
        return ParallelArray.make(count: accounts.count) { share, initialize in
            for ordinal in share {
                let (account, index) = (accounts[ordinal], distinctIndex[ordinal])
                let (sharedWith, password) = (holders[index], plaintexts[index])
                initialize(
                    ordinal,
                    AccountAssessment(
                        cracked: password != nil, emptyPassword: account.ntHash == NTDigest.empty,
                        lmHash: account.lmHash != nil, sharedWith: sharedWith,
                        sharedGroup: sharedWith > 1 ? firstHolder[index] : nil, breachCount: breaches[index],
                        usernameInPassword: password.map {
                            AccountAssessment.usernameMatch(password: $0, username: account.username)
                        } ?? .none,
                        groups: groups.isEmpty ? [] : groups.groups(of: account.username),
                        passwordLength: password.map { $0.unicodeScalars.count }))
            }
        }
    }

    /// Each distinct NT hash once (in the order first seen) with its accounts' count and the first of them; each
    /// account's number among them, so that an account costs one table lookup.
    private static func numbered(_ accounts: [ExtractAccount]) -> (
        distinct: [NTDigest], holders: [Int], firstHolder: [Int], numbers: [Int]
    ) {
        var index = NTDigestIndex(capacity: accounts.count)
        var (holders, firstHolder, numbers) = ([Int](), [Int](), [Int]())
        numbers.reserveCapacity(accounts.count)
        for (ordinal, account) in accounts.enumerated() {
            let number = index.number(of: account.ntHash)
            if number == holders.count {
                holders.append(0)
                firstHolder.append(ordinal)
            }
            holders[number] += 1
            numbers.append(number)
        }
        return (index.digests, holders, firstHolder, numbers)
    }
}
