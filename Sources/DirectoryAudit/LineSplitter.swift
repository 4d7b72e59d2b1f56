import Foundation

/// Splits bytes into lines at LF, dropping one CR before it, numbered from 1; a last line without LF counts.
enum LineSplitter {
    /// Calls `body` with each line's number (the first `first`) and bytes (valid only during the call).
    static func forEachLine(
        in bytes: UnsafeRawBufferPointer, numberingFrom first: Int = 1, _ body: (Int, UnsafeRawBufferPointer) -> Void
    ) {
        var start = 0
        var number = first - 1
        while start < bytes.count {
            let end = nextLineFeed(in: bytes, from: start)
            var stop = end
            if stop > start, bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
            number += 1
            body(number, UnsafeRawBufferPointer(rebasing: bytes[start..<stop]))
            start = end + 1
        }
    }

    /// How many ranges `chunks` should cut an input of `byteCount` bytes into: one per processor (at most 4) from a
    /// megabyte on, one below.
    static func defaultChunkCount(byteCount: Int) -> Int {
        byteCount < 1 << 20 ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, 4)
    }

    /// Reads `bytes` in `count` ranges of whole lines (`chunks`; by default `defaultChunkCount`), each on its own
    /// thread: `read` is given a range's bytes and the number of its first line. The results are in file order; one
    /// range is read on the calling thread.
    static func readInRanges<Part>(
        _ bytes: UnsafeRawBufferPointer, count: Int? = nil, _ read: @Sendable (UnsafeRawBufferPointer, Int) -> Part
    ) -> [Part] {
        let chunks = chunks(of: bytes, count: count ?? defaultChunkCount(byteCount: bytes.count))
        guard chunks.count > 1 else { return [read(bytes, 1)] }
        var parts = [Part?](repeating: nil, count: chunks.count)
        parts.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let parts = buffer  // each thread writes its own index
            nonisolated(unsafe) let bytes = bytes
            DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
                let (range, firstLine) = chunks[index]
                parts[index] = read(UnsafeRawBufferPointer(rebasing: bytes[range]), firstLine)
            }
        }
        return parts.map { $0! }
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
    /// about equal in size, each with the number of its first line: reading them one after the other, each numbered
    /// from there, reads the lines `forEachLine` reads.
    static func chunks(of bytes: UnsafeRawBufferPointer, count: Int) -> [(range: Range<Int>, firstLine: Int)] {
        let count = max(count, 1)
        var chunks: [(range: Range<Int>, firstLine: Int)] = []
        var start = 0
        var firstLine = 1
        for index in 1...count where start < bytes.count {
            let target = index == count ? bytes.count : max(start, bytes.count * index / count)
            let end = target >= bytes.count ? bytes.count : min(nextLineFeed(in: bytes, from: target) + 1, bytes.count)
            chunks.append((start..<end, firstLine))
            // The next range's first line: one past this range's LFs (it ends with one). The last range's lines
            // number nothing after them, and are not counted.
            var at = start
            while end < bytes.count && at < end {
                at = nextLineFeed(in: bytes, from: at) + 1
                firstLine += 1
            }
            start = end
        }
        return chunks
    }
}
