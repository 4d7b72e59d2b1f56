/// What tuning a policy needs of one candidate, read as that policy's rules read it: the length its `length` rule
/// compares with its minimum and the character classes present, so that a variant of the policy with another minimum
/// length or other class rules is decided without the password.
///
/// `length` is the length in the policy's unit (Unicode scalars after its normalization; UTF-8 bytes in `pwquality`
/// mode) plus the credits its first `length` rule's `credits` earn, as that rule counts them; 0 when the candidate is
/// longer than that rule's maximum, which no minimum passes. `classes` holds bit `i` when the candidate has a character
/// of ``CharacterClass``'s case `i` (in `allCases` order) as the policy's mode counts it for `require` and `classes`.
public struct TuningFeatures: Sendable, Equatable, Hashable {
    /// The length the policy's length rule compares with its minimum (credits included); 0 when over its maximum.
    public var length: Int
    /// Bit `i`: a character of `CharacterClass.allCases[i]` is present.
    public var classes: UInt8

    /// Creates features.
    public init(length: Int, classes: UInt8) {
        self.length = length
        self.classes = classes
    }

    /// The bit of `cls` in ``classes``.
    public static func bit(of cls: CharacterClass) -> UInt8 {
        1 << UInt8(CharacterClass.allCases.firstIndex(of: cls)!)
    }

    /// Whether the candidate has a character of `cls`.
    public func has(_ cls: CharacterClass) -> Bool { classes & Self.bit(of: cls) != 0 }

    /// How many of `classes` are present.
    public func count(of classes: [CharacterClass]) -> Int { classes.filter(has).count }
}

extension CompiledPolicy {
    /// The candidate's tuning features under this policy (see ``TuningFeatures``): the same counts its rules make.
    public func tuningFeatures(_ candidate: Candidate) -> TuningFeatures {
        candidate.withBytes { candidate in
            let scan = evaluator.pwqualityScan(of: candidate)
            if !evaluator.preparesPassword { return evaluator.tuningFeatures(nil, candidate, scan) }
            return evaluator.withPrepared(candidate.password) { evaluator.tuningFeatures($0, candidate, scan) }
        }
    }
}

extension RuleEvaluator {
    /// The candidate's tuning features, from the prepared password (nil for a policy whose rules all read bytes) and
    /// its pwquality scan (in that mode), counted as ``check(_:_:_:_:_:)`` counts.
    @inline(__always)
    func tuningFeatures(_ prepared: PreparedPassword?, _ candidate: CandidateBytes, _ scan: PwqualityScan?)
        -> TuningFeatures
    {
        @inline(__always) func count(_ cls: CharacterClass) -> Int {
            if let scan { return scan.count(cls) }
            return classCount(cls, prepared!)
        }
        var classes: UInt8 = 0
        for (bit, cls) in CharacterClass.allCases.enumerated() where count(cls) > 0 { classes |= 1 << UInt8(bit) }
        let length = scan != nil ? candidate.password.count : prepared!.summary.length
        var counted = length
        if let rule = tuningLengthRule {
            if length > rule.max { return TuningFeatures(length: 0, classes: classes) }
            // The credits earned: what `requiredLength` takes off a minimum of 0.
            if rule.credits != 0 { counted = length - CreditLanes.requiredLength(0, rule.credits, count: count) }
        }
        return TuningFeatures(length: counted, classes: classes)
    }
}

/// The first `length` rule of a policy as tuning reads it: its minimum, maximum and packed credits (``CreditLanes``).
struct TuningLengthRule: Sendable {
    var min: Int
    var max: Int
    var credits: UInt64

    /// The first `length` rule among `rules`, if any.
    init?(_ rules: [CompiledRule]) {
        for rule in rules {
            switch rule {
            case .length(let min, let max):
                self.init(min: min, max: max, credits: 0)
                return
            case .creditedLength(let min, let max, let credits):
                self.init(min: min, max: max, credits: credits)
                return
            default: continue
            }
        }
        return nil
    }

    init(min: Int, max: Int, credits: UInt64) {
        self.min = min
        self.max = max
        self.credits = credits
    }
}
