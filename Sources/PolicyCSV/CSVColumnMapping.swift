/// Which CSV columns hold the candidate's password and its optional context.
///
/// Each field has a default column name (`password`, `username`, `email`, `id`, `submitted_at`) that can
/// be overridden. The password column is always required. An optional field whose column is absent is
/// simply left empty, unless its name was overridden: asking for a column by name makes it required.
package struct CSVColumnMapping: Equatable, Sendable {
    /// A field of a `CandidateRow` that comes from a CSV column.
    package enum Field: String, CaseIterable, Sendable {
        /// The candidate password (required).
        case password
        /// The account name, used for context rules.
        case username
        /// The e-mail address, used for context rules.
        case email
        /// The submitter's own identifier of the row.
        case id
        /// When the candidate was submitted, ISO-8601 text.
        case submittedAt = "submitted_at"

        /// The column name used when no override is given.
        package var defaultColumnName: String { rawValue }
    }

    /// Column names that replace the defaults, by field.
    package private(set) var overrides: [Field: String]

    /// A mapping with the default names, changed by `overrides`.
    package init(overrides: [Field: String] = [:]) {
        self.overrides = overrides
    }

    /// The column name that holds `field`.
    package func columnName(for field: Field) -> String {
        overrides[field] ?? field.defaultColumnName
    }

    /// Whether a header without the column for `field` is an error.
    package func isRequired(_ field: Field) -> Bool {
        field == .password || overrides[field] != nil
    }

    /// A copy that reads `field` from the column called `name`.
    package func overriding(_ field: Field, with name: String) -> CSVColumnMapping {
        var copy = self
        copy.overrides[field] = name
        return copy
    }
}
