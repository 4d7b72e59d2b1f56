/// The parsed form of a `pattern` rule's regular expression, before it becomes an automaton.
indirect enum PatternNode: Sendable, Equatable {
    /// Matches the empty string.
    case empty
    /// One exact scalar.
    case scalar(UInt32)
    /// One scalar of a class.
    case set(PatternClass)
    /// `.`: any scalar, or any but a line terminator unless `(?s)` is on.
    case any(dotAll: Bool)
    /// A zero-width test.
    case assertion(PatternAssertion)
    /// The items one after the other.
    case concatenation([PatternNode])
    /// Any one of the branches.
    case alternation([PatternNode])
    /// The node `min` to `max` times (`max` `nil`: no upper bound).
    case repetition(PatternNode, min: Int, max: Int?)

    /// Whether every match of this node must start at the start of the input (a leading `^` or `\A`).
    var isAnchoredAtStart: Bool {
        switch self {
        case .assertion(.start): return true
        case .concatenation(let items):
            for item in items {
                if item.isAnchoredAtStart { return true }
                switch item {
                case .assertion, .empty: continue
                default: return false
                }
            }
            return false
        case .alternation(let branches): return !branches.isEmpty && branches.allSatisfy(\.isAnchoredAtStart)
        case .repetition(let node, let min, _): return min > 0 && node.isAnchoredAtStart
        default: return false
        }
    }
}

/// A zero-width test of a `pattern` rule.
enum PatternAssertion: UInt32, Sendable, Equatable {
    /// `^`, `\A`: the start of the password.
    case start
    /// `$`, `\z`: the very end of the password.
    case end
    /// `\b`: a `\w` scalar on one side and none (or a non-`\w` one) on the other.
    case wordBoundary
    /// `\B`: not a word boundary.
    case notWordBoundary
}

/// Why a `pattern` rule's regular expression is refused; `reason` is a sentence fragment about the pattern only.
package struct PatternError: Error, Equatable {
    /// What is wrong and what to write instead, e.g. "backreferences are not supported (\1 at offset 4)".
    package var reason: String

    /// A refusal saying `reason`.
    package init(reason: String) { self.reason = reason }
}
