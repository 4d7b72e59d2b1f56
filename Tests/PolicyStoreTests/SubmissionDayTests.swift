import Testing

@testable import PolicyCSV
@testable import PolicyStore

/// Defect 6 of issue 10: `submitted_at` used to give its first ten characters as the day, whatever they were.
@Suite("SubmissionDay: strict ISO-8601 times to UTC days")
struct SubmissionDayTests {
    static let cases: [(text: String?, day: String)] = [
        ("2026-01-05T09:00:00Z", "2026-01-05"),
        ("2026-01-05T23:30:00-05:00", "2026-01-06"),
        ("2026-01-05T23:30:00-0500", "2026-01-06"),
        ("2026-01-06T00:30:00+01:00", "2026-01-05"),
        ("2026-12-31T22:00:00-02:00", "2027-01-01"),
        ("2026-01-01T01:00:00+02:00", "2025-12-31"),
        ("2024-03-01T00:10:00+00:30", "2024-02-29"),
        ("2026-01-05t09:00:00.123456z", "2026-01-05"),
        ("2026-01-05 09:00:00.5+00:00", "2026-01-05"),
        ("2026-06-30T23:59:60Z", "2026-06-30"),
        ("2026-01-05", "2026-01-05"),
        ("2024-02-29", "2024-02-29"),
        (nil, "none"),
        ("", "none"),
        ("2026-13-45T99:99:99Z", "invalid"),
        ("2026-02-30", "invalid"),
        ("2025-02-29T10:00:00Z", "invalid"),
        ("1900-02-29", "invalid"),
        ("2026-04-31", "invalid"),
        ("2026-01-05T24:00:00Z", "invalid"),
        ("2026-01-05T09:60:00Z", "invalid"),
        ("2026-01-05T09:00:61Z", "invalid"),
        ("2026-01-05T09:00:00", "2026-01-05"),
        ("2026-01-05 23:30:00.9", "2026-01-05"),
        ("2026-01-05T09:00:00+05", "invalid"),
        ("2026-01-05T09:00:00+24:00", "invalid"),
        ("2026-01-05T09:00:00+05:60", "invalid"),
        ("2026-01-05T09:00:00.Z", "invalid"),
        ("2026-01-05T09:00Z", "invalid"),
        (" 2026-01-05", "invalid"),
        ("2026-01-05T09:00:00Z ", "invalid"),
        ("2026-1-5", "invalid"),
        ("0000-01-01", "invalid"),
        ("0001-01-01T00:00:00+01:00", "invalid"),
        ("yesterday", "invalid"),
        ("2026-01-05T09:00:00Zjunk", "invalid"),
    ]

    @Test("each text gives its UTC day, none or invalid", arguments: cases.indices)
    func day(index: Int) {
        let (text, day) = Self.cases[index]
        #expect(SubmissionDay.text(SubmissionDay.number(text)) == day, "\(text ?? "nil")")
    }
}
