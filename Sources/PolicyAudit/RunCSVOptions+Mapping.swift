import AuditRepositories
import AuditTime
import Foundation
import PolicyCSV

/// A run's recorded CSV options as the reader's column mapping and dialect.
extension RunCSVOptions {
    /// The options of a file read with `mapping`, `delimiter` (the one given, or the one detected) and `timeReader`.
    package init(mapping: CSVColumnMapping, delimiter: CSVDialect.Delimiter, timeReader: TimeReader) {
        self.init(
            passwordColumn: mapping.columnName(for: .password), usernameColumn: mapping.columnName(for: .username),
            emailColumn: mapping.columnName(for: .email), idColumn: mapping.columnName(for: .id),
            timeColumn: mapping.columnName(for: .submittedAt), delimiter: Self.text(of: delimiter),
            timeFormat: timeReader.format.text, timeZone: Self.text(of: timeReader.zone))
    }

    /// The recorded time options as a reader; nil when the run recorded none (before schema 14). A layout or zone
    /// this build no longer reads falls back to its default.
    package var timeReader: TimeReader? {
        guard let timeFormat, let timeZone else { return nil }
        return TimeReader(
            format: (try? TimeFormat(parsing: timeFormat)) ?? .automatic,
            zone: timeZone.isEmpty ? nil : TimeZone(identifier: timeZone))
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

    /// The first setting that `mapping` (its overridden columns), `dialect` (a given separator), `timeFormat` or
    /// `timeZone` (given ones) asks to read otherwise than these options: the setting, the recorded value and the one
    /// given. Nil when every given option agrees (columns compare as a header compares names: trimmed, in any case;
    /// time options a run did not record agree with any).
    package func firstDifference(
        mapping: CSVColumnMapping, dialect: CSVDialect, timeFormat givenFormat: TimeFormat? = nil,
        timeZone givenZone: TimeZone? = nil
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
        if let givenFormat, let timeFormat, givenFormat.text != timeFormat {
            return (.timeFormat, CSVSetting.timeFormat.shown(timeFormat), CSVSetting.timeFormat.shown(givenFormat.text))
        }
        if let givenZone, let timeZone, case let given = Self.text(of: TimeReader(zone: givenZone).zone),
            given != timeZone
        {
            return (.timeZone, CSVSetting.timeZone.shown(timeZone), CSVSetting.timeZone.shown(given))
        }
        return nil
    }

    /// Whether a file read with these options and with `other` is read alike: the same columns (compared as a header
    /// compares names: trimmed, in any case), the same separator, the same time format and the same zone (time options
    /// unknown on either side, a run from before schema 14, agree). A file imported again under another mapping,
    /// delimiter, time format or time zone is a new import, not "already imported".
    package func readsAlike(_ other: RunCSVOptions) -> Bool {
        func agree(_ a: String?, _ b: String?) -> Bool { a == nil || b == nil || a == b }
        return CSVColumnMapping.Field.allCases.allSatisfy {
            CSVHeader.sameColumn(columnName(for: $0), other.columnName(for: $0))
        } && delimiter == other.delimiter && agree(timeFormat, other.timeFormat) && agree(timeZone, other.timeZone)
    }

    /// A zone as recorded: its IANA name, `""` for UTC (nil).
    static func text(of zone: TimeZone?) -> String { zone?.identifier ?? "" }

    /// `,`, `;` or a tab.
    static func text(of delimiter: CSVDialect.Delimiter) -> String {
        String(UnicodeScalar(delimiter.rawValue))
    }
}
