#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads LF- or CRLF-terminated lines from a file descriptor, in chunks.
struct LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    /// Reads from `descriptor` (not closed).
    init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next line without its terminator, or nil at end of input. Invalid UTF-8 is repaired with U+FFFD.
    mutating func nextLine() throws(CLIIOError) -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return line
            }
            buffer.removeSubrange(0..<start)
            start = 0
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }  // a signal (e.g. SIGWINCH on a terminal) interrupted the read
                throw .readFailed(what: "standard input", errno: errno)
            }
            if count == 0 { atEnd = true } else { buffer.append(contentsOf: chunk[0..<count]) }
        }
    }
}
