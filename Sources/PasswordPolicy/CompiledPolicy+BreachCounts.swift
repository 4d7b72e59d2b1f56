extension CompiledPolicy {
    /// Bit `i` set when rule `i` looks passwords up in a breach corpus (a `blocklist` naming `hibp:` or
    /// `hibp-ntlm:`); 0 for a policy without one. A batch scorer asks for breach counts
    /// (`CompiledPolicySet.failureMasks(password:username:email:into:breachCounts:)`) only when some policy has one.
    public var breachedRuleMask: UInt64 {
        var mask: UInt64 = 0
        for index in evaluator.rules.indices {
            if case .breached = evaluator.rules[index] { mask |= 1 << UInt64(index) }
        }
        return mask
    }
}
