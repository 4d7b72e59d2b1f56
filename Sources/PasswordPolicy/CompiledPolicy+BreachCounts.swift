extension CompiledPolicy {
    /// Bit `i` set when rule `i` looks passwords up in a breach corpus (a `blocklist` naming `hibp:` or
    /// `hibp-ntlm:`); 0 for a policy without one.
    public var breachedRuleMask: UInt64 {
        var mask: UInt64 = 0
        for index in evaluator.rules.indices {
            if case .breached = evaluator.rules[index] { mask |= 1 << UInt64(index) }
        }
        return mask
    }

    /// The largest breach count among the breach-corpus rules in `rules` (a subset of ``breachedRuleMask``, as a
    /// failure mask shows them), for a password given as UTF-8 bytes: the same lookup those rules made, repeated
    /// for the candidates they refused only, so a report can bucket them by how often they were seen.
    ///
    /// Returns 0 when `rules` names no breach-corpus rule; no corpus is searched then.
    public func breachCount(password: UnsafeBufferPointer<UInt8>, rules: UInt64) -> Int {
        var bits = rules
        var largest = 0
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits &- 1
            guard index < evaluator.rules.count, case .breached(let source, _) = evaluator.rules[index] else {
                continue
            }
            let seen = withExtendedLifetime(program) {
                Self.occurrences(in: evaluator.sources[source].source, password, evaluator.normalization)
            }
            largest = Swift.max(largest, seen)
        }
        return largest
    }

    /// The corpus's count for the password after `normalization` (not case-folded), as the rule looks it up.
    private static func occurrences(
        in source: any BlocklistSource, _ password: UnsafeBufferPointer<UInt8>, _ normalization: Normalization
    ) -> Int {
        if !password.contains(where: { $0 >= 0x80 }) { return source.occurrences(of: password) }
        let normalized = PasswordNormalizer.normalized(String(decoding: password, as: UTF8.self), normalization)
        return Array(normalized.utf8).withUnsafeBufferPointer { source.occurrences(of: $0) }
    }
}
