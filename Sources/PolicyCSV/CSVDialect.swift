/// How a CSV file separates its fields; everything else follows RFC 4180 (`"` quotes, `""` escapes).
package struct CSVDialect: Equatable, Sendable {
    /// The field separators pwaudit understands.
    package enum Delimiter: UInt8, CaseIterable, Sendable {
        /// `,` — RFC 4180.
        case comma = 0x2C
        /// `;` — what spreadsheets write in locales whose decimal separator is a comma.
        case semicolon = 0x3B
        /// A horizontal tab (TSV).
        case tab = 0x09
    }

    /// The separator to use, or `nil` to detect it from the header line.
    package var delimiter: Delimiter?

    /// A dialect with a fixed separator, or one that detects it when `delimiter` is `nil`.
    package init(delimiter: Delimiter? = nil) {
        self.delimiter = delimiter
    }

    /// Picks the separator that occurs most often outside quotes in `headerLine`; ties and a header
    /// without any separator (a single column) resolve in the order comma, semicolon, tab.
    package static func detectDelimiter(in headerLine: UnsafeRawBufferPointer) -> Delimiter {
        var counts = [0, 0, 0]
        var inQuotes = false
        for byte in headerLine {
            switch byte {
            case 0x22: inQuotes.toggle()
            case Delimiter.comma.rawValue where !inQuotes: counts[0] += 1
            case Delimiter.semicolon.rawValue where !inQuotes: counts[1] += 1
            case Delimiter.tab.rawValue where !inQuotes: counts[2] += 1
            default: break
            }
        }
        var best = 0
        for index in 1..<counts.count where counts[index] > counts[best] { best = index }
        return Delimiter.allCases[best]
    }
}
