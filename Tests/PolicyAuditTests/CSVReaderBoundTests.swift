import Testing

@testable import PolicyAudit
@testable import PolicyCSV

/// A source of `prefix`, then `count` copies of `filler`, then `suffix`, made as it is read (never held whole), so
/// that a test can hand the reader a field of tens of megabytes and then look at what the reader kept.
final class RepeatingByteSource: ByteSource {
    private let prefix: [UInt8]
    private let filler: UInt8
    private let suffix: [UInt8]
    private let total: Int
    private var offset = 0

    init(prefix: String, filler: Character, count: Int, suffix: String) {
        self.prefix = Array(prefix.utf8)
        self.filler = filler.asciiValue!
        self.suffix = Array(suffix.utf8)
        total = self.prefix.count + count + self.suffix.count
    }

    var totalByteCount: Int? { total }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVImportError) -> Int {
        let count = min(buffer.count, total - offset)
        let fillerEnd = total - suffix.count
        var index = 0
        while index < count {
            let at = offset + index
            if at >= prefix.count && at < fillerEnd {
                let run = min(count - index, fillerEnd - at)
                (buffer.baseAddress! + index).initializeMemory(as: UInt8.self, repeating: filler, count: run)
                index += run
            } else {
                buffer[index] = at < prefix.count ? prefix[at] : suffix[at - fillerEnd]
                index += 1
            }
        }
        offset += count
        return count
    }
}

/// Issue 20: one 300 MB field (rejected anyway) used to cost 550 MB, because the reader buffered every record whole.
@Suite("CSVReader: a record keeps only what it can use")
struct CSVReaderBoundTests {
    static let fiftyMegabytes = 50 << 20
    static let header = "id,username,password\n1,ann,Good1!pass\n"
    static let tail = "\n3,cy,Other2@pass\n4,dee,Third3#pass\n"

    /// Reads `source` through the validator: each record's outcome, and the reader's buffer capacity at the end.
    static func outcomes(of source: ByteSource, chunkSize: Int = CSVReader.defaultChunkSize) throws -> (
        outcomes: [CSVRowOutcome], capacity: Int, consumed: Int
    ) {
        let reader = try CSVReader(source: source, chunkSize: chunkSize)
        let validator = try CSVRowValidator(firstLine: reader.firstLine)
        var outcomes: [CSVRowOutcome] = []
        var capacity = reader.capacity
        while let record = try reader.next() {
            outcomes.append(validator.validate(record))
            capacity = max(capacity, reader.capacity)
        }
        return (outcomes, capacity, reader.bytesConsumed)
    }

    static let hugeFields: [(name: String, prefix: String, filler: Character, suffix: String, reason: RejectReason)] = [
        ("an unquoted password", "2,bob,", "a", "", .passwordTooLong),
        ("a quoted username", "2,\"", "b", "\",Secret1!", .fieldTooLong),
        ("a quoted password of line ends", "2,bob,\"x", "\n", "\"", .passwordTooLong),
        ("a million delimiters", "2,bob,c", ",", "", .fieldCount),
    ]

    @Test(
        "a 50 MB field is rejected on its line, the reader's buffer stays at two chunks, the next rows land",
        arguments: 0..<4)
    func hugeFieldIsSkipped(case index: Int) throws {
        let huge = Self.hugeFields[index]
        let source = RepeatingByteSource(
            prefix: Self.header + huge.prefix, filler: huge.filler, count: Self.fiftyMegabytes,
            suffix: huge.suffix + Self.tail)
        let read = try Self.outcomes(of: source)
        #expect(rejections(read.outcomes) == [RowRejection(line: 3, reason: huge.reason)])
        let lineEnds = huge.filler == "\n" ? Self.fiftyMegabytes : 0
        #expect(accepted(read.outcomes).map(\.line) == [2, 4 + lineEnds, 5 + lineEnds])
        #expect(accepted(read.outcomes).map(\.password) == ["Good1!pass", "Other2@pass", "Third3#pass"])
        #expect(read.capacity <= 2 * CSVReader.defaultChunkSize, "capacity \(read.capacity)")
        #expect(read.consumed == source.totalByteCount)
    }

    @Test("a file that ends inside a 50 MB quoted field is rejected as unterminated, in bounded memory")
    func hugeUnterminatedQuote() throws {
        let source = RepeatingByteSource(
            prefix: Self.header + "2,bob,\"", filler: "z", count: Self.fiftyMegabytes, suffix: "")
        let read = try Self.outcomes(of: source, chunkSize: 1 << 16)
        #expect(rejections(read.outcomes) == [RowRejection(line: 3, reason: .unterminatedQuote)])
        #expect(read.capacity <= 2 << 16, "capacity \(read.capacity)")
    }

