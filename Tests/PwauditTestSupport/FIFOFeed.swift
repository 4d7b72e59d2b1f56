import Foundation
import LibC
import Testing

/// A named pipe a child process reads as its input file, written by the test at its own pace.
///
/// The reader never sees the end of its input before `finish()`, so a test can stop a reader at a known point (after
/// the rows it wrote) and look at what it did so far, without racing the reader's speed.
package final class FIFOFeed {
    /// The FIFO's path.
    package let path: String
    private var descriptor: Int32 = -1

    /// Creates the FIFO at `path` (which must not exist).
    package init(path: String) throws {
        self.path = path
        try #require(mkfifo(path, 0o600) == 0, "mkfifo \(path): errno \(errno)")
    }

    deinit { finish() }

    /// Opens the write end once a reader has opened the FIFO, waiting at most `seconds`; `readerAlive` is asked
    /// while waiting, so a reader that failed before opening its input does not hang the test.
    package func open(seconds: TimeInterval = 120, readerAlive: () -> Bool) throws {
        var opened: Int32 = -1
        _ = waitUntil(seconds: seconds) {
            // Non-blocking: fails with ENXIO while no reader has the FIFO open.
            opened = openWriteEnd(path, O_WRONLY | O_NONBLOCK)
            return opened >= 0 || !readerAlive()
        }
        try #require(opened >= 0, "no reader opened \(path)")
        _ = fcntl(opened, F_SETFL, fcntl(opened, F_GETFL) & ~O_NONBLOCK)
        descriptor = opened
    }

    /// Writes all of `text`, blocking while the pipe is full.
    ///
    /// A reader that is gone makes this throw (EPIPE), not kill the test process (`withPipeSignalBlocked`).
    package func write(_ text: String) throws {
        let bytes = Array(text.utf8)
        try withPipeSignalBlocked {
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { buffer in
                    writeBytes(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                }
                if written < 0 && errno == EINTR { continue }
                try #require(written > 0, "write to \(path): errno \(errno)")
                offset += written
            }
        }
    }

    /// Closes the write end: the reader sees the end of its input.
    package func finish() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }
}

private func openWriteEnd(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }

private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
