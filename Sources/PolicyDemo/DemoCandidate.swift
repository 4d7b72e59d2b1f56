/// One row of the demo sample: a made-up person's candidate password and its context.
///
/// Printing or dumping a candidate shows everything but the password.
package struct DemoCandidate: Equatable, Sendable, CustomStringConvertible, CustomReflectable {
    /// The row number, from 1.
    package var id: Int
    /// The made-up account name.
    package var username: String
    /// The made-up e-mail address (reserved example domains only).
    package var email: String
    /// The candidate password.
    package var password: String
    /// When it was submitted, ISO-8601 UTC (`2025-03-14T15:09:26Z`).
    package var submittedAt: String
    /// Which kind of password it is, for explaining the demo's results.
    package var category: DemoCategory

    /// A candidate from its parts.
    package init(
        id: Int, username: String, email: String, password: String, submittedAt: String, category: DemoCategory
    ) {
        self.id = id
        self.username = username
        self.email = email
        self.password = password
        self.submittedAt = submittedAt
        self.category = category
    }

    /// The candidate with its password redacted.
    package var description: String {
        "DemoCandidate(id: \(id), username: \(username), email: \(email), password: <redacted>, "
            + "submittedAt: \(submittedAt), category: \(category.rawValue))"
    }

    /// A mirror without the password.
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "id": id, "username": username, "email": email, "password": "<redacted>", "submittedAt": submittedAt,
                "category": category,
            ])
    }
}
