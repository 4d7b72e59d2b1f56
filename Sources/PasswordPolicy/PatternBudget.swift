import PolicyPattern

/// The automaton states one policy's `pattern` rules may use, together and each.
///
/// Matching costs at most a few table operations per automaton state per scalar of the password
/// (``PatternMatcher``), so capping the states of all of a policy's patterns together caps the time any
/// password can take against the policy, whatever its patterns: about 3 µs per state per 1,024 scalars in a
/// release build, 5.5 µs when every state tests a many-range class of its own (bench/regex.sh), so the worst
/// accepted policy costs a few milliseconds per 1 KiB password. Real password patterns need tens of states: `(.*a){12}`
/// needs 49, `^.{12,128}$` 247.
struct PatternBudget {
    /// The most states one pattern may compile to (its match state included).
    static let statesPerRule = PatternMatcher.maximumStates
    /// The most states all of one policy's patterns may compile to together.
    static let statesPerPolicy = 1_000

    /// States charged so far.
    private(set) var used = 0

    /// Compiles `regex`, the pattern at `path` (`rules[i].regex`), and charges its states to the policy.
    ///
    /// - Throws: ``PolicyError/invalid(path:reason:)`` at `path` when `regex` is outside the syntax, needs more
    ///   than ``statesPerRule`` states, or would take the policy's patterns past ``statesPerPolicy`` together.
    mutating func admit(_ regex: String, path: String) throws(PolicyError) -> PatternMatcher {
        let matcher: PatternMatcher
        do {
            matcher = try PatternMatcher(regex)
        } catch {
            throw .invalid(path: path, reason: error.reason)
        }
        guard used + matcher.stateCount <= Self.statesPerPolicy else {
            throw .invalid(
                path: path,
                reason: "the policy's patterns need more than \(Self.statesPerPolicy) automaton states together "
                    + "(this one needs \(matcher.stateCount)); simplify the patterns")
        }
        used += matcher.stateCount
        return matcher
    }
}
