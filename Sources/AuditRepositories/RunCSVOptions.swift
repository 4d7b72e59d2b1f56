/// The CSV options a run's file was read with (schema 10): the column each field came from and the separator, so that
/// a rescore reads the file the same way; and (schema 14) how its times were read.
package struct RunCSVOptions: Equatable, Sendable {
    /// The password column's name.
    package var passwordColumn: String
    /// The username column's name (the default `username` when no option named it, whether or not the file has it).
    package var usernameColumn: String
    /// The e-mail column's name.
    package var emailColumn: String
    /// The row id column's name.
    package var idColumn: String
    /// The submission time column's name.
    package var timeColumn: String
    /// The field separator in use: `,`, `;` or a tab.
    package var delimiter: String
    /// The time layout as `--time-format` takes it (`""` when none was given: the shapes read automatically); nil for a
    /// run recorded before schema 14, whose time options are unknown.
    package var timeFormat: String?
    /// The IANA zone times without an offset were read in (`""` for UTC); nil for a run recorded before schema 14.
    package var timeZone: String?

    /// Options from their parts.
    package init(
        passwordColumn: String, usernameColumn: String, emailColumn: String, idColumn: String, timeColumn: String,
        delimiter: String, timeFormat: String? = nil, timeZone: String? = nil
    ) {
        self.passwordColumn = passwordColumn
        self.usernameColumn = usernameColumn
        self.emailColumn = emailColumn
        self.idColumn = idColumn
        self.timeColumn = timeColumn
        self.delimiter = delimiter
        self.timeFormat = timeFormat
        self.timeZone = timeZone
    }
}
