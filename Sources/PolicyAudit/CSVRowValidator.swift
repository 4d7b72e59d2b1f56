#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns `CSVRecord`s into `CandidateRow`s or `RowRejection`s, using a header's column mapping.
///
/// Checks run in this order and the first failure is the reason: `unterminated-quote`, `field-count`,
/// `password-too-long`, `invalid-utf8` (any field, mapped or not), `nul-byte`, `empty-password`. A NUL
/// byte is only rejected in the password; whitespace-only passwords are accepted as typed.
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

    /// The header names an error may list: all of them when the first line looks like a header (it names at least
    /// one of the usual columns), none otherwise — a file without a header has a data row there, perhaps with a
    /// password in it, and an error message must never carry one.
    static func listableNames(of header: CSVHeader) -> [String] {
        let usual = CSVColumnMapping.Field.allCases.map(\.defaultColumnName)
        return usual.contains(where: { header.index(of: $0) != nil }) ? header.names : []
    }

    /// Resolves `mapping` against `header`.
    ///
    /// - Throws: `CSVImportError.missingColumn` when the password column, or an optional column whose
    ///   name was overridden, is not in the header.
    package init(header: CSVHeader, mapping: CSVColumnMapping = CSVColumnMapping()) throws(CSVImportError) {
        func resolve(_ field: CSVColumnMapping.Field) throws(CSVImportError) -> Int? {
            let name = mapping.columnName(for: field)
            if let index = header.index(of: name) { return index }
            if mapping.isRequired(field) { throw .missingColumn(name: name, found: Self.listableNames(of: header)) }
            return nil
        }
        self.header = header
        guard let password = try resolve(.password) else { throw .missingColumn(name: "password", found: []) }
        passwordIndex = password
        usernameIndex = try resolve(.username)
        emailIndex = try resolve(.email)
        idIndex = try resolve(.id)
        submittedAtIndex = try resolve(.submittedAt)
    }

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
        for index in 0..<record.fieldCount where !CSVUTF8.isValid(record[index]) {
            return .invalidUTF8
        }
        if let base = password.baseAddress, memchr(base, 0, password.count) != nil { return .nulByte }
        if password.isEmpty { return .emptyPassword }
        return nil
    }
}
