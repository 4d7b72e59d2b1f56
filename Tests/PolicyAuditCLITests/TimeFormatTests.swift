import AuditTime
import Foundation
import Testing

/// Times as they come (issue 25, item 4): through the one time parser, `TimeReader`, with `--time-format` layouts,
/// `--time-zone` names, and generalized time, FILETIME and epoch seconds told apart by their shape.
@Suite("Time formats")
struct TimeFormatTests {
    private static func read(_ text: String, _ format: TimeFormat = .automatic, zone: String? = nil) -> String? {
        TimeReader(format: format, zone: zone.flatMap(TimeZone.init(identifier:))).read(text)?.reading.instant.text
    }

    @Test(
        "automatic: ISO-8601, generalized time, FILETIME and epoch seconds by shape, nothing else",
        arguments: [
            ("2026-01-05T09:00:00Z", "2026-01-05T09:00:00Z"),
            ("20260105090000.0Z", "2026-01-05T09:00:00Z"),  // Active Directory's whenCreated
            ("20260105100000.0+0100", "2026-01-05T09:00:00Z"),
            ("20260105090000", "2026-01-05T09:00:00Z"),
            ("20260105090000,5Z", "2026-01-05T09:00:00Z"),
            ("134120772000000000", "2026-01-05T09:00:00Z"),  // lastLogonTimestamp
            ("1767603600", "2026-01-05T09:00:00Z"),
            ("20260105", nil),  // 8 digits: a basic date, a count or an id — not a time
            ("9223372036854775807", nil),  // Active Directory's "never"
            ("20261305090000.0Z", nil),  // month 13
            ("20260105090000.Z", nil),
            ("20260105090000+01:00", nil),  // generalized time writes ±HHMM
            ("12345", nil),
        ] as [(String, String?)])
    func automatic(text: String, expected: String?) {
        #expect(Self.read(text) == expected, "\(text)")
    }

    @Test(
        "--time-format layouts: European and US dates, a 12-hour clock, an offset",
        arguments: [
            ("%d.%m.%Y %H:%M", "05.01.2026 09:00", "2026-01-05T09:00:00Z"),
            ("%d.%m.%Y %H:%M", "5.1.2026 09:00", "2026-01-05T09:00:00Z"),
            ("%d.%m.%Y %H:%M", "05.01.2026 9:00:00", nil),
            ("%d.%m.%Y %H:%M", "31.02.2026 09:00", nil),
            ("%m/%d/%Y", "1/5/2026", "2026-01-05T00:00:00Z"),
            ("%m/%d/%Y %I:%M %p", "01/05/2026 9:00 pm", "2026-01-05T21:00:00Z"),
            ("%m/%d/%Y %I:%M %p", "01/05/2026 12:30 AM", "2026-01-05T00:30:00Z"),
            ("%Y-%m-%d %H:%M:%S%z", "2026-01-05 10:00:00+01:00", "2026-01-05T09:00:00Z"),
            ("%d/%m/%Y %%", "05/01/2026 %", "2026-01-05T00:00:00Z"),
        ] as [(String, String, String?)])
    func layouts(layout: String, text: String, expected: String?) throws {
        #expect(Self.read(text, try TimeFormat(parsing: layout)) == expected, "\(layout) \(text)")
    }

    @Test("a layout it cannot read is refused saying why")
    func badLayouts() {
        #expect(throws: TimePattern.Problem.unknownDirective("%b")) { try TimeFormat(parsing: "%d %b %Y") }
        #expect(throws: TimePattern.Problem.missingDate) { try TimeFormat(parsing: "%H:%M") }
        #expect(throws: TimePattern.Problem.meridiemWithoutTwelveHourClock) { try TimeFormat(parsing: "%Y%m%d %I") }
        #expect(throws: TimePattern.Problem.repeatedDirective("%d")) { try TimeFormat(parsing: "%d%d%m%Y") }
        #expect(throws: TimePattern.Problem.unknownDirective("iso")) { try TimeFormat(parsing: "iso") }
    }

