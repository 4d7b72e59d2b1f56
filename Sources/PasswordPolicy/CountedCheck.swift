/// A rule whose Unicode-mode verdict is one of the scan's counts against a range (length, require, max-repeat,
/// max-sequence), lowered once so the scoring loop tests it with two comparisons: no rule enum read, no switch over
/// every rule kind, no ``RuleCheck``. Verdicts equal ``RuleEvaluator/check(_:_:_:_:_:)``'s.
struct CountedCheck: Sendable {
    /// Which of the scan's counts the rule reads.
    enum Measure: Sendable {
        case length, longestRepeat, longestSequence
        /// ``ScanSummary/count(of:)`` of the class.
        case count(CharacterClass)
    }

    /// The rule's bit in the policy's failure mask.
    let bit: UInt64
    let measure: Measure
    /// The rule passes when the count lies in `minimum...maximum`.
    let minimum: Int
    let maximum: Int

    /// The counted form of rule `index`, or nil when its verdict needs more than a count.
    init?(_ rule: CompiledRule, index: Int) {
        bit = 1 << UInt64(index)
        switch rule {
        case .length(let min, let max): (measure, minimum, maximum) = (.length, min, max)
        case .require(let cls, let min): (measure, minimum, maximum) = (.count(cls), min, .max)
        case .maxRepeat(let max): (measure, minimum, maximum) = (.longestRepeat, .min, max)
        case .maxSequence(let max): (measure, minimum, maximum) = (.longestSequence, .min, max)
        default: return nil
        }
    }

    /// Whether the rule fails on a password with these counts.
    @inline(__always)
    func fails(_ summary: ScanSummary) -> Bool {
        let value =
            switch measure {
            case .length: summary.length
            case .longestRepeat: summary.longestRepeat
            case .longestSequence: summary.longestSequence
            case .count(let cls): summary.count(of: cls)
            }
        return value < minimum || value > maximum
    }
}
