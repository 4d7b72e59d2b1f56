/// Why a CSV input is not UTF-8 text.
package enum CSVTextProblem: Sendable, Equatable, CustomStringConvertible {
    /// A UTF-16 byte order mark, or NUL bytes every other byte: UTF-16 text (`bigEndian` for `FE FF` order).
    case utf16(bigEndian: Bool)
    /// The first line holds a NUL byte, as binary files do.
    case nulByte(line: Int)
    /// The first line is not valid UTF-8 (a binary file, or a legacy encoding such as Latin-1).
    case invalidUTF8(line: Int)

    /// One actionable sentence.
    package var description: String {
        switch self {
        case .utf16(let bigEndian):
            "The file looks like UTF-16 (\(bigEndian ? "big" : "little")-endian) text; save it as UTF-8 CSV."
        case .nulByte(let line):
            "The CSV header (line \(line)) contains a NUL byte: this looks like a binary file, not a CSV; "
                + "export the data as UTF-8 CSV."
        case .invalidUTF8(let line):
            "The CSV header (line \(line)) is not valid UTF-8: the file is binary or in another encoding "
                + "(such as Latin-1); save it as UTF-8 CSV."
        }
    }
}
