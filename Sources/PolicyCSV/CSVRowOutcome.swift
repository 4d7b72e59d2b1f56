/// What `CSVRowValidator` makes of one CSV record: a candidate to score, or a rejection.
///
/// `CandidateRow` and `RowRejection`, its two payloads, live in this file because they exist only as
/// outcomes of validation.
package enum CSVRowOutcome: Sendable {
    /// The row is well formed.
    case accepted(CandidateRow)
    /// The row is malformed; the reader goes on with the next one.
    case rejected(RowRejection)
}

/// A well-formed candidate password with its context, as read from one CSV row.
///
/// Optional fields are `nil` when their column is absent or the field is empty. Printing, interpolating
/// or dumping a row shows everything but the password.
package struct CandidateRow: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The physical line on which the row starts.
    package var line: Int
    /// The candidate password; never print or persist it.
    package var password: String
    /// The account name, for context rules.
    package var username: String?
    /// The e-mail address, for context rules.
    package var email: String?
    /// The submitter's identifier of the row.
    package var externalID: String?
    /// When the candidate was submitted, as given (ISO-8601 expected, not checked here).
    package var submittedAt: String?

    /// A row from its parts.
    package init(
        line: Int, password: String, username: String? = nil, email: String? = nil, externalID: String? = nil,
        submittedAt: String? = nil
    ) {
        self.line = line
        self.password = password
        self.username = username
        self.email = email
        self.externalID = externalID
        self.submittedAt = submittedAt
    }

    /// The row with its password redacted.
    package var description: String {
        "CandidateRow(line: \(line), password: <redacted>, username: \(username ?? "nil"), "
            + "email: \(email ?? "nil"), externalID: \(externalID ?? "nil"), submittedAt: \(submittedAt ?? "nil"))"
    }

    /// Same as `description`: the password stays out of debug output too.
    package var debugDescription: String { description }

    /// A mirror without the password, so `dump(_:)` cannot leak it.
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "line": line, "password": "<redacted>", "username": username as Any, "email": email as Any,
                "externalID": externalID as Any, "submittedAt": submittedAt as Any,
            ])
    }
}

/// A malformed row: where it starts and why it was set aside, never what it contains.
package struct RowRejection: Equatable, Sendable, CustomStringConvertible {
    /// The physical line on which the row starts.
    package var line: Int
    /// What is wrong with it.
    package var reason: RejectReason

    /// A rejection of the row starting on `line`.
    package init(line: Int, reason: RejectReason) {
        self.line = line
        self.reason = reason
    }

    /// `line 12: empty-password`.
    package var description: String { "line \(line): \(reason.rawValue)" }
}
