import PasswordStrength

extension CompiledPolicy {
    /// Whether any rule of the policy is a `strength` rule.
    public var hasStrengthRule: Bool {
        policy.rules.contains {
            if case .strength = $0.kind { return true }
            return false
        }
    }

    /// The user inputs zxcvbn ranks as their own list when this policy's `strength` rules estimate `candidate`: its
    /// username, its e-mail address and the organization a `banned-terms` rule names, in that order.
    public func strengthUserInputs(of candidate: Candidate) -> [String] {
        var inputs = [candidate.username, candidate.email].compactMap { $0 }
        let organization = policy.rules.lazy.compactMap { rule -> String? in
            if case .bannedTerms(let banned) = rule.kind { return banned.organization }
            return nil
        }.first
        if let organization { inputs.append(organization) }
        return inputs
    }

    /// zxcvbn's estimate of `candidate` with the user inputs a `strength` rule of this policy uses (whether or not
    /// the policy has one): the password as typed, as the rule scores it.
    public func strengthEstimate(
        of candidate: Candidate, estimator: StrengthEstimator = StrengthEstimator()
    ) -> StrengthEstimate {
        StrengthEstimateCount.current?.add()
        return estimator.estimate(candidate.password, userInputs: strengthUserInputs(of: candidate))
    }
}
