import PasswordStrength

/// The context rule's answers already computed for one candidate, keyed by field and minimum token length, so
/// policies evaluated together over one preparation (``CompiledPolicySet``) search the password once per question;
/// and the `strength` rules' estimate, made once for every such rule of the same user inputs.
struct ContextAnswers {
    /// The last estimate a `strength` rule made, with the organization it used as a user input.
    private(set) var strength: (organization: String?, estimate: StrengthEstimate)?

    /// The estimate for `organization` (the candidate's own inputs are the same for every rule), made with `compute`
    /// when none was made for it yet.
    @inline(__always)
    mutating func strength(organization: String?, _ compute: () -> StrengthEstimate) -> StrengthEstimate {
        if let strength, strength.organization == organization { return strength.estimate }
        let estimate = compute()
        strength = (organization, estimate)
        return estimate
    }

    // Four entries cover every policy set seen in practice; further questions are simply recomputed.
    private var keys: (Int, Int, Int, Int) = (-1, -1, -1, -1)
    private var values: (Bool, Bool, Bool, Bool) = (false, false, false, false)
    private var count = 0

    /// The answer remembered for `field` and `minToken`, or nil when none was.
    @inline(__always)
    func known(field: ContextField, minToken: Int) -> Bool? {
        let key = Self.key(field, minToken)
        if count > 0, keys.0 == key { return values.0 }
        if count > 1, keys.1 == key { return values.1 }
        if count > 2, keys.2 == key { return values.2 }
        if count > 3, keys.3 == key { return values.3 }
        return nil
    }

    /// Remembers `value` as the answer for `field` and `minToken` (asked by ``known(field:minToken:)`` first).
    @inline(__always)
    mutating func remember(_ value: Bool, field: ContextField, minToken: Int) {
        let key = Self.key(field, minToken)
        switch count {
        case 0: (keys.0, values.0) = (key, value)
        case 1: (keys.1, values.1) = (key, value)
        case 2: (keys.2, values.2) = (key, value)
        case 3: (keys.3, values.3) = (key, value)
        default: return
        }
        count += 1
    }

    private static func key(_ field: ContextField, _ minToken: Int) -> Int {
        minToken &* 2 &+ (field == .email ? 1 : 0)
    }
}
