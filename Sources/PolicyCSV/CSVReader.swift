/// A streaming RFC 4180 CSV reader over bytes: flat memory, no per-field allocation.
///
/// The reader pulls the input in chunks (1 MiB by default) into one buffer and hands out each record as
/// a borrowed `CSVRecord`. Memory stays at about two chunks plus the longest record, whatever the file
/// size. The first record is the header (`header`); `next()` returns the data records after it.
///
/// Grammar, and the lenient choices where RFC 4180 is silent (they match Python's `csv` module):
/// - Records end at LF, CR LF or a lone CR (classic Mac OS, Excel's "CSV (Macintosh)"). Line numbers
///   count each of the three as one line end, inside quoted fields too.
/// - A field that starts with `"` is quoted: delimiters, CR and LF inside it are data, `""` is one `"`.
/// - A `"` anywhere else in an unquoted field is a literal quote (`ab"c` reads as `ab"c`).
/// - Bytes after a closing quote, up to the next delimiter, are appended as is (`"ab"cd` reads as
///   `abcd`); the field is not rejected. sqlite3 `.import` warns here instead and keeps the quote.
/// - A line with no bytes (or only a CR) is skipped, as Python's `DictReader` does; it still counts.
/// - A UTF-8 byte order mark at the very start is skipped.
/// - If the input ends inside a quoted field, that last record holds everything up to the end and is
///   flagged `endsInsideQuotes`; the validator rejects it as `unterminated-quote`.
///
/// After the header, a record never holds more than it can use, whatever the file holds: a field longer than
/// `maximumFieldBytes` after unquoting is handed out empty and flagged oversized (`CSVRecord.isOversized(_:)`), and
/// once the record outgrows the buffer the reader stops keeping such a field's bytes (it still scans them, to find
/// the record's end); fields past the header's count are not kept once the spans' buffer (16 at first) is full, so
/// `fieldCount` stops a little past the header's. One record costs at most about two chunks plus 8 KiB per header
/// column, even a 300 MB field or a line of a million delimiters.
package final class CSVReader {
    /// The default number of bytes asked of the source per read.
    package static let defaultChunkSize = 1 << 20

    /// The longest first line read before the input is refused as not a CSV (1 MiB: thousands of columns).
    package static let maximumHeaderBytes = 1 << 20

    /// The longest data field handed out, in bytes after unquoting (4 KiB: four times the longest password); a longer
    /// one is flagged oversized and its bytes are not kept.
    package static let maximumFieldBytes = 4096

    /// The first record, read when the reader is created: the header if it names the password column (see
    /// `CSVHeader(accepting:passwordColumn:)`), which `CSVRowValidator` decides.
    package private(set) var firstLine = CSVFirstLine(line: 1, names: [])
    /// The separator in use, given or detected from the header line.
    package private(set) var delimiter: CSVDialect.Delimiter = .comma

    let source: ByteSource
    let chunkSize: Int
    var buffer: UnsafeMutableRawPointer
    var capacity: Int
    /// Bytes of the buffer holding input.
    var dataEnd = 0
    /// The input offset of the buffer's first byte, plus the bytes of the record in progress that were dropped
    /// (`compactRecord()`): added to a record's start in the buffer, the input offset of that record.
    var bufferOffset = 0
    var reachedEnd = false

    // Scanning state; offsets index the buffer.
    var recordStart = 0
    var position = 0
    var fieldStart = 0
    var fieldQuoted = false
    var state = ScanState.fieldStart
    var line = 1
    var recordLine = 1
    var spans: UnsafeMutablePointer<CSVFieldSpan>
    var spanCapacity = 16
    var spanCount = 0
    /// Where the record last completed by the scanner starts in the buffer, and its line.
    var completedStart = 0
    var completedLine = 1

    // Bounds on what a data record keeps (the header has none).
    /// The longest data field handed out, in bytes after unquoting (a `let`: `next()` reads it for every record).
    let fieldByteLimit: Int
    /// A field with more raw bytes than this holds more than `fieldByteLimit` after unquoting (a quoted field's raw
    /// form is at most twice its content plus its two quotes), so its bytes need not be kept; `Int.max` while the
    /// header is read.
    var rawFieldLimit = Int.max
    /// The fields kept per record: at least one more than the header has, enough to tell a record has too many (the
    /// spans' buffer is not grown past it).
    var storedFieldLimit = Int.max

    /// Reads the header of `source`, detecting the delimiter unless `dialect` fixes it.
    ///
    /// - Parameters:
    ///   - chunkSize: bytes asked per read; tiny values exercise records spanning chunks.
    ///   - maximumFieldBytes: the longest data field handed out (after unquoting); small values exercise the bound.
    /// - Throws: `CSVImportError.missingHeader` for empty input, `.notText` for UTF-16 or a first line holding a NUL
    ///   byte or invalid UTF-8, `.unterminatedHeader`, `.readFailed`.
    package init(
        source: ByteSource, dialect: CSVDialect = CSVDialect(), chunkSize: Int = CSVReader.defaultChunkSize,
        maximumFieldBytes: Int = CSVReader.maximumFieldBytes
    ) throws(CSVImportError) {
        precondition(chunkSize > 0, "chunk size must be positive")
        precondition(maximumFieldBytes >= 0 && maximumFieldBytes < Int.max / 4, "field limit out of range")
        self.source = source
        self.chunkSize = chunkSize
        fieldByteLimit = maximumFieldBytes
        capacity = max(2 * chunkSize, 8)
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        spans = UnsafeMutablePointer<CSVFieldSpan>.allocate(capacity: spanCapacity)
        try readHeader(dialect: dialect)
    }

    /// Opens the file at `path` and reads its header.
    package convenience init(
        path: String, dialect: CSVDialect = CSVDialect(), chunkSize: Int = CSVReader.defaultChunkSize
    ) throws(CSVImportError) {
        try self.init(source: FileByteSource(path: path), dialect: dialect, chunkSize: chunkSize)
    }

    /// Reads from an open descriptor (standard input is `0`), which is left open.
    package convenience init(
        fileDescriptor: Int32, dialect: CSVDialect = CSVDialect(), chunkSize: Int = CSVReader.defaultChunkSize
    ) throws(CSVImportError) {
        try self.init(source: FileByteSource(fileDescriptor: fileDescriptor), dialect: dialect, chunkSize: chunkSize)
    }

    deinit {
        buffer.deallocate()
        spans.deallocate()
    }

    /// Input bytes up to the end of the last record returned (header and BOM included).
    package var bytesConsumed: Int { bufferOffset + recordStart }

    /// The input size when known (regular files), for progress.
    package var totalByteCount: Int? { source.totalByteCount }

    /// The share of the input consumed, from 0 to 1, when the input size is known.
    package var fractionCompleted: Double? {
        guard let total = totalByteCount else { return nil }
        return total == 0 ? 1 : min(1, Double(bytesConsumed) / Double(total))
    }

    /// The next data record, or `nil` at the end of the input.
    ///
    /// The returned record borrows the reader's buffer: it is valid only until the next call.
    /// - Throws: `CSVImportError.readFailed` if the source fails; malformed rows are not errors.
    package func next() throws(CSVImportError) -> CSVRecord? {
        try nextRecord(fieldByteLimit: fieldByteLimit)
    }

    /// The next record, with the fields longer than `fieldByteLimit` after unquoting emptied and flagged.
    private func nextRecord(fieldByteLimit: Int) throws(CSVImportError) -> CSVRecord? {
        spanCount = 0
        guard let endsInsideQuotes = try scanRecord() else { return nil }
        let base = buffer.assumingMemoryBound(to: UInt8.self) + completedStart
        // Read once: every read of a stored property of a class is checked for exclusive access.
        let (spans, spanCount) = (self.spans, self.spanCount)
        var hasOversizedField = false
        // A record no longer than the limit (nearly every one) cannot hold a field over it.
        if spanCount > 0, spans[spanCount - 1].end > fieldByteLimit {
            for index in 0..<spanCount {
                if spans[index].isQuoted {
                    spans[index].end = Self.unquote(base, from: spans[index].start, to: spans[index].end)
                }
                if spans[index].end - spans[index].start > fieldByteLimit {
                    // Handed out empty: its bytes may not all be there (`compactRecord()`), and none is of use.
                    spans[index].isOversized = true
                    spans[index].end = spans[index].start
                    hasOversizedField = true
                }
            }
        } else {
            for index in 0..<spanCount where spans[index].isQuoted {
                spans[index].end = Self.unquote(base, from: spans[index].start, to: spans[index].end)
            }
        }
        return CSVRecord(
            line: completedLine, fieldCount: spanCount, endsInsideQuotes: endsInsideQuotes,
            hasOversizedField: hasOversizedField, base: UnsafeRawPointer(base), spans: UnsafePointer(spans))
    }

    private func readHeader(dialect: CSVDialect) throws(CSVImportError) {
        while dataEnd < 3, try refill() {}
        let bytes = buffer.assumingMemoryBound(to: UInt8.self)
        if dataEnd >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            recordStart = 3
            position = 3
        } else if dataEnd >= 2, bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF {
            throw .notText(.utf16(bigEndian: bytes[0] == 0xFE))
        }
        let detected = try detectDelimiter()
        delimiter = dialect.delimiter ?? detected
        guard let record = try nextRecord(fieldByteLimit: .max) else { throw .missingHeader }
        var names: [String] = []
        for index in 0..<record.fieldCount {
            let field = record[index]
            if let base = field.baseAddress, Platform.containsNUL(base, count: field.count) {
                let recordBytes = buffer.assumingMemoryBound(to: UInt8.self) + completedStart
                throw .notText(
                    Self.utf16Order(of: recordBytes, count: dataEnd - completedStart) ?? .nulByte(line: record.line))
            }
            guard CSVUTF8.isValid(field) else { throw .notText(.invalidUTF8(line: record.line)) }
            names.append(String(decoding: field, as: UTF8.self))
        }
        guard !record.endsInsideQuotes else { throw .unterminatedHeader }
        firstLine = CSVFirstLine(line: record.line, names: names)
        rawFieldLimit = 2 * fieldByteLimit + 2
        storedFieldLimit = names.count + 1
    }

    /// UTF-16 without a byte order mark, told by its NUL bytes: ASCII text in UTF-16 has a NUL beside every
    /// character, all on odd offsets (little-endian) or all on even ones (big-endian). Looks at the first 256 bytes.
    static func utf16Order(of bytes: UnsafePointer<UInt8>, count: Int) -> CSVTextProblem? {
        let count = min(count, 256) & ~1
        guard count >= 4 else { return nil }
        var nulsAt = (even: 0, odd: 0)
        for index in 0..<count where bytes[index] == 0 {
            if index & 1 == 0 { nulsAt.even += 1 } else { nulsAt.odd += 1 }
        }
        let pairs = count / 2
        if nulsAt.odd * 2 > pairs && nulsAt.even * 8 < nulsAt.odd { return .utf16(bigEndian: false) }
        if nulsAt.even * 2 > pairs && nulsAt.odd * 8 < nulsAt.even { return .utf16(bigEndian: true) }
        return nil
    }

    /// Buffers the whole first line (at most `maximumHeaderBytes`) and picks the delimiter from it.
    ///
    /// - Throws: `CSVImportError.notText` or `.headerTooLong` when no line end comes within the limit: a binary file
    ///   or a device such as `/dev/zero` is refused at once instead of read for ever.
    private func detectDelimiter() throws(CSVImportError) -> CSVDialect.Delimiter {
        while true {
            let bytes = buffer.assumingMemoryBound(to: UInt8.self)
            var inQuotes = false
            var index = recordStart
            while index < dataEnd {
                let byte = bytes[index]
                if byte == 0x22 { inQuotes.toggle() } else if byte == 0x0A || byte == 0x0D, !inQuotes { break }
                index += 1
            }
            if index == dataEnd, index - recordStart > Self.maximumHeaderBytes {
                let start = bytes + recordStart
                if Platform.containsNUL(start, count: index - recordStart) {
                    throw .notText(Self.utf16Order(of: start, count: index - recordStart) ?? .nulByte(line: line))
                }
                throw .headerTooLong(limit: Self.maximumHeaderBytes)
            }
            if index == dataEnd, try refill() { continue }
            let lineEnd = min(index, dataEnd)
            return CSVDialect.detectDelimiter(
                in: UnsafeRawBufferPointer(start: buffer + recordStart, count: lineEnd - recordStart))
        }
    }

    /// Moves the unfinished record to the front of the buffer and reads one more chunk after it; when the buffer is
    /// full, it first drops what the record cannot use (`compactRecord()`), and grows only if that is not enough.
    ///
    /// - Returns: `false` at the end of the input.
    func refill() throws(CSVImportError) -> Bool {
        if reachedEnd { return false }
        let shift = recordStart
        if shift > 0 {
            let kept = dataEnd - shift
            if kept > 0 { Platform.moveBytes(to: buffer, from: buffer + shift, count: kept) }
            dataEnd = kept
            position -= shift
            fieldStart -= shift
            recordStart = 0
            bufferOffset += shift
        }
        if capacity - dataEnd < chunkSize, rawFieldLimit != Int.max { compactRecord() }
        if capacity - dataEnd < chunkSize {
            let newCapacity = max(2 * capacity, dataEnd + chunkSize)
            let newBuffer = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
            newBuffer.copyMemory(from: buffer, byteCount: dataEnd)
            buffer.deallocate()
            buffer = newBuffer
            capacity = newCapacity
        }
        let count = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + dataEnd, count: chunkSize))
        if count == 0 {
            reachedEnd = true
            return false
        }
        dataEnd += count
        return true
    }
}
