import Foundation
import LibC

/// Marks a run as being imported for as long as its importing process lives: an open-file-description lock
/// (`fcntl(ofdSetLock)`, Linux) on one byte of the database file, at `2^40 + run id`.
///
/// The kernel drops the lock when the process dies, however it dies (SIGKILL, a crash), so a `running` run whose byte
/// is not locked is *stale*, and a reused pid cannot make a dead import look alive. The byte lies far above the bytes
/// SQLite locks (around 1 GiB, <https://www.sqlite.org/lockingv3.html>) and nothing is ever read or written there,
/// so SQLite's own locks never meet it.
///
/// One hazard remains, and this type exists to avoid it: closing *any* descriptor of a file releases every POSIX lock
/// the process holds on that file (fcntl(2)), including the ones SQLite's connections in this process hold (in WAL
/// mode each connection keeps a shared lock on the database file). So the descriptors opened here are never closed:
/// they are pooled per file (device and inode) and reused, one per concurrent use, for the life of the process.
/// Where OFD locks are unavailable (not Linux, or an in-memory database), `isHeld` answers nil and callers fall back to
/// `kill(pid, 0)`.
package enum ImportLock {
    /// The offset of run 0's byte: 2^40, far beyond SQLite's lock bytes and any real database size.
    package static let baseOffset: Int64 = 1 << 40

    private struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private struct HeldKey: Hashable {
        var file: FileID
        var runID: Int64
    }

    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var idle: [FileID: [(descriptor: Int32, writable: Bool)]] = [:]
        var held: [HeldKey: Int32] = [:]
        var writable: [Int32: Bool] = [:]
    }

    private static let registry = Registry()

    /// Locks run `runID`'s byte of the database file at `path` for this process until `release` (or exit).
    /// - Returns: false when OFD locks are unavailable here (the run's pid is then all that marks it alive).
    /// - Throws: `PolicyStoreError.runLockFailed` when the file cannot be opened or the byte is locked already.
    @discardableResult
    package static func acquire(databasePath path: String, runID: Int64) throws(PolicyStoreError) -> Bool {
        guard let commands = OpenFileDescriptionLock.commands, path != ":memory:" else { return false }
        guard let opened = checkOut(path, writable: true) else {
            throw .runLockFailed(id: runID, reason: SystemCall.describe(errno))
        }
        let (file, descriptor) = opened
        var request = lockRequest(F_WRLCK, runID: runID)
        guard fcntl(descriptor, commands.set, &request) == 0 else {
            let reason = SystemCall.describe(errno)
            checkIn(file, descriptor)
            throw .runLockFailed(id: runID, reason: reason)
        }
        registry.lock.withLock { registry.held[HeldKey(file: file, runID: runID)] = descriptor }
        return true
    }

    /// Releases this process's lock on run `runID` (a no-op if it holds none).
    package static func release(databasePath path: String, runID: Int64) {
        guard let commands = OpenFileDescriptionLock.commands, let file = identity(path) else { return }
        let key = HeldKey(file: file, runID: runID)
        guard let descriptor = registry.lock.withLock({ registry.held.removeValue(forKey: key) }) else { return }
        var request = lockRequest(F_UNLCK, runID: runID)
        _ = fcntl(descriptor, commands.set, &request)
        checkIn(file, descriptor)
    }

    /// Whether some process (this one included) holds run `runID`'s lock in the database file at `path`.
    /// - Returns: nil when this cannot be known here (no OFD locks, an in-memory database, an unopenable file).
    package static func isHeld(databasePath path: String, runID: Int64) -> Bool? {
        guard let commands = OpenFileDescriptionLock.commands, path != ":memory:",
            let opened = checkOut(path, writable: false)
        else { return nil }
        let (file, descriptor) = opened
        defer { checkIn(file, descriptor) }
        // F_OFD_GETLK reports locks of other open file descriptions, this process's own included; a pooled
        // descriptor that is checked out holds none itself.
        var request = lockRequest(F_WRLCK, runID: runID)
        guard fcntl(descriptor, commands.get, &request) == 0 else { return nil }
        return request.l_type != Int16(F_UNLCK)
    }

    private static func lockRequest(_ type: Int32, runID: Int64) -> flock {
        var request = flock()
        request.l_type = Int16(type)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = .init(baseOffset + runID)
        request.l_len = 1
        return request
    }

    private static func identity(_ path: String) -> FileID? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// An idle pooled descriptor of the file at `path`, or a new one (read-write if possible, else read-only unless
    /// `writable` is required).
    private static func checkOut(_ path: String, writable: Bool) -> (FileID, Int32)? {
        guard let file = identity(path) else { return nil }
        let pooled = registry.lock.withLock { () -> Int32? in
            guard let index = registry.idle[file]?.lastIndex(where: { $0.writable || !writable }) else { return nil }
            return registry.idle[file]?.remove(at: index).descriptor
        }
        if let pooled { return (file, pooled) }
        var descriptor = open(path, O_RDWR | O_CLOEXEC)
        let isWritable = descriptor >= 0
        if descriptor < 0 && !writable { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        // The path may have been replaced between stat and open: pool the descriptor under what it really is.
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }  // kept open on purpose: see the type's documentation
        let opened = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        registry.lock.withLock { registry.writable[descriptor] = isWritable }
        return (opened, descriptor)
    }

    private static func checkIn(_ file: FileID, _ descriptor: Int32) {
        registry.lock.withLock {
            registry.idle[file, default: []].append((descriptor, registry.writable[descriptor] ?? false))
        }
    }
}
