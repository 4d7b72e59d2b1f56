/// A password to evaluate, with the account facts the `context` rule compares it with.
public struct Candidate: Sendable {
    /// The password as typed.
    public var password: String
    /// The account's username, if known.
    public var username: String?
    /// The account's email address, if known.
    public var email: String?

    /// Creates a candidate.
    public init(password: String, username: String? = nil, email: String? = nil) {
        self.password = password
        self.username = username
        self.email = email
    }
}
