/// Why a CSV row was set aside; the raw values are stable and go into the database and reports.
///
/// A reason names what is wrong, never the offending content.
package enum RejectReason: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The row has more or fewer fields than the header has columns.
    case fieldCount = "field-count"
    /// Some field of the row is not valid UTF-8.
    case invalidUTF8 = "invalid-utf8"
    /// The password field is empty.
    case emptyPassword = "empty-password"
    /// The password contains a NUL byte.
    case nulByte = "nul-byte"
    /// The password field is longer than `CSVRowValidator.maximumPasswordBytes` (however long: the reader stops keeping
    /// a field past `CSVReader.maximumFieldBytes`).
    case passwordTooLong = "password-too-long"
    /// The file ends inside a quoted field that was never closed.
    case unterminatedQuote = "unterminated-quote"
    /// With `--strict` only: the submission time is not a valid timestamp (see `SubmissionDay`). Without it the
    /// row is scored and its time counted as `time: invalid`.
    case invalidTime = "invalid-time"
    /// A field other than the password is longer than `CSVReader.maximumFieldBytes`; the reader did not keep it.
    case fieldTooLong = "field-too-long"

    /// One sentence for people.
    package var description: String {
        switch self {
        case .fieldCount: "the row does not have as many fields as the header has columns"
        case .invalidUTF8: "a field is not valid UTF-8"
        case .emptyPassword: "the password is empty"
        case .nulByte: "the password contains a NUL byte"
        case .passwordTooLong: "the password is longer than \(CSVRowValidator.maximumPasswordBytes) bytes"
        case .unterminatedQuote: "the file ends inside a quoted field that is never closed"
        case .invalidTime: "the submission time is not a valid ISO-8601 timestamp or date"
        case .fieldTooLong: "a field is longer than \(CSVReader.maximumFieldBytes) bytes"
        }
    }
}
