/// A strftime-style layout for times as a spreadsheet or a log writes them (`--time-format '%d.%m.%Y %H:%M'`).
///
/// Directives (a subset of strftime's, read strictly):
/// - `%Y` four-digit year; `%m` month and `%d` day, one or two digits; `%H` hour 0–23 and `%I` hour 1–12, one or two
///   digits; `%M` minute and `%S` second, two digits; `%p` `AM` or `PM` (any case, with `%I`);
/// - `%z` a zone: `Z`, `±HH:MM` or `±HHMM`;
/// - `%%` a `%`; any other character stands for itself (a space for exactly one space).
///
/// `%Y`, `%m` and `%d` are required; `%I` goes with `%p`. A field left out is zero (no `%S`: second 0; no hour:
/// midnight, and the text is a date). The whole field must match. Without `%z` the time is local: read at the
/// reader's assumed zone (`TimeReader`).
package struct TimePattern: Sendable, Hashable {
    /// One element of the layout.
    enum Piece: Sendable, Hashable {
        case literal(UInt8)
        case year, month, day, hour24, hour12, minute, second, meridiem, zone
    }

    /// The layout as written (`%d.%m.%Y %H:%M`).
    package let text: String
    let pieces: [Piece]

    /// Why a layout is refused.
    package enum Problem: Error, Equatable, Sendable {
        /// A `%` followed by a letter the reader does not know (or nothing).
        case unknownDirective(String)
        /// A directive given twice.
        case repeatedDirective(String)
        /// `%Y`, `%m` or `%d` missing.
        case missingDate
        /// `%I` without `%p`, or `%p` without `%I`.
        case meridiemWithoutTwelveHourClock
        /// `%H` and `%I` both.
        case twoHourDirectives

        /// One sentence for a usage error.
        package var description: String {
            switch self {
            case .unknownDirective(let directive):
                "'\(directive)' is not a directive it reads (use %Y %m %d %H %I %M %S %p %z %%)"
            case .repeatedDirective(let directive): "'\(directive)' is given twice"
            case .missingDate: "it needs %Y, %m and %d"
            case .meridiemWithoutTwelveHourClock: "%I and %p go together"
            case .twoHourDirectives: "it has both %H and %I"
            }
        }
    }

    /// Compiles `text`.
    /// - Throws: `Problem` for a layout it cannot read.
    package init(_ text: String) throws(Problem) {
        var pieces: [Piece] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                pieces.append(.literal(byte))
                continue
            }
            guard let letter = bytes.popFirst() else { throw .unknownDirective("%") }
            let piece: Piece
            switch letter {
            case UInt8(ascii: "Y"): piece = .year
            case UInt8(ascii: "m"): piece = .month
            case UInt8(ascii: "d"): piece = .day
            case UInt8(ascii: "H"): piece = .hour24
            case UInt8(ascii: "I"): piece = .hour12
            case UInt8(ascii: "M"): piece = .minute
            case UInt8(ascii: "S"): piece = .second
            case UInt8(ascii: "p"): piece = .meridiem
            case UInt8(ascii: "z"): piece = .zone
            case UInt8(ascii: "%"): piece = .literal(UInt8(ascii: "%"))
            default: throw .unknownDirective("%" + String(decoding: [letter], as: UTF8.self))
            }
            if case .literal = piece {
            } else if pieces.contains(piece) {
                throw .repeatedDirective("%" + String(decoding: [letter], as: UTF8.self))
            }
            pieces.append(piece)
        }
        guard pieces.contains(.year), pieces.contains(.month), pieces.contains(.day) else { throw .missingDate }
        guard pieces.contains(.hour12) == pieces.contains(.meridiem) else { throw .meridiemWithoutTwelveHourClock }
        guard !(pieces.contains(.hour12) && pieces.contains(.hour24)) else { throw .twoHourDirectives }
        self.text = text
        self.pieces = pieces
    }

    /// Reads `bytes` by the layout, a time without `%z` at `offsetMinutes`; nil when they do not match it or name no
    /// real time.
    package func read(_ bytes: UnsafeRawBufferPointer, assumingOffsetMinutes offsetMinutes: Int) -> UTCInstant.Reading?
    {
        var index = 0
        var (year, month, day, hour, minute, second) = (0, 0, 0, 0, 0, 0)
        var (twelve, afternoon, hasHour) = (0, false, false)
        var zone: Int?
        func number(_ least: Int, _ most: Int) -> Int? {
            var value = 0
            var count = 0
            while count < most, index < bytes.count, bytes[index] &- 0x30 < 10 {
                value = value * 10 + Int(bytes[index] &- 0x30)
                index += 1
                count += 1
            }
            return count >= least ? value : nil
        }
        for piece in pieces {
            switch piece {
            case .literal(let byte):
                guard index < bytes.count, bytes[index] == byte else { return nil }
                index += 1
            case .year:
                guard let value = number(4, 4) else { return nil }
                year = value
            case .month:
                guard let value = number(1, 2) else { return nil }
                month = value
            case .day:
                guard let value = number(1, 2) else { return nil }
                day = value
            case .hour24:
                guard let value = number(1, 2) else { return nil }
                (hour, hasHour) = (value, true)
            case .hour12:
                guard let value = number(1, 2), (1...12).contains(value) else { return nil }
                (twelve, hasHour) = (value, true)
            case .minute:
                guard let value = number(2, 2) else { return nil }
                minute = value
            case .second:
                guard let value = number(2, 2) else { return nil }
                second = value
            case .meridiem:
                guard index + 2 <= bytes.count, bytes[index + 1] | 0x20 == UInt8(ascii: "m") else { return nil }
                switch bytes[index] | 0x20 {
                case UInt8(ascii: "a"): afternoon = false
                case UInt8(ascii: "p"): afternoon = true
                default: return nil
                }
                index += 2
            case .zone:
                guard let (offset, end) = ZoneText.read(bytes, at: index) else { return nil }
                (zone, index) = (offset, end)
            }
        }
        guard index == bytes.count else { return nil }
        if pieces.contains(.hour12) { hour = twelve % 12 + (afternoon ? 12 : 0) }
        return UTCInstant.reading(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            offsetMinutes: zone ?? offsetMinutes, zoneGiven: zone != nil, isDate: !hasHour)
    }
}

/// A zone as written after a time: `Z` (or `z`), `±HH:MM` or `±HHMM` (up to ±23:59).
enum ZoneText {
    /// The offset in minutes (east positive) and the index after the zone that starts at `start`, or nil.
    static func read(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (Int, Int)? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"): return (0, start + 1)
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[start] == UInt8(ascii: "+") ? 1 : -1
            func two(_ at: Int) -> Int? {
                guard at + 2 <= bytes.count, bytes[at] &- 0x30 < 10, bytes[at + 1] &- 0x30 < 10 else { return nil }
                return Int(bytes[at] &- 0x30) * 10 + Int(bytes[at + 1] &- 0x30)
            }
            guard let hours = two(start + 1), hours < 24 else { return nil }
            let colon = start + 3 < bytes.count && bytes[start + 3] == UInt8(ascii: ":")
            guard let minutes = two(colon ? start + 4 : start + 3), minutes < 60 else { return nil }
            return (sign * (hours * 60 + minutes), (colon ? start + 6 : start + 5))
        default: return nil
        }
    }
}
