/// The system calls several modules make the same way: a whole-buffer `write(2)`, `readlink(2)` as text and
/// `strerror(3)`'s wording.
package enum SystemCall {
    /// Writes all of `bytes` to `descriptor` with `write(2)`, retrying when interrupted: nil, or the `errno` of the
    /// failed write (`EIO` for a write that makes no progress, so a broken descriptor cannot make it spin).
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }

    /// The system's sentence for the error number `code` (`strerror(3)`), e.g. "No space left on device".
    package static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// The target the symbolic link at `path` names (`readlink(2)`, not resolved further), or nil when `path` is not
    /// a symbolic link or its target cannot be read.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
