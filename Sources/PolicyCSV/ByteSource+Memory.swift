/// A `ByteSource` over bytes already in memory, for tests and for small inputs built by the program.
package final class MemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    /// Serves `bytes` from the start.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The number of bytes held.
    package var totalByteCount: Int? { bytes.count }

    /// Copies the next bytes, as many as fit.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVImportError) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
        }
        offset += count
        return count
    }
}
