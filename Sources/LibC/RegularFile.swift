/// A regular file opened for reading, the one way pwaudit opens a file it will map or read whole (a breach corpus, a
/// `file:` list): without blocking, since a FIFO would wait for a writer, and refused unless it is a regular file,
/// since a FIFO or a device has no size to measure and may never end.
package struct RegularFile {
    /// Why the file could not be opened.
    package enum Failure: Error, Equatable {
        /// Nothing is at the path.
        case missing
        /// The system refused it; `reason` is its sentence (`strerror`).
        case unreadable(reason: String)
        /// It is a directory, a FIFO, a device or a socket.
        case notRegular
    }

    /// The open descriptor; the caller closes it.
    package let descriptor: Int32
    /// Its status, taken on the descriptor (so a symlink is measured by its target).
    package let status: stat

    /// Opens `path` read-only, close-on-exec.
    /// - Throws: `Failure` for a missing path, a refusal, or anything but a regular file (closed again).
    package init(path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENOENT ? .missing : .unreadable(reason: SystemCall.describe(errno))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = SystemCall.describe(errno)
            close(descriptor)
            throw .unreadable(reason: reason)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .notRegular
        }
        self.descriptor = descriptor
        self.status = status
    }
}
