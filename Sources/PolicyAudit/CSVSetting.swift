import PolicyCSV

/// One way a CSV file is read that a run records (`RunCSVOptions`): the column a field comes from, the separator, or
/// how its times are read.
package enum CSVSetting: Equatable, Sendable {
    /// The column `field` is read from.
    case column(CSVColumnMapping.Field)
    /// The field separator.
    case delimiter
    /// The layout of the submission times (`--time-format`).
    case timeFormat
    /// The zone of times without an offset (`--time-zone`).
    case timeZone

    /// What it is, in words: `the password column`, `the delimiter`.
    package var description: String {
        switch self {
        case .column(.password): "the password column"
        case .column(.username): "the username column"
        case .column(.email): "the e-mail column"
        case .column(.id): "the row id column"
        case .column(.submittedAt): "the submission time column"
        case .delimiter: "the delimiter"
        case .timeFormat: "the time format"
        case .timeZone: "the time zone"
        }
    }

    /// A recorded or given value of this setting as a message shows it: the empty text of the automatic time format is
    /// `auto`, that of the default zone `UTC`; any other value as it is.
    package func shown(_ value: String) -> String {
        switch (self, value.isEmpty) {
        case (.timeFormat, true): "auto"
        case (.timeZone, true): "UTC"
        default: value
        }
    }
}
