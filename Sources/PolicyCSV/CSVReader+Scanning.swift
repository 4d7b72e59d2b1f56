/// Where the scanner stands inside a record; kept between calls so a record may span chunks.
enum ScanState {
    /// At the first byte of a field.
    case fieldStart
    /// Inside an unquoted field, or after the closing quote of a quoted one.
    case unquoted
    /// Inside a quoted field.
    case quoted
    /// Just after a `"` inside a quoted field: `""` or the closing quote, decided by the next byte.
    case quoteInQuoted
}

private let quote: UInt8 = 0x22
private let lineFeed: UInt8 = 0x0A
private let carriageReturn: UInt8 = 0x0D

extension CSVReader {
    /// Scans the next record into `spans`, reading more input as needed.
    ///
    /// - Returns: `nil` at the end of the input, else whether the record ended inside quotes.
    func scanRecord() throws(CSVImportError) -> Bool? {
        while true {
            if scanBuffered() { return false }
            if try !refill() { return finishAtEnd() }
        }
    }

    /// Scans the buffered bytes; `true` when a record ended at a line feed.
    private func scanBuffered() -> Bool {
        let bytes = buffer.assumingMemoryBound(to: UInt8.self)
        let end = dataEnd
        let separator = delimiter.rawValue
        var index = position
        var state = self.state
        var line = self.line
        var fieldStart = self.fieldStart
        defer {
            self.position = index
            self.state = state
            self.line = line
            self.fieldStart = fieldStart
        }
        while index < end {
            switch state {
            case .fieldStart:
                fieldStart = index
                if bytes[index] == quote {
                    fieldQuoted = true
                    state = .quoted
                    index &+= 1
                    continue
                }
                fieldQuoted = false
                state = .unquoted
                fallthrough
            case .unquoted:
                // One pass looks for all three bytes that end a field: the separator, LF and CR.
                while index < end {
                    let byte = bytes[index]
                    if byte == separator || byte == lineFeed || byte == carriageReturn { break }
                    index &+= 1
                }
                if index == end { return false }
                let stop = bytes[index]
                if stop == separator {
                    appendSpan(from: fieldStart, to: index)
                    index &+= 1
                    state = .fieldStart
                    continue
                }
                var lineEnd = index &+ 1
                if stop == carriageReturn {
                    // CR LF is one line end, a lone CR another; which one needs the next byte, perhaps not read yet
                    // (the scan resumes at this CR; at the end of the input `finishAtEnd` drops it).
                    if lineEnd == end { return false }
                    if bytes[lineEnd] == lineFeed { lineEnd &+= 1 }
                }
                appendSpan(from: fieldStart, to: index)
                index = lineEnd
                line &+= 1
                state = .fieldStart
                if isBlankLine {
                    spanCount = 0
                    recordStart = index
                    recordLine = line
                    continue
                }
                completeRecord(nextStart: index, nextLine: line)
                return true
            case .quoted:
                // A CR, a LF or a CR LF inside quotes is data but still a line end: a CR counts, and so does a LF
                // unless a CR precedes it (the byte before is always buffered: the field's opening quote is).
                while index < end {
                    let byte = bytes[index]
                    if byte == quote { break }
                    if byte == carriageReturn || (byte == lineFeed && bytes[index &- 1] != carriageReturn) {
                        line &+= 1
                    }
                    index &+= 1
                }
                if index == end { return false }
                index &+= 1
                state = .quoteInQuoted
            case .quoteInQuoted:
                if bytes[index] == quote {
                    state = .quoted
                    index &+= 1
                } else {
                    state = .unquoted
                }
            }
        }
        return false
    }

    /// Ends the record the input stopped in; `nil` when there was none.
    private func finishAtEnd() -> Bool? {
        let end = dataEnd
        var endsInsideQuotes = false
        switch state {
        case .fieldStart:
            if spanCount == 0 { return nil }
            fieldQuoted = false
            appendSpan(from: end, to: end)
        case .unquoted:
            let bytes = buffer.assumingMemoryBound(to: UInt8.self)
            appendSpan(from: fieldStart, to: end > fieldStart && bytes[end - 1] == carriageReturn ? end - 1 : end)
        case .quoteInQuoted:
            appendSpan(from: fieldStart, to: end)
        case .quoted:
            appendSpan(from: fieldStart, to: end)
            endsInsideQuotes = true
        }
        state = .fieldStart
        position = end
        if isBlankLine {
            spanCount = 0
            recordStart = end
            return nil
        }
        completeRecord(nextStart: end, nextLine: line)
        return endsInsideQuotes
    }

