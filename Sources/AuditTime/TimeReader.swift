import Foundation

/// How a CSV's times are written: recognised by their shape (`automatic`), or one layout given (`--time-format`).
package enum TimeFormat: Sendable, Hashable {
    /// Each field by its shape: ISO-8601 (`UTCInstant.read`), generalized time, Windows FILETIME or Unix epoch seconds
    /// (see `TimeReader`).
    case automatic
    /// ISO-8601 only, as `UTCInstant.read` reads it.
    case iso8601
    /// LDAP/Active Directory generalized time: `YYYYMMDDHHMMSS`, optional `.` or `,` fraction (dropped), optional `Z`
    /// or `±HHMM` (`20260105090000.0Z`).
    case generalized
    /// A Windows FILETIME: an integer of 100-nanosecond ticks since 1601-01-01T00:00:00Z (`lastLogonTimestamp`).
    case filetime
    /// Unix time: an integer of seconds since 1970-01-01T00:00:00Z (a leading `-` for earlier).
    case epochSeconds
    /// A strftime-style layout.
    case pattern(TimePattern)

    /// The format `text` names: `auto`, `iso8601`, `generalized`, `filetime`, `epoch`, or a layout with `%`.
    /// - Throws: `TimePattern.Problem` for a layout it cannot read (a name it does not know is an unknown directive).
    package init(parsing text: String) throws(TimePattern.Problem) {
        switch text {
        case "", "auto": self = .automatic
        case "iso8601", "iso-8601": self = .iso8601
        case "generalized": self = .generalized
        case "filetime": self = .filetime
        case "epoch": self = .epochSeconds
        default:
            guard text.contains("%") else { throw .unknownDirective(text) }
            self = .pattern(try TimePattern(text))
        }
    }

    /// The text `init(parsing:)` reads back: empty for `automatic` (what a run records when none was given).
    package var text: String {
        switch self {
        case .automatic: ""
        case .iso8601: "iso8601"
        case .generalized: "generalized"
        case .filetime: "filetime"
        case .epochSeconds: "epoch"
        case .pattern(let pattern): pattern.text
        }
    }
}

/// Which layout a field was read as, for the import's summary.
package enum TimeKind: Int, Sendable, CaseIterable {
    case iso8601, generalized, filetime, epochSeconds, pattern

    /// How the summary names it.
    package var name: String {
        switch self {
        case .iso8601: "ISO-8601"
        case .generalized: "generalized time"
        case .filetime: "Windows FILETIME"
        case .epochSeconds: "Unix epoch seconds"
        case .pattern: "--time-format"
        }
    }

    /// How the JSON summary keys it.
    package var key: String {
        switch self {
        case .iso8601: "iso8601"
        case .generalized: "generalized"
        case .filetime: "filetime"
        case .epochSeconds: "epoch"
        case .pattern: "pattern"
        }
    }
}

