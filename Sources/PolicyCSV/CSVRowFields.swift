/// The mapped fields of one accepted row as UTF-8 bytes, borrowed from wherever the row is held (the reader's buffer,
/// a `RowBatch`): valid only as long as that holder says. The password is never copied out of it into a `String`
/// on the importer's ASCII path.
package struct CSVRowFields {
    /// The physical line on which the row starts.
    package var line: Int
    /// The candidate password (valid UTF-8, not empty).
    package var password: UnsafeRawBufferPointer
    /// The account name, for context rules.
    package var username: UnsafeRawBufferPointer?
    /// The e-mail address, for context rules.
    package var email: UnsafeRawBufferPointer?
    /// The submitter's identifier of the row.
    package var externalID: UnsafeRawBufferPointer?
    /// When the candidate was submitted, as given.
    package var submittedAt: UnsafeRawBufferPointer?

    /// The fields from their bytes; optional ones are nil when their column is absent or the field is empty.
    package init(
        line: Int, password: UnsafeRawBufferPointer, username: UnsafeRawBufferPointer? = nil,
        email: UnsafeRawBufferPointer? = nil, externalID: UnsafeRawBufferPointer? = nil,
        submittedAt: UnsafeRawBufferPointer? = nil
    ) {
        self.password = password
        self.line = line
        self.username = username
        self.email = email
        self.externalID = externalID
        self.submittedAt = submittedAt
    }
}
