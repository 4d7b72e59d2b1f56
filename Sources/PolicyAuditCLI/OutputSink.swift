import LibC

/// Where a command writes text: the process's stdout/stderr, or a buffer in tests.
package protocol OutputSink: AnyObject {
    /// Writes `text` as is (no newline is added).
    func write(_ text: String)
    /// True when the sink is an interactive terminal (colour and progress are allowed).
    var isTerminal: Bool { get }
    /// Pushes out anything buffered.
    func flush()
    /// The `errno` of the first write that failed (`ENOSPC`, `EPIPE`), or nil while every write succeeded.
    var writeFailure: Int32? { get }
}

extension OutputSink {
    /// Writes `text` followed by a newline.
    package func line(_ text: String = "") { write(text + "\n") }

    /// Throws once a write has failed, so that a command writing as it goes (a line per candidate, a row per result)
    /// stops at the first failed write instead of reading or computing on: call it after each write or flush.
    ///
    /// The CLI then reports the failure itself (`PolicyAuditCLI.run`): a reader gone away (`EPIPE`) ends the process
    /// quietly as SIGPIPE would, any other failure is one line on stderr and exit 74.
    /// - Throws: `CLIIOError.standardOutputFailed` with the failed write's `errno`.
    package func throwIfWriteFailed() throws(CLIIOError) {
        if let writeFailure { throw .standardOutputFailed(errno: writeFailure) }
    }
}

/// An `OutputSink` over a file descriptor, buffered, flushed on `flush()` and at deinit.
///
/// A failed write is recorded in `writeFailure` (the CLI then ends as `PolicyAuditCLI.run` says); what is written
/// after it is dropped.
package final class FileDescriptorSink: OutputSink {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    package let isTerminal: Bool
    package private(set) var writeFailure: Int32?

    /// Wraps `descriptor` (not closed by the sink).
    package init(descriptor: Int32) {
        self.descriptor = descriptor
        self.isTerminal = isatty(descriptor) == 1
        buffer.reserveCapacity(1 << 16)
    }

    deinit { flush() }

    package func write(_ text: String) {
        guard writeFailure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 || isTerminal { flush() }
    }

    /// Writes out what is buffered; a failure other than `EINTR` is kept in `writeFailure`.
    package func flush() {
        if writeFailure == nil {
            writeFailure = buffer.withUnsafeBytes { SystemCall.writeAll($0, to: descriptor) }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// An `OutputSink` that keeps what was written, for tests.
package final class CapturedOutput: OutputSink {
    /// Everything written so far.
    package private(set) var text = ""
    package let isTerminal: Bool

    /// Creates an empty capture; `isTerminal` lets tests exercise terminal behaviour.
    package init(isTerminal: Bool = false) { self.isTerminal = isTerminal }

    package func write(_ text: String) { self.text += text }

    package func flush() {}

    /// Never set: a capture cannot fail.
    package var writeFailure: Int32? { nil }
}
