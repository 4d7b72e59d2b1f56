/// A `ByteSource` over text made one line at a time: a header, then each line `nextLine` gives until it gives nil.
/// A generated CSV so streams into an import without ever being written to a file, and memory stays flat for any
/// number of lines. The lines may hold passwords: each is overwritten with zeros once copied out.
package final class LineStreamByteSource: ByteSource {
    private let nextLine: () -> String?
    private var pending: [UInt8]
    private var offset = 0

    /// Streams `header` (with its line feed, if any), then each line of `nextLine` (with theirs) until it gives nil.
    package init(header: String, nextLine: @escaping () -> String?) {
        self.nextLine = nextLine
        pending = Array(header.utf8)
    }

    deinit { wipe() }

    /// Unknown up front: lines are made as they are read.
    package var totalByteCount: Int? { nil }

    /// Copies as many bytes as fit; `0` once every line has been handed out.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVImportError) -> Int {
        var written = 0
        while written < buffer.count {
            if offset == pending.count {
                wipe()
                guard let line = nextLine() else { break }
                pending.removeAll(keepingCapacity: true)
                pending.append(contentsOf: line.utf8)
                offset = 0
            }
            let count = min(buffer.count - written, pending.count - offset)
            pending.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(rebasing: buffer[written..<(written + count)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
            }
            offset += count
            written += count
        }
        return written
    }

    private func wipe() {
        for index in pending.indices { pending[index] = 0 }
    }
}
