/// Whether the password is the only authenticator or one factor of several (kept, not evaluated).
public enum PolicyUsage: String, Sendable, Equatable {
    /// The password alone authenticates.
    case singleFactor = "single-factor"
    /// The password is one factor of a multi-factor login.
    case multiFactor = "multi-factor"
}
