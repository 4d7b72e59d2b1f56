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
            if !evaluator.preparesPassword {
                return evaluator.tuningFeatures(
                    scan: PwqualityScan(candidate.password, needs: evaluator.scanNeeds), candidate)
            }
            return evaluator.withPrepared(candidate.password) { evaluator.tuningFeatures($0, candidate, scan) }
        }
    }
}

extension RuleEvaluator {
    /// The candidate's tuning features, from the prepared password and its pwquality scan (in that mode), counted as
    /// ``check(_:_:_:_:_:)`` counts. Both are borrowed: a `PreparedPassword` copied (into an optional, say) is two
    /// `memcpy`s a policy a row.
    @inline(__always)
    func tuningFeatures(_ prepared: borrowing PreparedPassword, _ candidate: CandidateBytes, _ scan: PwqualityScan?)
        -> TuningFeatures
    {
        if let scan { return tuningFeatures(scan: scan, candidate) }
        return tuningFeatures(prepared: prepared)
    }

    /// The features in `pwquality` mode: the password's bytes, classes and credits as `PwqualityScan` counts them.
    @inline(__always)
    func tuningFeatures(scan: PwqualityScan, _ candidate: CandidateBytes) -> TuningFeatures {
        // Bits in `CharacterClass.allCases` order, written out: `allCases` is an array built at each use.
        let (upper, lower, digit, other) = scan.counts
        var classes: UInt8 = 0
        if upper > 0 { classes |= 1 }
        if lower > 0 { classes |= 2 }
        if digit > 0 { classes |= 4 }
        if other > 0 { classes |= 8 }
        if upper + lower > 0 { classes |= 16 }
        if other > 0, scan.count(.space) > 0 { classes |= 32 }
        return TuningFeatures(length: countedLength(candidate.password.count) { scan.count($0) }, classes: classes)
    }

    /// The features in `unicode` and `apple` mode, from the prepared password's scan.
    @inline(__always)
    func tuningFeatures(prepared: PreparedPassword) -> TuningFeatures {
        var classes: UInt8 = 0
        if mode == .apple {
            if classCount(.upper, prepared) > 0 { classes |= 1 }
            if classCount(.lower, prepared) > 0 { classes |= 2 }
            if classCount(.digit, prepared) > 0 { classes |= 4 }
            if classCount(.special, prepared) > 0 { classes |= 8 }
            if classCount(.letter, prepared) > 0 { classes |= 16 }
            if classCount(.space, prepared) > 0 { classes |= 32 }
        } else {
            if prepared.summary.upper > 0 { classes |= 1 }
            if prepared.summary.lower > 0 { classes |= 2 }
            if prepared.summary.digit > 0 { classes |= 4 }
            if prepared.summary.special > 0 { classes |= 8 }
            if prepared.summary.upper + prepared.summary.lower + prepared.summary.otherLetter > 0 { classes |= 16 }
            if prepared.summary.space > 0 { classes |= 32 }
        }
        let length = countedLength(prepared.summary.length) { classCount($0, prepared) }
        return TuningFeatures(length: length, classes: classes)
    }

    /// `length` as the first length rule counts it: 0 over its maximum, else plus the credits earned.
    @inline(__always)
    private func countedLength(_ length: Int, count: (CharacterClass) -> Int) -> Int {
        guard let rule = tuningLengthRule else { return length }
        if length > rule.max { return 0 }
        // The credits earned: what `requiredLength` takes off a minimum of 0.
        return rule.credits == 0 ? length : length - CreditLanes.requiredLength(0, rule.credits, count: count)
    }

    /// Whether this evaluator reads tuning features as `other` does (same mode, normalization and length rule's
    /// maximum and credits), so one's features serve both.
    func readsTuningFeatures(as other: RuleEvaluator) -> Bool {
        mode == other.mode && normalization == other.normalization
            && tuningLengthRule?.max == other.tuningLengthRule?.max
            && tuningLengthRule?.credits == other.tuningLengthRule?.credits
            && (tuningLengthRule == nil) == (other.tuningLengthRule == nil)
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

extension PasswordPolicy {
    /// Whether the features pwaudit stores of every candidate (its length in Unicode scalars after NFKC and its
    /// character-class counts by general category) decide this policy's ``TuningFeatures`` exactly: true in `unicode`
    /// mode with NFKC normalization when its first `length` rule, if any, earns no credits, so that its engine reads
    /// tuning features as the stored ones are counted (``RuleEvaluator/readsTuningFeatures(as:)``). Its features then
    /// follow from the stored ones and ``tuningLengthMaximum``: a stored length over it is 0, any other is itself.
    public var readsStoredTuningFeatures: Bool {
        guard evaluation == .unicode, normalization == .nfkc else { return false }
        guard let rule = firstLengthRule else { return true }
        return rule.credits.isEmpty
    }

    /// The maximum of the policy's first `length` rule (`Int.max` when it sets none); nil without a length rule.
    public var tuningLengthMaximum: Int? {
        firstLengthRule.map { $0.max ?? .max }
    }

    private var firstLengthRule: (max: Int?, credits: LengthCredits)? {
        for rule in rules {
            if case .length(_, let max, let credits) = rule.kind { return (max, credits) }
        }
        return nil
    }
}
