/// A `ByteSource` over a POSIX file descriptor: a file opened by path, standard input, or a pipe.
///
/// Reads go straight to `read(2)` (retrying on `EINTR`); nothing is buffered here, so the caller's chunk
/// size decides the system-call size. A descriptor this type opened is closed when it is deinitialised.
package final class FileByteSource: ByteSource {
    /// The descriptor read from.
    package let fileDescriptor: Int32
    /// The size of the input when the descriptor is a regular file, else `nil` (pipes, terminals).
    package let totalByteCount: Int?
    private let closesOnDeinit: Bool

    /// Wraps an already open descriptor, which stays open after the source goes away unless `closesOnDeinit`.
    package init(fileDescriptor: Int32, closesOnDeinit: Bool = false) {
        self.fileDescriptor = fileDescriptor
        self.closesOnDeinit = closesOnDeinit
        totalByteCount = Platform.regularFileSize(fileDescriptor)
    }

    /// Opens `path` read-only.
    ///
    /// - Throws: `CSVImportError.cannotOpen` naming the path and the system's reason.
    package convenience init(path: String) throws(CSVImportError) {
        let descriptor = Platform.openForReading(path)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: Platform.lastErrorReason())
        }
        self.init(fileDescriptor: descriptor, closesOnDeinit: true)
    }

    /// A source reading the process's standard input, which it leaves open.
    package static func standardInput() -> FileByteSource {
        FileByteSource(fileDescriptor: Platform.standardInput)
    }

    deinit {
        if closesOnDeinit { Platform.closeDescriptor(fileDescriptor) }
    }

    /// Reads with one `read(2)` call of at most `buffer.count` bytes, retrying when interrupted.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVImportError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        guard let count = Platform.readBytes(fileDescriptor, into: base, count: buffer.count) else {
            throw .readFailed(reason: Platform.lastErrorReason())
        }
        return count
    }
}