    /// A record of one empty unquoted field is a blank line, which is skipped.
    private var isBlankLine: Bool {
        spanCount == 1 && !spans[0].isQuoted && spans[0].start == spans[0].end
    }

    private func completeRecord(nextStart: Int, nextLine: Int) {
        completedStart = recordStart
        completedLine = recordLine
        recordStart = nextStart
        recordLine = nextLine
    }

    private func appendSpan(from start: Int, to end: Int) {
        if spanCount == spanCapacity {
            // The buffer of spans is full: past the header's count a field is dropped, not kept (the record already
            // has too many), so a line of a million delimiters costs no more than the header's fields.
            if spanCount >= storedFieldLimit { return }
            let grown = UnsafeMutablePointer<CSVFieldSpan>.allocate(capacity: 2 * spanCapacity)
            grown.moveInitialize(from: spans, count: spanCount)
            spans.deallocate()
            spans = grown
            spanCapacity *= 2
        }
        (spans + spanCount).initialize(
            to: CSVFieldSpan(
                start: start - recordStart, end: end - recordStart, isQuoted: fieldQuoted, isOversized: false))
        spanCount &+= 1
    }

    /// Whether the field at `index` of the record in progress will be kept (see `appendSpan`).
    private func keepsField(at index: Int) -> Bool { index < spanCapacity || index < storedFieldLimit }

    /// Drops from the record in progress, at the front of the buffer, the bytes it cannot use, so that one record
    /// costs at most about `rawFieldLimit` bytes per kept field whatever the file holds.
    ///
    /// A field with more than `rawFieldLimit` raw bytes holds more than `fieldByteLimit` after unquoting, and so does
    /// any `rawFieldLimit + 1` of its bytes (unquoting at most halves them, after the opening quote): it keeps that
    /// many, enough for `next()` to find it oversized, and the field in progress keeps them and the last byte scanned
    /// (the scan looks back one byte). A field that will not be kept keeps nothing. The kept fields are packed together
    /// (the delimiters between them are no longer needed), followed by the bytes the scan still needs.
    func compactRecord() {
        let bytes = buffer.assumingMemoryBound(to: UInt8.self)
        let keptOfLong = rawFieldLimit + 1
        var write = 0
        for index in 0..<spanCount {
            let span = spans[index]
            let count = min(span.end - span.start, keptOfLong)
            if count > 0, write != span.start {
                Platform.moveBytes(to: bytes + write, from: bytes + span.start, count: count)
            }
            spans[index].start = write
            spans[index].end = write + count
            write += count
        }
        // The bytes from `tail` on are kept as they are: the field in progress when it is kept whole, else the byte
        // before `position`. Every span ends before either.
        var tail = max(position - 1, write)
        let newFieldStart = write
        if state != .fieldStart, keepsField(at: spanCount) {
            if position - 1 > fieldStart + keptOfLong {
                Platform.moveBytes(to: bytes + write, from: bytes + fieldStart, count: keptOfLong)
                write += keptOfLong
            } else {
                tail = fieldStart
            }
        }
        let dropped = tail - write
        guard dropped > 0 else { return }
        Platform.moveBytes(to: bytes + write, from: bytes + tail, count: dataEnd - tail)
        if state != .fieldStart { fieldStart = fieldStart >= tail ? fieldStart - dropped : newFieldStart }
        position -= dropped
        dataEnd -= dropped
        bufferOffset += dropped
    }

    /// Unquotes the field at `start..<end` of `record` in place and returns its new end.
    ///
    /// The field's first byte is its opening quote. Inside quotes `""` becomes `"` and a lone `"` closes
    /// them; after that every byte is kept as is. Output never outgrows input, so writing can trail reading.
    static func unquote(_ record: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var read = start + 1
        var write = start
        var inQuotes = true
        while read < end {
            let byte = record[read]
            if inQuotes, byte == quote {
                if read + 1 < end, record[read + 1] == quote {
                    record[write] = quote
                    write += 1
                    read += 2
                } else {
                    inQuotes = false
                    read += 1
                }
            } else {
                record[write] = byte
                write += 1
                read += 1
            }
        }
        return write
    }
}
