import PasswordPolicy
import PolicyCSV

/// The one way an accepted CSV row is scored, for the import (`CandidateScorer`) and `RunRescore` alike.
extension CompiledPolicySet {
    /// Writes each policy's failure mask for `row` into `masks` (one per policy, in order), from the row's UTF-8
    /// bytes: the password, the username and the e-mail for `context` rules. With `breachCounts`, also each policy's
    /// breach count: the largest count among its breach-corpus rules that refused the password, 0 when none did.
    /// With `features`, also each policy's tuning features of the row.
    func failureMasks(
        of row: CSVRowFields, into masks: UnsafeMutableBufferPointer<UInt64>,
        breachCounts: UnsafeMutableBufferPointer<Int>? = nil,
        features: UnsafeMutableBufferPointer<TuningFeatures>? = nil
    ) {
        failureMasks(
            password: row.password.assumingMemoryBound(to: UInt8.self),
            username: row.username?.assumingMemoryBound(to: UInt8.self),
            email: row.email?.assumingMemoryBound(to: UInt8.self), into: masks, breachCounts: breachCounts,
            features: features)
    }
}
