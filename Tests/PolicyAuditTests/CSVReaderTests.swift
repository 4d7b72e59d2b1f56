import Testing

@testable import PolicyAudit
@testable import PolicyCSV

/// Reads every data record of `text` as arrays of strings, with `chunkSize`-byte reads; the header's names when the
/// first line is accepted as a header naming `passwordColumn`, else none.
func readAll(
    _ bytes: [UInt8], dialect: CSVDialect = CSVDialect(), chunkSize: Int = CSVReader.defaultChunkSize,
    passwordColumn: String = "password"
) throws -> (header: [String], records: [(line: Int, fields: [String], open: Bool)]) {
    let reader = try CSVReader(source: MemoryByteSource(bytes), dialect: dialect, chunkSize: chunkSize)
    var records: [(line: Int, fields: [String], open: Bool)] = []
    while let record = try reader.next() {
        records.append(
            (record.line, record.fields.map { String(decoding: $0, as: UTF8.self) }, record.endsInsideQuotes))
    }
    let header = try? CSVHeader(accepting: reader.firstLine, passwordColumn: passwordColumn)
    return (header?.names ?? [], records)
}

func readAll(
    _ text: String, dialect: CSVDialect = CSVDialect(), chunkSize: Int = CSVReader.defaultChunkSize,
    passwordColumn: String = "password"
) throws -> (header: [String], records: [(line: Int, fields: [String], open: Bool)]) {
    try readAll(Array(text.utf8), dialect: dialect, chunkSize: chunkSize, passwordColumn: passwordColumn)
}

/// One CSV shape: input text, expected header, expected records with their start lines.
struct CSVShape: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let header: [String]
    let records: [(line: Int, fields: [String])]
    var testDescription: String { name }
}

