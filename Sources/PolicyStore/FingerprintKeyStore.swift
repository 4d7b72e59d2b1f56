import AuditCrypto
import LibC

/// The HMAC key that fingerprints passwords lives in its own file (mode 0600), outside the database.
///
/// By default the key of `audit.db` is `audit.db.key`. A lost key cannot be replaced: fingerprints made with a new key
/// would not match the old ones, so `load` never creates a key and `create` never overwrites one.
package enum FingerprintKeyStore {
    /// Creates a new random key file at `path` with mode 0600.
    /// - Throws: `FingerprintKeyError.alreadyExists` if a file is there, `.unwritable` or `.randomUnavailable`.
    @discardableResult
    package static func create(at path: String) throws(FingerprintKeyError) -> HMACSHA256Key {
        let key: HMACSHA256Key
        do { key = try HMACSHA256Key.random() } catch { throw .randomUnavailable }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { throw .alreadyExists(path: path) }
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

    /// Loads the key at `path`.
    /// - Throws: `FingerprintKeyError.missing`, `.wrongSize` or `.unreadable`; never creates a key.
    package static func load(at path: String) throws(FingerprintKeyError) -> HMACSHA256Key {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .missing(path: path) }
            throw .unreadable(path: path, reason: systemMessage(code))
        }
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
        guard stat(path, &info) == 0 else { return nil }
        let mode = Int(info.st_mode) & 0o777
        return mode & 0o077 != 0 ? mode : nil
    }

    private static func systemMessage(_ code: Int32) -> String { SystemCall.describe(code) }
}