    @Test("--time-zone: winter and summer offsets, a spring-forward gap moves on, an autumn overlap is the earlier")
    func zones() {
        #expect(Self.read("2026-01-05T09:00:00", zone: "Europe/Berlin") == "2026-01-05T08:00:00Z")
        #expect(Self.read("2026-07-05T09:00:00", zone: "Europe/Berlin") == "2026-07-05T07:00:00Z")
        // 02:00 became 03:00 on 2026-03-29: 02:30 is read at +01:00, i.e. 03:30 summer time.
        #expect(Self.read("2026-03-29T02:30:00", zone: "Europe/Berlin") == "2026-03-29T01:30:00Z")
        // 03:00 became 02:00 on 2026-10-25: 02:30 happened twice; the first, at +02:00.
        #expect(Self.read("2026-10-25T02:30:00", zone: "Europe/Berlin") == "2026-10-25T00:30:00Z")
        #expect(Self.read("2026-01-05T09:00:00", zone: "America/New_York") == "2026-01-05T14:00:00Z")
        // A time with an offset, and an instant, keep theirs.
        #expect(Self.read("2026-01-05T09:00:00Z", zone: "Europe/Berlin") == "2026-01-05T09:00:00Z")
        #expect(Self.read("1767603600", zone: "Europe/Berlin") == "2026-01-05T09:00:00Z")
        #expect(Self.read("20260105090000", zone: "Europe/Berlin") == "2026-01-05T08:00:00Z")
    }

    @Test("import: a European spreadsheet's times with --time-format and --time-zone, named in the summary")
    func importWithLayoutAndZone() throws {
        let sandbox = try ImportSandbox()
        let csv = "username,password,submitted_at\nanna,Password1!,05.01.2026 09:00\nbob,Password2!,06.07.2026 18:30\n"
        let file = try sandbox.write("excel.csv", csv)
        let plain = sandbox.run(["import", file])
        #expect(plain.out.contains(", time: invalid 2,"), "\(plain.out)")
        let read = sandbox.run([
            "import", file, "--again", "--time-format", "%d.%m.%Y %H:%M", "--time-zone", "Europe/Berlin",
        ])
        #expect(read.code == .success, "\(read.err)")
        #expect(!read.out.contains("invalid"), "\(read.out)")
        #expect(read.out.contains(", time: 2 without zone (read as Europe/Berlin), times read as '%d.%m.%Y %H:%M' 2,"))
        let stored = sandbox.run([
            "query", "SELECT submitted_at FROM candidate WHERE id > 4294967296 * 2 ORDER BY id", "--format", "csv",
        ])
        #expect(stored.out == "submitted_at\r\n2026-01-05T08:00:00Z\r\n2026-07-06T16:30:00Z\r\n", "\(stored)")
        let bad = sandbox.run(["import", file, "--again", "--time-zone", "Mars/Olympus"])
        #expect(bad.code == .usage && bad.errLines.first?.contains("is not an IANA time zone name") == true)
        let badLayout = sandbox.run(["import", file, "--again", "--time-format", "%d.%b.%Y"])
        #expect(badLayout.code == .usage, "\(badLayout.err)")
        #expect(
            badLayout.errLines.first
                == "Error: --time-format '%d.%b.%Y' is not a time format it reads: '%b' is not a directive it reads (use %Y %m %d %H %I %M %S %p %z %%)"
        )
    }

    @Test("import: Active Directory generalized time, FILETIME and epoch seconds are recognised and named")
    func importDetectsTheShapes() throws {
        let sandbox = try ImportSandbox()
        let csv = """
            username,password,submitted_at
            anna,Password1!,20260105090000.0Z
            bob,Password2!,134120772000000000
            carol,Password3!,1767603600
            dave,Password4!,2026-01-05T09:00:00Z
            erin,Password5!,20260105

            """
        let result = sandbox.run(["import", try sandbox.write("ad.csv", csv), "--format", "json"])
        #expect(result.code == .success, "\(result.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let time = try #require(json["time"] as? [String: Any])
        #expect(time["invalid"] as? Int == 1)
        #expect(
            time["formats"] as? [String: Int]
                == ["iso8601": 1, "generalized": 1, "filetime": 1, "epoch": 1, "pattern": 0])
        let text = sandbox.run(["import", sandbox.path("ad.csv"), "--again"])
        #expect(
            text.out.contains(
                ", times read as ISO-8601 1, generalized time 1, Windows FILETIME 1, Unix epoch seconds 1,"),
            "\(text.out)")
        let stored = sandbox.run([
            "query", "SELECT DISTINCT submitted_at FROM candidate WHERE submitted_at IS NOT NULL", "--format", "csv",
        ])
        #expect(stored.out == "submitted_at\r\n2026-01-05T09:00:00Z\r\n", "\(stored)")
    }
}
