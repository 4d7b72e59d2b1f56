import AuditRepositories
import Foundation
import LibC

/// The one way pwaudit writes a file a user named (reports, rejects, the demo's HTML report): never over its own
/// database, journals, key or input; through a FIFO, a device or a symbolic link; atomically over a regular file.
///
/// - A path that is (after following links, or by device and inode) a `ProtectedFile` is refused before anything
///   is written: `OutputFileError.clash`.
/// - A regular file, or a new one, is written to a temporary file in the same directory, which `commit()` flushes
///   to disk and renames over the target: until then the old file is untouched, and `discard()` (or releasing the
///   writer uncommitted) removes the temporary file. The replacement keeps the old file's mode; a new file gets
///   mode 0600. A symbolic link stays a link: its target is what is replaced.
/// - A FIFO or a character or block device is opened and written in place; nothing is created or renamed.
package final class OutputFile {
    private enum Kind {
        case replacing(temporary: String, target: String)
        case inPlace
    }

    /// The path as the user gave it, as messages name it.
    package let name: String
    private let descriptor: Int32
    private let kind: Kind
    private var finished = false

    /// Checks `path` against `protected` and opens it for writing (see the type's description).
    ///
    /// - Parameters:
    ///   - path: The file to write (absolute, or relative to the working directory).
    ///   - name: How messages name it (the path as typed); `path` when nil.
    ///   - option: The option that named it (`--rejects`, `--output`), for a clash's message.
    ///   - protected: Files the output must not be.
    /// - Throws: `OutputFileError.clash` when `path` is a protected file; `.cannotWrite` when it is a directory or
    ///   cannot be opened or created.
    package init(
        path: String, name: String? = nil, option: String, protecting protected: [ProtectedFile]
    ) throws(OutputFileError) {
        let name = name ?? path
        self.name = name
        var info = stat()
        guard stat(path, &info) == 0 else {
            guard errno == ENOENT else { throw .cannotWrite(path: name, reason: Self.lastError()) }
            try Self.checkClashes(path: path, name: name, option: option, protected: protected)
            (descriptor, kind) = try Self.temporary(beside: Self.resolvedPath(path), mode: nil, name: name)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            try Self.checkClashes(path: path, name: name, option: option, protected: protected)
            guard access(path, W_OK) == 0 else { throw .cannotWrite(path: name, reason: Self.lastError()) }
            (descriptor, kind) = try Self.temporary(
                beside: Self.resolvedPath(path), mode: info.st_mode & 0o777, name: name)
        case S_IFIFO, S_IFCHR, S_IFBLK:
            let opened = open(path, O_WRONLY | O_CLOEXEC)
            guard opened >= 0 else { throw .cannotWrite(path: name, reason: Self.lastError()) }
            (descriptor, kind) = (opened, .inPlace)
        case S_IFDIR:
            throw .cannotWrite(path: name, reason: "it is a directory")
        default:
            throw .cannotWrite(path: name, reason: "it is not a regular file, a FIFO or a device")
        }
    }

    deinit { discard() }

    /// Writes `text` as UTF-8.
    /// - Throws: `OutputFileError.cannotWrite` (a full disk, a closed FIFO); the caller then discards the file.
    package func write(_ text: String) throws(OutputFileError) {
        var text = text
        try check(text.withUTF8 { writeAll(UnsafeRawBufferPointer($0)) })
    }

    /// Writes `bytes` as they are.
    /// - Throws: `OutputFileError.cannotWrite`.
    package func write(_ bytes: [UInt8]) throws(OutputFileError) {
        try check(bytes.withUnsafeBytes { writeAll($0) })
    }

    private func check(_ failure: Int32?) throws(OutputFileError) {
        guard let failure else { return }
        throw .cannotWrite(path: name, reason: failure < 0 ? "the file is already closed" : Self.describe(failure))
    }

    /// Writes all of `bytes`; returns the `errno` of a failed write (-1 after `commit()`/`discard()`).
    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard !finished else { return -1 }
        return SystemCall.writeAll(bytes, to: descriptor)
    }

    /// Finishes the file: a replacement is flushed to disk and renamed over the target; a FIFO or device is closed.
    /// - Throws: `OutputFileError.cannotWrite`; the temporary file is removed and the target left as it was.
    package func commit() throws(OutputFileError) {
        guard !finished else { return }
        finished = true
        switch kind {
        case .inPlace:
            guard close(descriptor) == 0 else { throw .cannotWrite(path: name, reason: Self.lastError()) }
        case .replacing(let temporary, let target):
            guard fsync(descriptor) == 0 else {
                let reason = Self.lastError()
                _ = close(descriptor)
                _ = unlink(temporary)
                throw .cannotWrite(path: name, reason: reason)
            }
            guard close(descriptor) == 0, rename(temporary, target) == 0 else {
                let reason = Self.lastError()
                _ = unlink(temporary)
                throw .cannotWrite(path: name, reason: reason)
            }
            Self.syncDirectory(of: target)
        }
    }

    /// Abandons the file: a replacement's temporary file is removed (the target is untouched); a FIFO or device is
    /// closed. Does nothing after `commit()`.
    package func discard() {
        guard !finished else { return }
        finished = true
        _ = close(descriptor)
        if case .replacing(let temporary, _) = kind { _ = unlink(temporary) }
    }

    /// Writes `text` to `path` as one file, through `OutputFile`.
    /// - Throws: `OutputFileError`.
    package static func write(
        _ text: String, to path: String, name: String? = nil, option: String, protecting protected: [ProtectedFile]
    ) throws(OutputFileError) {
        let file = try OutputFile(path: path, name: name, option: option, protecting: protected)
        try file.write(text)
        try file.commit()
    }

    /// Refuses `path` if it is, or would be, one of `protected`: the same resolved path (links followed, for a file
    /// that does not exist yet its resolved directory), or the same device and inode.
    /// - Throws: `OutputFileError.clash` naming the first protected file it is.
    package static func checkClashes(
        path: String, name: String? = nil, option: String, protected: [ProtectedFile]
    ) throws(OutputFileError) {
        let target = resolvedPath(path)
        var targetInfo = stat()
        let exists = stat(path, &targetInfo) == 0
        for file in protected {
            var info = stat()
            let sameInode =
                exists && stat(file.path, &info) == 0 && info.st_dev == targetInfo.st_dev
                && info.st_ino == targetInfo.st_ino
            if sameInode || resolvedPath(file.path) == target {
                throw .clash(option: option, path: name ?? path, role: file.role)
            }
        }
    }

    /// `path` with every symbolic link followed (a dangling link to its would-be target), as an absolute path; for
    /// a file that does not exist, its resolved directory joined with its name (`SystemCall.resolvedPath`).
    package static func resolvedPath(_ path: String) -> String { SystemCall.resolvedPath(path) }

    private static func temporary(beside target: String, mode: mode_t?, name: String) throws(OutputFileError)
        -> (Int32, Kind)
    {
        let directory = (target as NSString).deletingLastPathComponent
        let base = (target as NSString).lastPathComponent
        var template = Array((directory as NSString).appendingPathComponent(".\(base).pwaudit-XXXXXX").utf8CString)
        let opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard opened >= 0 else { throw .cannotWrite(path: name, reason: lastError()) }
        _ = fcntl(opened, F_SETFD, FD_CLOEXEC)
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if let mode, fchmod(opened, mode) != 0 {
            let reason = lastError()
            _ = close(opened)
            _ = unlink(temporary)
            throw .cannotWrite(path: name, reason: reason)
        }
        return (opened, .replacing(temporary: temporary, target: target))
    }

    /// Makes a rename durable: fsyncs the directory holding `path` (best effort).
    private static func syncDirectory(of path: String) {
        let directory = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_CLOEXEC)
        guard directory >= 0 else { return }
        _ = fsync(directory)
        _ = close(directory)
    }

    private static func lastError() -> String { describe(errno) }

    private static func describe(_ code: Int32) -> String { SystemCall.describe(code) }
}
