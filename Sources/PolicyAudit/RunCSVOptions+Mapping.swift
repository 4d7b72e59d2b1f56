import AuditRepositories
import PolicyCSV

/// A run's recorded CSV options as the reader's column mapping and dialect.
extension RunCSVOptions {
    /// The options of a file read with `mapping` and `delimiter` (the one given, or the one detected).
    package init(mapping: CSVColumnMapping, delimiter: CSVDialect.Delimiter) {
        self.init(
            passwordColumn: mapping.columnName(for: .password), usernameColumn: mapping.columnName(for: .username),
            emailColumn: mapping.columnName(for: .email), idColumn: mapping.columnName(for: .id),
            timeColumn: mapping.columnName(for: .submittedAt), delimiter: Self.text(of: delimiter))
    }

    /// The column `field` was read from.
    package func columnName(for field: CSVColumnMapping.Field) -> String {
        switch field {
        case .password: passwordColumn
        case .username: usernameColumn
        case .email: emailColumn
        case .id: idColumn
        case .submittedAt: timeColumn
        }
    }

    /// The mapping that reads the same columns: a column that is not its field's default was named by an option,
    /// and so is required again; a default one is read when present, as at the import.
    package var mapping: CSVColumnMapping {
        var mapping = CSVColumnMapping()
        for field in CSVColumnMapping.Field.allCases where columnName(for: field) != field.defaultColumnName {
            mapping = mapping.overriding(field, with: columnName(for: field))
        }
        return mapping
    }

    /// The recorded separator as a fixed dialect (detected again if the stored text is none of the three).
    package var dialect: CSVDialect {
        CSVDialect(delimiter: CSVDialect.Delimiter.allCases.first { Self.text(of: $0) == delimiter })
    }

    /// The first setting that `mapping` (its overridden columns) or `dialect` (a given separator) asks to read
    /// otherwise than these options: the setting, the recorded value and the one given. Nil when every given option
    /// agrees (columns compare as a header compares names: trimmed, in any case).
    package func firstDifference(
        mapping: CSVColumnMapping, dialect: CSVDialect
    ) -> (setting: CSVSetting, recorded: String, given: String)? {
        for field in CSVColumnMapping.Field.allCases {
            guard let given = mapping.overrides[field], !CSVHeader.sameColumn(given, columnName(for: field)) else {
                continue
            }
            return (.column(field), columnName(for: field), given)
        }
        if let given = dialect.delimiter, Self.text(of: given) != delimiter {
            return (.delimiter, delimiter, Self.text(of: given))
        }
        return nil
    }

    /// Whether a file read with these options and with `other` is read alike: the same columns (compared as a header
    /// compares names: trimmed, in any case) and the same separator. A file imported again under another mapping or
    /// delimiter is a new import, not "already imported".
    package func readsAlike(_ other: RunCSVOptions) -> Bool {
        CSVColumnMapping.Field.allCases.allSatisfy {
            CSVHeader.sameColumn(columnName(for: $0), other.columnName(for: $0))
        } && delimiter == other.delimiter
    }

    /// `,`, `;` or a tab.
    static func text(of delimiter: CSVDialect.Delimiter) -> String {
        String(UnicodeScalar(delimiter.rawValue))
    }
}
