/// Reads `pwquality.conf` as libpwquality's `read_config_file` does (`src/settings.c`): one setting per line, `#`
/// starts a comment anywhere, the name ends at the first whitespace or `=`, then at most one `=` amid optional
/// whitespace, the rest is the value; names are case-insensitive and later settings win.
///
/// Unlike libpwquality, which stops at an unknown setting, this warns and goes on.
package enum PwqualityConfParser {
    /// The longest line libpwquality reads (its buffer holds 1,023 bytes, newline included).
    static let maximumLineLength = 1022

    /// The settings `text` sets over libpwquality's defaults, with a warning for each unknown setting.
    ///
    /// - Throws: ``InterchangeError/confLineTooLong(line:)`` or ``InterchangeError/confBadInteger(line:setting:)``.
    package static func parse(_ bytes: [UInt8]) throws(InterchangeError) -> (
        settings: PwqualitySettings, warnings: [String]
    ) {
        var settings = PwqualitySettings()
        var warnings: [String] = []
        var lineNumber = 0
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            // C strings end at a NUL.
            let line = rawLine.prefix { $0 != 0 }
            guard rawLine.count <= maximumLineLength else { throw .confLineTooLong(line: lineNumber) }
            guard let (name, value) = split(line) else { continue }
            let key = name.lowercased()
            if PwqualitySettings.integerNames.contains(key) {
                guard let number = integer(value) else { throw .confBadInteger(line: lineNumber, setting: key) }
                settings.set(key, number)
            } else if PwqualitySettings.presenceNames.contains(key) {
                settings.set(key, 1)
            } else if PwqualitySettings.stringNames.contains(key) {
                settings.set(key, text: String(decoding: value, as: UTF8.self))
            } else {
                warnings.append("line \(lineNumber): unknown setting \"\(visible(name))\" ignored")
            }
        }
        return (settings, warnings)
    }

    /// A line's name and value, or `nil` for a blank or comment-only line.
    static func split(_ line: ArraySlice<UInt8>) -> (name: String, value: ArraySlice<UInt8>)? {
        var content = line.prefix { $0 != UInt8(ascii: "#") }
        while let last = content.last, isSpace(last) { content = content.dropLast() }
        while let first = content.first, isSpace(first) { content = content.dropFirst() }
        guard !content.isEmpty else { return nil }
        let nameEnd = content.firstIndex { isSpace($0) || $0 == UInt8(ascii: "=") } ?? content.endIndex
        let name = String(decoding: content[content.startIndex..<nameEnd], as: UTF8.self)
        var position = nameEnd
        var sawEquals = false
        if position < content.endIndex {
            sawEquals = content[position] == UInt8(ascii: "=")
            position += 1
        }
        while position < content.endIndex {
            let byte = content[position]
            if byte == UInt8(ascii: "="), !sawEquals {
                sawEquals = true
            } else if !isSpace(byte) {
                break
            }
            position += 1
        }
        return (name, content[position...])
    }

    /// `strtol(value, &end, 10)` over the whole value, strictly between `INT_MIN` and `INT_MAX`.
    static func integer(_ value: ArraySlice<UInt8>) -> Int? {
        var digits = value.drop(while: isSpace)
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        var number = 0
        for digit in digits {
            number = number * 10 + Int(digit - 0x30)
            if number > Int(Int32.max) + 1 { return nil }
        }
        let value = negative ? -number : number
        return value < Int(Int32.max) && value > Int(Int32.min) ? value : nil
    }

    /// `isspace` in the C locale.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// A setting name for a message: printable ASCII kept, anything else as `?`, at most 40 characters.
    private static func visible(_ name: String) -> String {
        String(name.unicodeScalars.prefix(40).map { (0x21...0x7E).contains($0.value) ? Character($0) : "?" })
    }
}
