/// Splits bytes into lines at LF, dropping one CR before it, numbered from 1; a last line without LF counts.
enum LineSplitter {
    /// Calls `body` with each line's number and bytes (valid only during the call).
    static func forEachLine(in bytes: UnsafeRawBufferPointer, _ body: (Int, UnsafeRawBufferPointer) -> Void) {
        var start = 0
        var number = 0
        while start < bytes.count {
            let end =
                UnsafeRawBufferPointer(rebasing: bytes[start...]).firstIndex(of: UInt8(ascii: "\n"))
                .map { start + $0 } ?? bytes.count
            var stop = end
            if stop > start, bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
            number += 1
            body(number, UnsafeRawBufferPointer(rebasing: bytes[start..<stop]))
            start = end + 1
        }
    }
}