@Suite("CSVReader: RFC 4180 shapes")
struct CSVReaderTests {
    static let shapes: [CSVShape] = [
        CSVShape(
            name: "plain LF", text: "id,password\n1,abc\n2,def\n", header: ["id", "password"],
            records: [(2, ["1", "abc"]), (3, ["2", "def"])]),
        CSVShape(
            name: "CRLF line ends", text: "id,password\r\n1,abc\r\n2,def\r\n", header: ["id", "password"],
            records: [(2, ["1", "abc"]), (3, ["2", "def"])]),
        CSVShape(
            name: "no trailing newline", text: "id,password\n1,abc\n2,def", header: ["id", "password"],
            records: [(2, ["1", "abc"]), (3, ["2", "def"])]),
        CSVShape(
            name: "no trailing newline after CR", text: "id,password\r\n1,abc\r", header: ["id", "password"],
            records: [(2, ["1", "abc"])]),
        CSVShape(
            name: "quoted fields", text: "id,password\n\"1\",\"a b\"\n", header: ["id", "password"],
            records: [(2, ["1", "a b"])]),
        CSVShape(
            name: "doubled quotes", text: "id,password\n1,\"say \"\"hi\"\"\"\n2,\"\"\"\"\n",
            header: ["id", "password"],
            records: [(2, ["1", "say \"hi\""]), (3, ["2", "\""])]),
        CSVShape(
            name: "delimiter and newlines inside quotes",
            text: "id,password\n1,\"a,b\nc\r\nd\"\n2,x\n", header: ["id", "password"],
            records: [(2, ["1", "a,b\nc\r\nd"]), (5, ["2", "x"])]),
        CSVShape(
            name: "quoted field then CRLF", text: "id,password\r\n1,\"q\"\r\n2,\"\"\r\n", header: ["id", "password"],
            records: [(2, ["1", "q"]), (3, ["2", ""])]),
        CSVShape(
            name: "empty fields", text: "a,b,c\n,,\n1,,\n", header: ["a", "b", "c"],
            records: [(2, ["", "", ""]), (3, ["1", "", ""])]),
        CSVShape(
            name: "BOM", text: "\u{FEFF}id,password\n1,abc\n", header: ["id", "password"], records: [(2, ["1", "abc"])]
        ),
        CSVShape(
            name: "semicolon detected", text: "id;password;note\n1;a,b;x\n", header: ["id", "password", "note"],
            records: [(2, ["1", "a,b", "x"])]),
        CSVShape(
            name: "tab detected", text: "id\tpassword\n1\ta;b,c\n", header: ["id", "password"],
            records: [(2, ["1", "a;b,c"])]),
        CSVShape(
            name: "quoted delimiters do not count for detection", text: "\"a,b,c\";x\n1;2\n", header: ["a,b,c", "x"],
            records: [(2, ["1", "2"])]),
        CSVShape(
            name: "blank lines skipped but counted", text: "id,password\n\n1,abc\r\n\r\n2,def\n\n",
            header: ["id", "password"], records: [(3, ["1", "abc"]), (5, ["2", "def"])]),
        CSVShape(
            name: "quote inside unquoted field is literal", text: "id,password\n1,ab\"c\n", header: ["id", "password"],
            records: [(2, ["1", "ab\"c"])]),
        CSVShape(
            name: "bytes after closing quote are kept", text: "id,password\n1,\"ab\"cd\"\"e,z\n",
            header: ["id", "password"], records: [(2, ["1", "abcd\"\"e", "z"])]),
        CSVShape(
            name: "header trimmed", text: " Id , PassWord \n1,x\n", header: ["Id", "PassWord"],
            records: [(2, ["1", "x"])]
        ),
        CSVShape(
            name: "lone CR line ends (classic Mac)", text: "id,user,password\r1,anna,S3cret!\r2,bob,x\r",
            header: ["id", "user", "password"], records: [(2, ["1", "anna", "S3cret!"]), (3, ["2", "bob", "x"])]),
        CSVShape(
            name: "lone CR, CR LF and LF mixed", text: "id,password\r1,a\r\n2,b\n3,c\r\r4,d",
            header: ["id", "password"],
            records: [(2, ["1", "a"]), (3, ["2", "b"]), (4, ["3", "c"]), (6, ["4", "d"])]),
        CSVShape(
            name: "CR inside quotes is data and counts a line", text: "id,password\r1,\"a\rb\r\nc\"\r2,x\r",
            header: ["id", "password"], records: [(2, ["1", "a\rb\r\nc"]), (5, ["2", "x"])]),
        CSVShape(
            name: "delimiter detected on a CR-only header", text: "id;password\r1;a,b\r2;c,d,e\r",
            header: ["id", "password"], records: [(2, ["1", "a,b"]), (3, ["2", "c,d,e"])]),
        CSVShape(
            name: "multibyte UTF-8 untouched", text: "id,password\n1,пароль🔑\n", header: ["id", "password"],
            records: [(2, ["1", "пароль🔑"])]),
    ]

    @Test("reads each shape", arguments: shapes)
    func readsShape(_ shape: CSVShape) throws {
        let result = try readAll(shape.text, passwordColumn: shape.header[0])
        #expect(result.header == shape.header)
        #expect(result.records.map(\.line) == shape.records.map(\.line))
        #expect(result.records.map(\.fields) == shape.records.map(\.fields))
        #expect(result.records.allSatisfy { !$0.open })
    }

    @Test("every chunk size from 1 to 7 bytes gives the same records", arguments: shapes)
    func chunkSizesAgree(_ shape: CSVShape) throws {
        let reference = try readAll(shape.text, passwordColumn: shape.header[0])
        for chunkSize in 1...7 {
            let result = try readAll(shape.text, chunkSize: chunkSize, passwordColumn: shape.header[0])
            #expect(result.header == reference.header, "chunk size \(chunkSize)")
            #expect(result.records.map(\.line) == reference.records.map(\.line), "chunk size \(chunkSize)")
            #expect(result.records.map(\.fields) == reference.records.map(\.fields), "chunk size \(chunkSize)")
        }
    }
}