    @Test("a field just within the limit is kept, one byte over is rejected as field-too-long, whatever the chunks")
    func limitBoundary() throws {
        let limit = CSVReader.maximumFieldBytes
        for chunkSize in [7, 4096, CSVReader.defaultChunkSize] {
            for (length, quoted) in [(limit, false), (limit, true), (limit + 1, false), (limit + 1, true)] {
                let name = String(repeating: "\"", count: quoted ? 2 * length : length)
                let field = quoted ? "\"\(name)\"" : String(repeating: "n", count: length)
                let bytes = Array((Self.header + "2,\(field),Secret1!" + Self.tail).utf8)
                let outcomes = try validateAll(bytes, chunkSize: chunkSize)
                let expected = length > limit ? [RowRejection(line: 3, reason: .fieldTooLong)] : []
                #expect(rejections(outcomes) == expected, "length \(length), quoted \(quoted), chunk \(chunkSize)")
                #expect(accepted(outcomes).count == (length > limit ? 3 : 4))
            }
        }
    }

    /// Inputs whose fields cross a small limit in every way: quoted, unquoted, with doubled quotes, line ends inside
    /// quotes, text after a closing quote, too many fields, a lone CR at a chunk's end.
    static let limitShapes = [
        "a,b\n123456789,x\n1,2\n",
        "a,b\n\"\"\"\"\"\"\"\",x\n\"\"\"\"\"\"\"\"\"\",\"\"\"\"\"\"\"\"\"\n",
        "a,b\n\"12\"\"34\"\"56\"\"78\",x\n\"\"\"\"\"\"\"\"\"\",y\n",
        "a,b\n\"1\r\n2\n3\r4\r\n5\n\",x\n1,2\n",
        "a,b\n\"123\"456789,x\r1,2\r\n",
        "a,b\n1,2,3,4,5,6,7,8,9,10,11,12,13\n1,2\n",
        "a,b\nx,\"1234567890\n",
        "a,b\n1,22\r333,4444\r\r55555,666666\n\"7777777\"\n",
        "a,b\n,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,\"\n\n\n\"\n1,2\n",
        "a,b\n\"1234\"\"\"\"\"\"\"\"\"\"\"\"5\"\"\"\"\"\"\"\"\"\"\",\"123\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\n",
    ]

    @Test(
        "with a small field limit, every chunk size gives the same records, oversized flags and line numbers",
        arguments: limitShapes)
    func chunkSizesAgreeAtTheLimit(text: String) throws {
        func read(_ chunkSize: Int) throws -> [(line: Int, fields: [[UInt8]], oversized: [Bool], open: Bool)] {
            let reader = try CSVReader(
                source: MemoryByteSource(Array(text.utf8)), chunkSize: chunkSize, maximumFieldBytes: 3)
            var records: [(line: Int, fields: [[UInt8]], oversized: [Bool], open: Bool)] = []
            while let record = try reader.next() {
                records.append(
                    (
                        record.line, record.fields, (0..<record.fieldCount).map(record.isOversized),
                        record.endsInsideQuotes
                    ))
            }
            #expect(reader.bytesConsumed == text.utf8.count, "chunk \(chunkSize)")
            return records
        }
        let whole = try read(CSVReader.defaultChunkSize)
        for record in whole {
            for (field, oversized) in zip(record.fields, record.oversized) {
                #expect(oversized ? field.isEmpty : field.count <= 3)
            }
            #expect(record.fields.count <= 16)
        }
        for chunkSize in 1...9 {
            let pieces = try read(chunkSize)
            #expect(pieces.map(\.line) == whole.map(\.line), "chunk \(chunkSize)")
            #expect(pieces.map(\.fields) == whole.map(\.fields), "chunk \(chunkSize)")
            #expect(pieces.map(\.oversized) == whole.map(\.oversized), "chunk \(chunkSize)")
            #expect(pieces.map(\.open) == whole.map(\.open), "chunk \(chunkSize)")
        }
    }

    @Test("a one-column file's oversized field is rejected, not skipped as a blank line")
    func oversizedSoleField() throws {
        let long = String(repeating: "p", count: CSVReader.maximumFieldBytes + 1)
        for chunkSize in [5, CSVReader.defaultChunkSize] {
            let outcomes = try validateAll(Array("password\n\(long)\nok\n\"\(long)\"\n".utf8), chunkSize: chunkSize)
            #expect(
                rejections(outcomes) == [
                    RowRejection(line: 2, reason: .passwordTooLong), RowRejection(line: 4, reason: .passwordTooLong),
                ])
            #expect(accepted(outcomes).map(\.line) == [3])
        }
    }

    @Test("the header itself may hold long names: the limit applies to the data records")
    func longHeaderName() throws {
        let name = String(repeating: "h", count: CSVReader.maximumFieldBytes * 2)
        let read = try readAll("\(name),password\nx,Secret1!\n")
        #expect(read.header == [name, "password"])
        #expect(read.records.map(\.fields) == [["x", "Secret1!"]])
    }
}
