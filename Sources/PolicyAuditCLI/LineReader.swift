import LibC

/// Reads LF- or CRLF-terminated lines from a file descriptor, in chunks.
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
    /// Called just before the reader blocks waiting for more input (e.g. to flush answers to a coprocess).
    var willWait: () -> Void = {}

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
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                defer { start = newline + 1 }
                return line(buffer[start..<end])
            }
            if atEnd {
                guard start < buffer.count || skipping else { return nil }
                defer { start = buffer.count }
                return line(buffer[start...])
            }
            buffer.removeSubrange(0..<start)
            start = 0
            if buffer.count - 1 > maximumLineBytes {  // - 1: the line's CR may still be in it
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
        willWait()
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
