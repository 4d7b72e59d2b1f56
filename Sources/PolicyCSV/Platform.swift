import LibC

/// The C library calls this module makes (through `LibC`), so that the reader's other files call none.
enum Platform {
    /// The standard input's descriptor.
    static let standardInput = STDIN_FILENO

    /// Whether the `count` bytes at `start` hold a NUL byte (`memchr(3)`).
    static func containsNUL(_ start: UnsafeRawPointer, count: Int) -> Bool { memchr(start, 0, count) != nil }

    /// Copies `count` bytes from `source` to `destination`, which may overlap (`memmove(3)`).
    static func moveBytes(to destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer, count: Int) {
        memmove(destination, source, count)
    }

    /// Opens `path` read-only, close-on-exec: a descriptor, or -1 with `errno` set.
    static func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }

    /// Closes `descriptor`.
    static func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }

    /// The size of the regular file open on `descriptor`, or nil for anything else (pipes, terminals).
    static func regularFileSize(_ descriptor: Int32) -> Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// One `read(2)` of at most `requested` bytes, retried while interrupted: the byte count, or nil on failure (see
    /// `lastErrorReason()`).
    static func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count requested: Int) -> Int? {
        while true {
            let count = read(descriptor, buffer, requested)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// Why the last failed call failed, as `strerror(3)` words `errno` (e.g. "No such file or directory").
    static func lastErrorReason() -> String { SystemCall.describe(errno) }
}
