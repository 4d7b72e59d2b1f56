import AuditTime

/// Turns `CSVRecord`s into `CandidateRow`s or `RowRejection`s, using a header's column mapping.
///
/// Checks run in this order and the first failure is the reason: `unterminated-quote`, `field-count`,
/// `password-too-long`, `field-too-long` (any field, mapped or not, over `CSVReader.maximumFieldBytes`),
/// `invalid-utf8` (any field, mapped or not), `nul-byte`, `empty-password`, and with
/// `rejectsInvalidTime` `invalid-time`. A NUL byte is only rejected in the password; whitespace-only passwords are
/// accepted as typed.
package struct CSVRowValidator: Sendable {
    /// The longest password field accepted, in bytes (after unquoting).
    package static let maximumPasswordBytes = 1024

    /// The header rows are checked against.
    package let header: CSVHeader
    private let passwordIndex: Int
    private let usernameIndex: Int?
    private let emailIndex: Int?
    private let idIndex: Int?
    private let submittedAtIndex: Int?
    /// Whether a submission time that is present but not a valid timestamp rejects the row (`--strict`); when false
    /// the row is accepted and its time counted as invalid.
    package var rejectsInvalidTime = false
    /// How the submission times are read when `rejectsInvalidTime` checks them (the import's `--time-format` and
    /// `--time-zone`).
    package var timeReader = TimeReader.standard

    /// Accepts `firstLine` as the header when it names the mapping's password column, then resolves the mapping.
    ///
    /// - Throws: `CSVImportError.notAHeader` when the first line has no password column (it is then taken for a
    ///   data row, and no error names its fields); else as `init(header:mapping:)`.
    package init(firstLine: CSVFirstLine, mapping: CSVColumnMapping = CSVColumnMapping()) throws(CSVImportError) {
        let header = try CSVHeader(accepting: firstLine, passwordColumn: mapping.columnName(for: .password))
        try self.init(header: header, mapping: mapping)
    }

    /// Resolves `mapping` against `header`.
    ///
    /// A repeated column name is refused only when the mapping reads that column: the file is then ambiguous. Other
    /// repeated names (two `notes`, the empty names of trailing delimiters) are never read, so they are let be.
    /// - Throws: `CSVImportError.duplicateColumn` for a mapped column that appears twice; `.missingColumn` when the
    ///   password column, or an optional column whose name was overridden, is not in the header.
    package init(header: CSVHeader, mapping: CSVColumnMapping = CSVColumnMapping()) throws(CSVImportError) {
        func resolve(_ field: CSVColumnMapping.Field) throws(CSVImportError) -> Int? {
            let name = mapping.columnName(for: field)
            let positions = header.positions(of: name)
            if positions.count > 1 {
                throw .duplicateColumn(name: name, positions: positions.map { $0 + 1 }, header: header)
            }
            if let index = positions.first { return index }
            if mapping.isRequired(field) { throw .missingColumn(name: name, header: header) }
            return nil
        }
        self.header = header
        guard let password = try resolve(.password) else {
            throw .missingColumn(name: mapping.columnName(for: .password), header: header)
        }
        passwordIndex = password
        usernameIndex = try resolve(.username)
        emailIndex = try resolve(.email)
        idIndex = try resolve(.id)
        submittedAtIndex = try resolve(.submittedAt)
    }

    /// Which context fields the file has a column for (a `context` rule can only compare what is there).
    package var hasColumn: (username: Bool, email: Bool) { (usernameIndex != nil, emailIndex != nil) }

    /// Whether the file has the submission time column.
    package var hasTimeColumn: Bool { submittedAtIndex != nil }

    /// Validates one record; never throws, never keeps the record's bytes in a rejection.
    package func validate(_ record: CSVRecord) -> CSVRowOutcome {
        if let rejection = rejection(of: record) { return .rejected(rejection) }
        let fields = fields(of: record)
        func text(_ bytes: UnsafeRawBufferPointer?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
        return .accepted(
            CandidateRow(
                line: record.line, password: String(decoding: fields.password, as: UTF8.self),
                username: text(fields.username), email: text(fields.email), externalID: text(fields.externalID),
                submittedAt: text(fields.submittedAt)))
    }

    /// Why `record` is rejected, or nil when it is accepted.
    package func rejection(of record: CSVRecord) -> RowRejection? {
        rejectionReason(for: record).map { RowRejection(line: record.line, reason: $0) }
    }

    /// The mapped fields of an accepted record (see `rejection(of:)`), as bytes valid until the reader moves on;
    /// an optional column that is absent or empty is nil.
    package func fields(of record: CSVRecord) -> CSVRowFields {
        func optional(_ index: Int?) -> UnsafeRawBufferPointer? {
            guard let index, !record[index].isEmpty else { return nil }
            return record[index]
        }
        return CSVRowFields(
            line: record.line, password: record[passwordIndex], username: optional(usernameIndex),
            email: optional(emailIndex), externalID: optional(idIndex), submittedAt: optional(submittedAtIndex))
    }

    private func rejectionReason(for record: CSVRecord) -> RejectReason? {
        if record.endsInsideQuotes { return .unterminatedQuote }
        if record.fieldCount != header.count { return .fieldCount }
        let password = record[passwordIndex]
        if password.count > Self.maximumPasswordBytes { return .passwordTooLong }
        if record.hasOversizedField { return record.isOversized(passwordIndex) ? .passwordTooLong : .fieldTooLong }
        for index in 0..<record.fieldCount where !CSVUTF8.isValid(record[index]) {
            return .invalidUTF8
        }
        if let base = password.baseAddress, Platform.containsNUL(base, count: password.count) { return .nulByte }
        if password.isEmpty { return .emptyPassword }
        if rejectsInvalidTime, let submittedAtIndex,
            SubmissionDay.number(record[submittedAtIndex], reader: timeReader) == SubmissionDay.invalid
        {
            return .invalidTime
        }
        return nil
    }
}
