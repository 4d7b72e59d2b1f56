import AuditTime
import Foundation
import Testing

/// Issue 20, item 1: one parser for every time pwaudit is given, one canonical UTC text for every stored time.
@Suite("UTCInstant: one parser, one canonical text")
struct UTCInstantTests {
    /// Text → canonical instant (nil: not a time), and whether the text named its zone.
    static let cases: [(text: String, canonical: String?, zoneGiven: Bool)] = [
        ("2026-01-05T23:30:00-05:00", "2026-01-06T04:30:00Z", true),
        ("2026-01-05T23:30:00-0500", "2026-01-06T04:30:00Z", true),
        ("2026-01-06T01:00:00+02:00", "2026-01-05T23:00:00Z", true),
        ("2026-01-06 23:00:00Z", "2026-01-06T23:00:00Z", true),
        ("2026-01-06t08:00:00z", "2026-01-06T08:00:00Z", true),
        ("2026-01-06T08:00:00.999999Z", "2026-01-06T08:00:00Z", true),
        ("2026-12-31T23:59:59.999+00:00", "2026-12-31T23:59:59Z", true),
        ("2026-12-31T22:00:00-02:00", "2027-01-01T00:00:00Z", true),
        ("2024-03-01T00:10:00+00:30", "2024-02-29T23:40:00Z", true),
        ("2026-06-30T23:59:60Z", "2026-06-30T23:59:59Z", true),
        ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z", true),
        ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z", true),
        ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z", true),
        ("2026-01-05", "2026-01-05T00:00:00Z", false),
        ("2026-01-05T09:00:00", "2026-01-05T09:00:00Z", false),
        ("2026-01-05 09:00:00.5", "2026-01-05T09:00:00Z", false),
        ("0001-01-01T00:00:00+01:00", nil, true),
        ("9999-12-31T23:00:00-01:00", nil, true),
        ("2026-02-30", nil, false),
        ("2026-01-05T24:00:00Z", nil, false),
        ("2026-01-05T09:00Z", nil, false),
        ("2026-01-05T09:00:00+05", nil, false),
        ("2026-01-05T09:00:00.Z", nil, false),
        ("2026-01-05T09:00:00.", nil, false),
        (" 2026-01-05", nil, false),
        ("2026-01-05T09:00:00Z ", nil, false),
        ("0000-01-01", nil, false),
        ("yesterday", nil, false),
    ]

    @Test("each text gives its canonical UTC instant, or is not a time", arguments: cases.indices)
    func reads(index: Int) {
        let (text, canonical, zoneGiven) = Self.cases[index]
        let reading = UTCInstant.read(text)
        #expect(reading?.instant.text == canonical, "\(text)")
        if canonical != nil { #expect(reading?.zoneGiven == zoneGiven, "\(text)") }
    }

    @Test("a text is canonical (the import copies it) exactly when it is its instant's canonical text")
    func canonicalInput() {
        let texts =
            Self.cases.map(\.text) + ["2026-01-06T08:00:00+00:00", "2026-01-06T08:00:00.0Z", "2026-01-06T08:00:00Z"]
        for text in texts {
            guard let reading = UTCInstant.read(text) else { continue }
            #expect(reading.isCanonical == (reading.instant.text == text), "\(text)")
        }
        #expect(UTCInstant.read("2026-01-06T08:00:00Z")?.isCanonical == true)
    }

    @Test("the canonical text is what Foundation's ISO-8601 formatter writes for the same second, 1600 to 9999")
    func canonicalTextMatchesFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        // Foundation's calendar is Julian before 1582; the canonical text is ISO 8601's proleptic Gregorian.
        var seconds: Int64 = -11_676_096_000  // 1600-01-01T00:00:00Z
        while seconds < 253_402_300_799 {
            let instant = try #require(UTCInstant(secondsSince1970: seconds))
            let expected = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            #expect(instant.text == expected)
            #expect(UTCInstant.read(expected)?.instant == instant)
            seconds += 123_456_789  // about 3.9 years and a few hours: every field moves
        }
        #expect(UTCInstant.earliest.text == "0001-01-01T00:00:00Z")
        #expect(UTCInstant.latest.text == "9999-12-31T23:59:59Z")
        #expect(UTCInstant(secondsSince1970: UTCInstant.latest.secondsSince1970 + 1) == nil)
    }

    @Test("text order is time order, whatever form the texts were read from")
    func textOrderIsTimeOrder() throws {
        let texts = ["2026-01-06 23:00:00Z", "2026-01-06T08:00:00Z", "2026-01-05T23:30:00-05:00", "2026-01-06"]
        let instants = try texts.map { try #require(UTCInstant.read($0)?.instant) }
        #expect(instants.sorted().map(\.text) == instants.map(\.text).sorted())
        #expect(
            instants.map(\.text).sorted() == [
                "2026-01-06T00:00:00Z", "2026-01-06T04:30:00Z", "2026-01-06T08:00:00Z", "2026-01-06T23:00:00Z",
            ])
    }

    @Test("a time without a zone is read at the offset given; one with a zone ignores it")
    func assumedOffset() {
        #expect(
            UTCInstant.read("2026-01-05T23:30:00", assumingOffsetMinutes: -300)?.instant.text == "2026-01-06T04:30:00Z")
        #expect(UTCInstant.read("2026-01-06", assumingOffsetMinutes: 60)?.instant.text == "2026-01-05T23:00:00Z")
        #expect(
            UTCInstant.read("2026-01-05T23:30:00Z", assumingOffsetMinutes: -300)?.instant.text == "2026-01-05T23:30:00Z"
        )
    }

    @Test("day number, start of day and midnight follow the UTC day")
    func days() throws {
        let instant = try #require(UTCInstant.read("2026-01-05T23:30:00-05:00")?.instant)
        #expect(instant.dayNumber == 20_260_106)
        #expect(instant.startOfDay.text == "2026-01-06T00:00:00Z")
        #expect(!instant.isStartOfDay && instant.startOfDay.isStartOfDay)
        let early = try #require(UTCInstant.read("1969-12-31T12:00:00Z")?.instant)
        #expect(early.dayNumber == 19_691_231 && early.startOfDay.text == "1969-12-31T00:00:00Z")
    }
}
