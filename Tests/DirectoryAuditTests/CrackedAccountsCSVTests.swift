import PolicyCSV
import Testing

@testable import DirectoryAudit

/// The cracked accounts' in-memory CSV: what `source` streams is the header and each row's `csvLine` (quotes doubled,
/// line feeds kept inside the quoted field), whatever the read size, and `lines(of:)` says the line each row starts on.
@Suite struct CrackedAccountsCSVTests {
    static let rows = [
        CrackedAccountsCSV.Row(ordinal: 1, username: "alice", password: "Summer2024!", time: "2024-03-01T10:00:00Z"),
        CrackedAccountsCSV.Row(ordinal: 2, username: "b\"ob", password: "two\nlines\"", time: nil),
        CrackedAccountsCSV.Row(ordinal: 3, username: "carol", password: "", time: nil),
    ]

    @Test(arguments: [1, 5, 4096]) func streamsTheHeaderAndEachRowsLine(chunk: Int) throws {
        let source = CrackedAccountsCSV.source(Self.rows)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 1)
        defer { buffer.deallocate() }
        var streamed: [UInt8] = []
        while case let count = try source.read(into: buffer), count > 0 { streamed += buffer[0..<count] }
        let expected =
            "id,username,password,submitted_at\n" + "1,\"alice\",\"Summer2024!\",2024-03-01T10:00:00Z\n"
            + "2,\"b\"\"ob\",\"two\nlines\"\"\",\n" + "3,\"carol\",\"\",\n"
        #expect(String(decoding: streamed, as: UTF8.self) == expected)
        #expect(try source.read(into: buffer) == 0, "the source stays at its end")
        #expect(CrackedAccountsCSV.lines(of: Self.rows) == [2, 3, 5])
    }
}