/// The one reader of a CSV's submission times: a `TimeFormat`, and the zone a time without an offset is read in.
///
/// `automatic` tells the layouts apart by shape, so that no text is read two ways:
/// - `YYYY-MM-DD…` is ISO-8601 (`UTCInstant.read`);
/// - 14 digits, optionally followed by a fraction and a zone, is generalized time (`20260105090000.0Z`);
/// - an integer of 9 or 10 digits is Unix epoch seconds (1973-03-03 to 2286-11-20): an 8-digit integer could be a
///   basic date (`20260105`), a count or an id, and is not a time; epoch seconds before 1973 need
///   `--time-format epoch`;
/// - an integer of 17 or 18 digits is a FILETIME (1632 to 4769; Active Directory's 19-digit "never",
///   9223372036854775807, is not a time);
/// - anything else is not a time. With a `TimeFormat` other than `automatic`, only that layout is read.
///
/// The zone (`--time-zone`, an IANA name such as `Europe/Berlin`) applies to times that name none: ISO-8601 and
/// layouts without an offset, generalized time without `Z`. A local time the clocks skipped (a spring-forward gap:
/// 02:30 on the day 02:00 became 03:00) is read with the offset before the change, so it lands as far past the change
/// as it was past its start (03:30); a local time that happened twice (the hour repeated in autumn) is the first of
/// the two (the earlier instant, the summer offset). Epoch seconds and FILETIMEs are instants and have no zone.
package struct TimeReader: Sendable {
    /// The layout.
    package let format: TimeFormat
    /// The zone of times without an offset; nil for UTC.
    package let zone: TimeZone?

    /// The ISO-8601-and-shapes reader at UTC: what an import uses when given no time option.
    package static let standard = TimeReader(format: .automatic, zone: nil)

    /// A reader of `format` in `zone` (nil: UTC).
    package init(format: TimeFormat = .automatic, zone: TimeZone? = nil) {
        self.format = format
        self.zone = zone.flatMap { $0.identifier == "UTC" || $0.identifier == "GMT" ? nil : $0 }
    }

    /// Reads `bytes`; nil when they are no time in the format.
    package func read(_ bytes: UnsafeRawBufferPointer) -> (reading: UTCInstant.Reading, kind: TimeKind)? {
        guard let (reading, kind) = readInUTC(bytes) else { return nil }
        guard let zone, !reading.zoneGiven else { return (reading, kind) }
        guard let instant = Self.instant(ofLocal: reading.instant.secondsSince1970, in: zone) else { return nil }
        var local = reading
        local.instant = instant
        local.isCanonical = false
        return (local, kind)
    }

    /// Reads `text` (see `read(_:)` on bytes).
    package func read(_ text: String) -> (reading: UTCInstant.Reading, kind: TimeKind)? {
        var text = text
        return text.withUTF8 { read(UnsafeRawBufferPointer($0)) }
    }

    /// The reading with a time without offset taken as UTC.
    private func readInUTC(_ bytes: UnsafeRawBufferPointer) -> (UTCInstant.Reading, TimeKind)? {
        switch format {
        case .iso8601: return UTCInstant.read(bytes).map { ($0, .iso8601) }
        case .generalized: return Self.generalized(bytes).map { ($0, .generalized) }
        case .filetime: return Self.integer(bytes).flatMap(Self.filetime).map { ($0, .filetime) }
        case .epochSeconds: return Self.integer(bytes).flatMap(Self.epoch).map { ($0, .epochSeconds) }
        case .pattern(let pattern): return pattern.read(bytes, assumingOffsetMinutes: 0).map { ($0, .pattern) }
        case .automatic:
            if bytes.count >= 10, bytes[4] == UInt8(ascii: "-") { return UTCInstant.read(bytes).map { ($0, .iso8601) } }
            var digits = 0
            while digits < bytes.count, bytes[digits] &- 0x30 < 10 { digits += 1 }
            if digits == bytes.count {
                switch digits {
                case 9, 10: return Self.integer(bytes).flatMap(Self.epoch).map { ($0, .epochSeconds) }
                case 14: return Self.generalized(bytes).map { ($0, .generalized) }
                case 17, 18: return Self.integer(bytes).flatMap(Self.filetime).map { ($0, .filetime) }
                default: return nil
                }
            }
            return digits == 14 ? Self.generalized(bytes).map { ($0, .generalized) } : nil
        }
    }

    /// `YYYYMMDDHHMMSS[.f…|,f…][Z|±HHMM]`.
    private static func generalized(_ bytes: UnsafeRawBufferPointer) -> UTCInstant.Reading? {
        guard bytes.count >= 14 else { return nil }
        var fields: [Int] = []
        for start in stride(from: 0, to: 14, by: 2) {
            let (high, low) = (bytes[start] &- 0x30, bytes[start + 1] &- 0x30)
            guard high < 10, low < 10 else { return nil }
            fields.append(Int(high) * 10 + Int(low))
        }
        var index = 14
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            let first = index
            while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
            guard index > first else { return nil }
        }
        var zone: Int?
        if index < bytes.count {
            guard
                bytes[index] != UInt8(ascii: "+") && bytes[index] != UInt8(ascii: "-")
                    || (bytes.count - index == 5),  // generalized time writes ±HHMM, no colon
                let (offset, end) = ZoneText.read(bytes, at: index), end == bytes.count
            else { return nil }
            zone = offset
        }
        return UTCInstant.reading(
            year: fields[0] * 100 + fields[1], month: fields[2], day: fields[3], hour: fields[4], minute: fields[5],
            second: fields[6], offsetMinutes: zone ?? 0, zoneGiven: zone != nil)
    }

    /// A decimal integer, optionally negative, that fits in 64 bits.
    private static func integer(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard !bytes.isEmpty, bytes.count <= 20 else { return nil }
        return Int64(String(decoding: bytes, as: UTF8.self))
    }

    private static func epoch(_ seconds: Int64) -> UTCInstant.Reading? {
        UTCInstant(secondsSince1970: seconds).map { UTCInstant.Reading(instant: $0, zoneGiven: true, isDate: false) }
    }

    /// Ticks of 100 ns since 1601-01-01: 11,644,473,600 seconds before 1970.
    private static func filetime(_ ticks: Int64) -> UTCInstant.Reading? {
        guard ticks >= 0 else { return nil }
        return epoch(ticks / 10_000_000 - 11_644_473_600)
    }

    /// The instant whose wall-clock time in `zone` is `local` (seconds since 1970 as if the wall clock were UTC):
    /// in a gap, at the offset before it; in an overlap, the earlier instant (see the type).
    static func instant(ofLocal local: Int64, in zone: TimeZone) -> UTCInstant? {
        func offset(at seconds: Int64) -> Int64 {
            Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
        }
        let before = offset(at: local - 86_400)
        let after = offset(at: local + 86_400)
        let candidates = (before == after ? [before] : [before, after]).filter { offset(at: local - $0) == $0 }
        let utc = candidates.map { local - $0 }.min() ?? local - before
        return UTCInstant(secondsSince1970: utc)
    }
}
