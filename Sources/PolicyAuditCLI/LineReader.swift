import LibC

/// Reads lines from a file descriptor, in chunks: a line ends at LF, CR LF or a lone CR, as a record of import's CSV
/// reader does (`CSVReader`).
struct LineReader {
    /// One line's bytes without its terminator, or the fact that it was longer than the reader's limit.
    enum RawLine: Equatable {
        case bytes([UInt8])
        /// The line exceeded `maximumLineBytes`; its bytes were dropped as they came, never held whole.
        case overLong
    }

    private let descriptor: Int32
    private let maximumLineBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// True while the rest of an over-long line is being skipped.
    private var skipping = false
    /// True when the last line ended at a CR: a LF right after it, perhaps not read yet, is the rest of a CR LF.
    /// The line is handed out at the CR, without waiting for the next byte (a coprocess may wait for its answer).
    private var afterCarriageReturn = false
    /// Called just before the reader reads more input, which may block (e.g. to flush answers to a coprocess); what
    /// it throws stops the reader before it reads (`check` stops there once standard output has failed).
    var willWait: () throws(CLIIOError) -> Void = {}

    /// Reads from `descriptor` (not closed); a line longer than `maximumLineBytes` (terminator excluded) comes back
    /// as `.overLong`.
    init(descriptor: Int32, maximumLineBytes: Int = .max) {
        self.descriptor = descriptor
        self.maximumLineBytes = maximumLineBytes
    }

    /// The next line without its terminator, or nil at end of input. Invalid UTF-8 is repaired with U+FFFD, and an
    /// over-long line (only with a `maximumLineBytes`) is the empty string: callers that must refuse either use
    /// `nextRawLine()`.
    mutating func nextLine() throws(CLIIOError) -> String? {
        switch try nextRawLine() {
        case nil: nil
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        case .overLong: ""
        }
    }

    /// The next line's raw bytes without its terminator, or nil at end of input.
    mutating func nextRawLine() throws(CLIIOError) -> RawLine? {
        let lineFeed = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        while true {
            if afterCarriageReturn, start < buffer.count {
                afterCarriageReturn = false
                if buffer[start] == lineFeed { start += 1 }
            }
            if let end = buffer[start...].firstIndex(where: { $0 == lineFeed || $0 == carriageReturn }) {
                afterCarriageReturn = buffer[end] == carriageReturn
                defer { start = end + 1 }
                return line(buffer[start..<end])
            }
            if atEnd {
                guard start < buffer.count || skipping else { return nil }
                defer { start = buffer.count }
                return line(buffer[start...])
            }
            buffer.removeSubrange(0..<start)
            start = 0
            if buffer.count > maximumLineBytes {  // no terminator in it: all of it is the line's
                skipping = true
                buffer.removeAll(keepingCapacity: true)
            }
            try fill()
        }
    }

    private mutating func line(_ bytes: ArraySlice<UInt8>) -> RawLine {
        if skipping || bytes.count > maximumLineBytes {
            skipping = false
            return .overLong
        }
        return .bytes(Array(bytes))
    }

    /// Reads one chunk into the buffer, or notes the end of input.
    private mutating func fill() throws(CLIIOError) {
        try willWait()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }  // a signal (e.g. SIGWINCH on a terminal) interrupted the read
                throw .readFailed(what: "standard input", errno: errno)
            }
            if count == 0 { atEnd = true } else { buffer.append(contentsOf: chunk[0..<count]) }
            return
        }
    }
}
