/// Why a policy could not be parsed or compiled.
public enum PolicyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The policy file is not syntactically valid JSON.
    case malformedJSON(reason: String)
    /// A value at `path` (such as `rules[3].min`) breaks the policy format.
    case invalid(path: String, reason: String)

    /// One sentence naming the faulty key path and what to change.
    public var description: String {
        switch self {
        case .malformedJSON(let reason): return "policy is not valid JSON: \(reason)"
        case .invalid(let path, let reason): return "\(path): \(reason)"
        }
    }
}
