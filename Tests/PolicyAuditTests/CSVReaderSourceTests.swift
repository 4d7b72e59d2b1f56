import Foundation
import LibC
import PwauditTestSupport
import Testing

@testable import PolicyAudit
@testable import PolicyCSV

@Suite("CSVReader: sources, progress and header errors")
struct CSVReaderSourceTests {
    /// A CSV of `count` rows whose passwords contain quotes, commas and newlines now and then.
    static func sample(rows count: Int) -> [UInt8] {
        var text = "id,password\n"
        for index in 1...count {
            text += index % 7 == 0 ? "\(index),\"p\"\"w,\n\(index)\"\n" : "\(index),pw\(index)\n"
        }
        return Array(text.utf8)
    }

    @Test("reads from a pipe, as from standard input, across many chunks")
    func readsFromPipe() throws {
        let bytes = Self.sample(rows: 20_000)
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let writeEnd = descriptors[1]
        let writer = Thread {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(writeEnd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(descriptors[0]) }
        let reader = try CSVReader(fileDescriptor: descriptors[0], chunkSize: 4096)
        #expect(reader.totalByteCount == nil && reader.fractionCompleted == nil)
        var fromPipe: [[String]] = []
        while let record = try reader.next() { fromPipe.append((0..<record.fieldCount).map { record.string(at: $0)! }) }
        let fromMemory = try readAll(bytes).records.map(\.fields)
        #expect(fromPipe.count == 20_000)
        #expect(fromPipe == fromMemory)
        #expect(reader.bytesConsumed == bytes.count)
    }

    @Test("reads a file by path and reports progress by bytes consumed")
    func readsFileWithProgress() throws {
        let bytes = Self.sample(rows: 1000)
        let directory = try TemporaryDirectory(prefix: "pwaudit-csv")
        let path = try directory.write("sample.csv", bytes)
        let reader = try CSVReader(path: path, chunkSize: 512)
        #expect(reader.totalByteCount == bytes.count)
        #expect(reader.bytesConsumed == "id,password\n".utf8.count)
        var last = 0.0
        while try reader.next() != nil {
            let fraction = try #require(reader.fractionCompleted)
            #expect(fraction >= last)
            last = fraction
        }
        #expect(last == 1)
    }

    @Test("a missing file is an error naming the path")
    func missingFile() {
        #expect(throws: CSVImportError.cannotOpen(path: "/nonexistent/x.csv", reason: "No such file or directory")) {
            try CSVReader(path: "/nonexistent/x.csv")
        }
    }

    @Test("empty or blank input has no header", arguments: ["", "\n\n", "\r\n", "\u{FEFF}"])
    func missingHeader(text: String) {
        #expect(throws: CSVImportError.missingHeader) { try CSVReader(source: MemoryByteSource(Array(text.utf8))) }
    }

    static let notTextInputs: [(bytes: [UInt8], problem: CSVTextProblem)] = {
        let ascii: (String) -> [UInt8] = { Array($0.utf8) }
        var inputs: [(bytes: [UInt8], problem: CSVTextProblem)] = []
        inputs.append(([0xFF, 0xFE] + ascii("i\0d\0,\0p\0"), .utf16(bigEndian: false)))
        inputs.append(([0xFE, 0xFF] + ascii("\0i\0d\0,\0p"), .utf16(bigEndian: true)))
        inputs.append((ascii("i\0d\0,\0p\0a\0s\0s\0w\0o\0r\0d\0\n\0"), .utf16(bigEndian: false)))
        inputs.append((ascii("\0i\0d\0,\0p\0a\0s\0s\0w\0o\0r\0d\0\n"), .utf16(bigEndian: true)))
        inputs.append((ascii("id,pass\0word\n1,x\n"), .nulByte(line: 1)))
        inputs.append(([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .invalidUTF8(line: 1)))
        inputs.append((ascii("id,") + [0xE9] + ascii("t,password\n"), .invalidUTF8(line: 1)))
        return inputs
    }()

    /// Defect 10 of issue 10: such files used to fail as a missing column (a usage error), listing garbage.
    @Test("UTF-16 and binary input is refused as not text, before any name is read", arguments: 0..<7)
    func notText(case index: Int) {
        let (bytes, problem) = Self.notTextInputs[index]
        #expect(throws: CSVImportError.notText(problem)) { try CSVReader(source: MemoryByteSource(bytes)) }
    }

    @Test("a first line with no end in sight is refused at the limit (as binary when it holds NULs)")
    func endlessFirstLine() {
        let past = CSVReader.maximumHeaderBytes + 4_096
        for dialect in [CSVDialect(), CSVDialect(delimiter: .comma)] {
            #expect(throws: CSVImportError.notText(.nulByte(line: 1))) {
                try CSVReader(source: MemoryByteSource([UInt8](repeating: 0, count: past)), dialect: dialect)
            }
            #expect(throws: CSVImportError.headerTooLong(limit: CSVReader.maximumHeaderBytes)) {
                try CSVReader(
                    source: MemoryByteSource([UInt8](repeating: UInt8(ascii: "a"), count: past)), dialect: dialect,
                    chunkSize: 4_096)
            }
        }
        // A long header within the limit is still a header.
        let wide = (0..<20_000).map { "column\($0)" }.joined(separator: ",") + ",password\n"
        #expect((try? CSVReader(source: MemoryByteSource(Array(wide.utf8))))?.firstLine.fieldCount == 20_001)
    }

    @Test("a header with an open quote is an error")
    func unterminatedHeader() {
        #expect(throws: CSVImportError.unterminatedHeader) {
            try CSVReader(source: MemoryByteSource(Array("id,\"password\n1,2\n".utf8)))
        }
    }

    @Test(
        "a given delimiter wins over detection",
        arguments: [(CSVDialect.Delimiter.comma, ["a;b", "c"]), (.semicolon, ["a", "b,c"])])
    func givenDelimiter(delimiter: CSVDialect.Delimiter, header: [String]) throws {
        let result = try readAll("a;b,c\n", dialect: CSVDialect(delimiter: delimiter), passwordColumn: header[0])
        #expect(result.header == header)
    }

    @Test("a record far larger than the chunk grows the buffer (a field within the field limit is kept whole)")
    func longRecord() throws {
        let long = String(repeating: "z\"\"", count: 2000)
        let result = try readAll("password\n\"\(long)\"\nnext\n", chunkSize: 16)
        #expect(result.records.map(\.fields) == [[String(repeating: "z\"", count: 2000)], ["next"]])
        #expect(result.records.map(\.line) == [2, 3])
    }

    @Test("header lookup ignores case and surrounding spaces")
    func headerLookup() throws {
        let reader = try CSVReader(source: MemoryByteSource(Array(" ID ,PassWord,password\n".utf8)))
        let header = try CSVHeader(accepting: reader.firstLine, passwordColumn: "PASSWORD ")
        #expect(header.index(of: "id") == 0)
        #expect(header.index(of: " PASSWORD") == 1)
        #expect(header.index(of: "email") == nil)
    }
}
