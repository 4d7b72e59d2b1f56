import AuditCrypto
import PolicyCSV

/// A `ByteSource` that hashes every byte it passes on, so an import learns its input's SHA-256 in the same pass.
package final class HashingByteSource: ByteSource {
    private let base: ByteSource
    private let hasher = SHA256Hasher()
    /// Bytes passed on so far.
    package private(set) var byteCount = 0

    /// Wraps `base`.
    package init(_ base: ByteSource) { self.base = base }

    package var totalByteCount: Int? { base.totalByteCount }

    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVImportError) -> Int {
        let count = try base.read(into: buffer)
        if count > 0 {
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            byteCount += count
        }
        return count
    }

    /// The SHA-256 (hex) of everything read; call once, after the source is exhausted.
    package func finalizeHex() -> String { Hex.encode(hasher.finalize()) }

    /// Reads the rest of the source and returns the SHA-256 (hex) of everything read, start to end.
    package func drainedHex() throws(CSVImportError) -> String {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while try read(into: buffer) > 0 {}
        return finalizeHex()
    }
}
