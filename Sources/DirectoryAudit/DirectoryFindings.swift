import Foundation

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
        // Each distinct NT hash once (in the order first seen): its accounts' count, the first of them, its breach
        // count and its plaintext; each account's index among them, so that an account costs one dictionary lookup.
        var indexOfHash: [NTDigest: Int] = [:]
        indexOfHash.reserveCapacity(accounts.count)
        var distinct: [NTDigest] = []
        var holders: [Int] = []
        var firstHolder: [Int] = []
        var distinctIndex: [Int] = []
        distinctIndex.reserveCapacity(accounts.count)
        for (ordinal, account) in accounts.enumerated() {
            let next = distinct.count
            // The defaulted subscript's modify accessor stores `next` for a hash not seen yet: one lookup either way.
            let index = { (slot: inout Int) in slot }(&indexOfHash[account.ntHash, default: next])
            if index == next {
                distinct.append(account.ntHash)
                holders.append(0)
                firstHolder.append(ordinal)
            }
            holders[index] += 1
            distinctIndex.append(index)
        }
        indexOfHash = [:]
        let breaches = try breachCounts(distinct)
        precondition(breaches.count == distinct.count, "one breach count per distinct NT hash")
        let plaintexts = distinct.map { $0 == NTDigest.empty ? "" : potfile[$0] }
        // Each account's assessment on up to 4 threads: comparing a cracked password with its name lowercases both,
        // and a million accounts took half a second on one thread while the other core waited.
        let (count, holderCounts, firsts, indices) = (accounts.count, holders, firstHolder, distinctIndex)
        let threads = DirectoryImport.threads(for: count)
        let share = (count + threads - 1) / threads
        return [AccountAssessment](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let assessments = buffer  // each thread initializes its own range
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for ordinal in (thread * share)..<min(count, (thread + 1) * share) {
                    let (account, index) = (accounts[ordinal], indices[ordinal])
                    let sharedWith = holderCounts[index]
                    let password = plaintexts[index]
                    (assessments.baseAddress! + ordinal).initialize(
                        to: AccountAssessment(
                            cracked: password != nil, emptyPassword: account.ntHash == NTDigest.empty,
                            lmHash: account.lmHash != nil, sharedWith: sharedWith,
                            sharedGroup: sharedWith > 1 ? firsts[index] : nil, breachCount: breaches[index],
                            usernameInPassword: password.map {
                                AccountAssessment.usernameMatch(password: $0, username: account.username)
                            } ?? .none,
                            groups: groups.isEmpty ? [] : groups.groups(of: account.username),
                            passwordLength: password.map { $0.unicodeScalars.count }))
                }
            }
            initialized = count
        }
    }
}
