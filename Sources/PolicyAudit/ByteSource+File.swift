#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        var info = stat()
        if fstat(fileDescriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            totalByteCount = Int(info.st_size)
        } else {
            totalByteCount = nil
        }
    }

    /// Opens `path` read-only.
    ///
    /// - Throws: `CSVImportError.cannotOpen` naming the path and the system's reason.
    package convenience init(path: String) throws(CSVImportError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        self.init(fileDescriptor: descriptor, closesOnDeinit: true)
    }

    /// A source reading the process's standard input, which it leaves open.
    package static func standardInput() -> FileByteSource {
        FileByteSource(fileDescriptor: STDIN_FILENO)
    }

    deinit {
        if closesOnDeinit { _ = close(fileDescriptor) }
    }

    /// Reads with one `read(2)` call of at most `buffer.count` bytes, retrying when interrupted.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVImportError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = systemRead(fileDescriptor, base, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw .readFailed(reason: String(cString: strerror(errno)))
        }
    }
}

/// `read(2)`, reachable from inside a type that has its own `read` method.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
