import Foundation

/// Splits bytes into lines at LF, dropping one CR before it, numbered from 1; a last line without LF counts.
enum LineSplitter {
    /// Calls `body` with each line's number and bytes (valid only during the call).
    static func forEachLine(in bytes: UnsafeRawBufferPointer, _ body: (Int, UnsafeRawBufferPointer) -> Void) {
        var start = 0
        var number = 0
        while start < bytes.count {
            let end = nextLineFeed(in: bytes, from: start)
            var stop = end
            if stop > start, bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
            number += 1
            body(number, UnsafeRawBufferPointer(rebasing: bytes[start..<stop]))
            start = end + 1
        }
    }

    /// The index of the first LF at or after `start`, or `bytes.count`.
    @inline(__always)
    static func nextLineFeed(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
        else { return bytes.count }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// `bytes` cut into at most `count` ranges of whole lines (each but the last ends just after an LF), in order,
    /// about equal in size: reading them one after the other reads the lines `forEachLine` reads, with each range's
    /// line numbers counted from its own start.
    static func chunks(of bytes: UnsafeRawBufferPointer, count: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for index in 1...max(count, 1) where start < bytes.count {
            let target = index == count ? bytes.count : max(start, bytes.count * index / count)
            let end = target >= bytes.count ? bytes.count : min(nextLineFeed(in: bytes, from: target) + 1, bytes.count)
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }
}
