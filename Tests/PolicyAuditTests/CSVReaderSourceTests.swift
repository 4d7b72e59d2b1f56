import Foundation
import Testing

@testable import PolicyAudit

#if canImport(Glibc)
    import Glibc
#endif

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
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pwaudit-csv-\(UUID()).csv")
        try Data(bytes).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let reader = try CSVReader(path: path.path, chunkSize: 512)
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
        let result = try readAll("a;b,c\n", dialect: CSVDialect(delimiter: delimiter))
        #expect(result.header == header)
    }

    @Test("a record far larger than the chunk grows the buffer")
    func longRecord() throws {
        let long = String(repeating: "z\"\"", count: 5000)
        let result = try readAll("password\n\"\(long)\"\nnext\n", chunkSize: 16)
        #expect(result.records.map(\.fields) == [[String(repeating: "z\"", count: 5000)], ["next"]])
        #expect(result.records.map(\.line) == [2, 3])
    }

    @Test("header lookup ignores case and surrounding spaces")
    func headerLookup() {
        let header = CSVHeader(names: [" ID ", "PassWord", "password"])
        #expect(header.index(of: "id") == 0)
        #expect(header.index(of: " PASSWORD") == 1)
        #expect(header.index(of: "email") == nil)
    }
}
