import Foundation
import LibC
import PwauditTestSupport
import Testing

@testable import PolicyAuditCLI

/// Signals the interrupting thread sent that the handler took (in the child only).
nonisolated(unsafe) private var interruptionsTaken: Int32 = 0

/// `check` reads its candidates line by line from standard input, which a terminal's signals can interrupt.
@Suite("Line reader")
struct LineReaderTests {
    static let child = "line-reader-eintr"

    @Test("a read interrupted by a signal (EINTR) is retried, not reported as a failure")
    func retriesAfterInterruption() throws {
        // The signal handler is process-wide: it is installed in a child, never where the other tests run.
        let outcome = try ChildTest.run(Self.child, filter: "LineReaderTests/interruptedReadInChild")
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(outcome.output.contains("interrupted read, in a child process\" passed"), "\(outcome.output)")
    }

    @Test(
        "interrupted read, in a child process",
        .enabled(if: ChildTest.isChild(LineReaderTests.child), "runs only in the child process of the test above"))
    func interruptedReadInChild() throws {
        // A handler without SA_RESTART, so the blocked read(2) returns EINTR instead of resuming.
        var action = sigaction(handler: { _ in interruptionsTaken += 1 })
        #expect(sigaction(SIGUSR2, &action, nil) == 0)
        // Test runner threads may block signals; this one must take it.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGUSR2)
        #expect(pthread_sigmask(SIG_UNBLOCK, &unblock, nil) == 0)

        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let reader = pthread_self()
        let writeEnd = ends[1]
        let waiting = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // Interrupt the reader once it is about to wait on the empty pipe, a few times, then give it a line.
            waiting.wait()
            for _ in 0..<3 {
                usleep(50_000)
                pthread_kill(reader, SIGUSR2)
            }
            usleep(50_000)
            _ = "late line\n".withCString { write(writeEnd, $0, 10) }
            close(writeEnd)
        }
        var lines = LineReader(descriptor: ends[0])
        lines.willWait = { waiting.signal() }
        #expect(try lines.nextLine() == "late line")
        #expect(try lines.nextLine() == nil)
        #expect(interruptionsTaken > 0, "no signal reached the reader")
    }

    @Test("a line ends at LF, CR LF or a lone CR, as an import's record does; CR LF split across reads is one end")
    func lineEnds() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // Non-blocking: a reader that waited for the byte after the CR would fail (EAGAIN) instead of hanging.
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        func send(_ text: String) { _ = text.withCString { write(ends[1], $0, strlen($0)) } }
        var lines = LineReader(descriptor: ends[0])
        send("mac\r")
        // Handed out at the CR, without waiting for the byte after it (a coprocess may wait for its answer).
        #expect(try lines.nextLine() == "mac")
        send("\nunix\nwindows\r\nlone\r\rlast")
        close(ends[1])
        var rest: [String] = []
        while let line = try lines.nextLine() { rest.append(line) }
        #expect(rest == ["unix", "windows", "lone", "", "last"])
    }

    @Test("a line over the limit is over long however it ends, and the line after it is read whole")
    func overLongLineEnds() throws {
        for end in ["\n", "\r\n", "\r"] {
            let directory = try TemporaryDirectory(prefix: "pwaudit-lines")
            let path = try directory.write("in", String(repeating: "x", count: 70_000) + end + "next" + end)
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            defer { close(descriptor) }
            var lines = LineReader(descriptor: descriptor, maximumLineBytes: 1024)
            #expect(try lines.nextRawLine() == .overLong, "\(end.debugDescription)")
            #expect(try lines.nextRawLine() == .bytes(Array("next".utf8)), "\(end.debugDescription)")
            #expect(try lines.nextRawLine() == nil, "\(end.debugDescription)")
        }
    }
}
