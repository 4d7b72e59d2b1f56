import LibC

/// The HMAC key that fingerprints passwords lives in its own file (mode 0600), outside the database.
///
/// By default the key of `audit.db` is `audit.db.key`. A lost key cannot be replaced: fingerprints made with a new key
/// would not match the old ones, so `load` never creates a key and `create` never overwrites one.
package enum FingerprintKeyStore {
    /// Creates a new random key file at `path` with mode 0600.
    /// - Throws: `FingerprintKeyError.alreadyExists` if a file is there, `.danglingSymlink` for a symbolic link to
    ///   nothing (never followed: the key is not created at its target), `.unwritable` or `.randomUnavailable`.
    @discardableResult
    package static func create(at path: String) throws(FingerprintKeyError) -> HMACSHA256Key {
        let key: HMACSHA256Key
        do { key = try HMACSHA256Key.random() } catch { throw .randomUnavailable }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST {
                if let target = danglingLinkTarget(path) { throw .danglingSymlink(path: path, target: target) }
                throw .alreadyExists(path: path)
            }
            throw .unwritable(path: path, reason: systemMessage(code))
        }
        defer { close(descriptor) }
        let written = key.bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == HMACSHA256Key.byteCount, fsync(descriptor) == 0 else {
            let reason = written < 0 ? systemMessage(errno) : "short write"
            unlink(path)
            throw .unwritable(path: path, reason: reason)
        }
        return key
    }

    /// Whether a key file is at `path`: false when nothing is there, true for a regular file (links followed).
    /// - Throws: `FingerprintKeyError.danglingSymlink` for a symbolic link to nothing, `.notRegularFile` for a
    ///   directory, device, FIFO or socket: neither is a key, nor a place to create one.
    package static func exists(at path: String) throws(FingerprintKeyError) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if let target = danglingLinkTarget(path) { throw .danglingSymlink(path: path, target: target) }
            return false
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(path: path, kind: kind(of: info)) }
        return true
    }

    /// Loads the key at `path`, a regular file (a device such as `/dev/zero` is refused without reading it).
    /// - Throws: `FingerprintKeyError.missing`, `.danglingSymlink`, `.notRegularFile`, `.wrongSize` or
    ///   `.unreadable`; never creates a key.
    package static func load(at path: String) throws(FingerprintKeyError) -> HMACSHA256Key {
        let file: RegularFile
        do {
            file = try RegularFile(path: path)
        } catch .missing {
            if let target = danglingLinkTarget(path) { throw .danglingSymlink(path: path, target: target) }
            throw .missing(path: path)
        } catch .unreadable(let reason) {
            throw .unreadable(path: path, reason: reason)
        } catch {
            var info = stat()
            throw .notRegularFile(path: path, kind: stat(path, &info) == 0 ? kind(of: info) : "not a regular file")
        }
        let descriptor = file.descriptor
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: HMACSHA256Key.byteCount + 1)
        var total = 0
        while total < buffer.count {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: systemMessage(errno))
            }
            if count == 0 { break }
            total += count
        }
        guard total == HMACSHA256Key.byteCount else {
            var info = stat()
            let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : total
            throw .wrongSize(path: path, bytes: size)
        }
        do { return try HMACSHA256Key(bytes: Array(buffer.prefix(total))) } catch {
            throw .wrongSize(path: path, bytes: total)
        }
    }

    /// The permission bits of the key file at `path` when group or others may read or write it (anything beyond
    /// 0600 in `0o077`), else nil (also when there is no file).
    package static func exposedMode(at path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let mode = Int(info.st_mode) & 0o777
        return mode & 0o077 != 0 ? mode : nil
    }

    /// The target of the symbolic link at `path` when that target does not exist, else nil.
    private static func danglingLinkTarget(_ path: String) -> String? {
        var link = stat()
        var target = stat()
        guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, stat(path, &target) != 0 else { return nil }
        return SystemCall.linkTarget(path) ?? ""
    }

    /// What a file that is not a regular one is, in a message's words.
    private static func kind(of info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    private static func systemMessage(_ code: Int32) -> String { SystemCall.describe(code) }
}
