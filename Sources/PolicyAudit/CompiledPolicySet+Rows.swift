import PasswordPolicy
import PolicyCSV

/// The one way an accepted CSV row is scored, for the import (`CandidateScorer`) and `RunRescore` alike.
extension CompiledPolicySet {
    /// Writes each policy's failure mask for `row` into `masks` (one per policy, in order), from the row's UTF-8
    /// bytes: the password, the username and the e-mail for `context` rules.
    func failureMasks(of row: CSVRowFields, into masks: UnsafeMutableBufferPointer<UInt64>) {
        failureMasks(
            password: row.password.assumingMemoryBound(to: UInt8.self),
            username: row.username?.assumingMemoryBound(to: UInt8.self),
            email: row.email?.assumingMemoryBound(to: UInt8.self), into: masks)
    }

    /// Writes each policy's breach count for `row`, already scored into `masks`, into `counts`: the largest count
    /// among the breach-corpus rules (`breachedRules`, `CompiledPolicy.breachedRuleMask` per policy) that refused
    /// the password, 0 when none did. Only a refused password is looked up again; only the count is kept.
    func breachCounts(
        of row: CSVRowFields, masks: [UInt64], breachedRules: [UInt64], into counts: inout [Int]
    ) {
        for index in masks.indices {
            let refused = masks[index] & breachedRules[index]
            counts[index] =
                refused == 0
                ? 0
                : policies[index].breachCount(
                    password: row.password.assumingMemoryBound(to: UInt8.self), rules: refused)
        }
    }
}
