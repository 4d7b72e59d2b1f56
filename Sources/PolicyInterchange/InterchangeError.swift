/// Why a `pwquality.conf` file could not be read (the cases where libpwquality itself refuses the file).
package enum InterchangeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A line is longer than libpwquality reads (1,022 bytes before its newline).
    case confLineTooLong(line: Int)
    /// An integer setting's value is not a decimal integer strictly inside `int`'s range.
    case confBadInteger(line: Int, setting: String)

    /// One sentence naming the line (never its text beyond the setting's name).
    package var description: String {
        switch self {
        case .confLineTooLong(let line):
            return "line \(line) is longer than libpwquality reads (\(PwqualityConfParser.maximumLineLength) bytes)"
        case .confBadInteger(let line, let setting):
            return "line \(line): bad integer value of setting \(setting)"
        }
    }
}
