import Foundation
import Testing

@testable import PolicyAuditCLI

#if canImport(Glibc)
    import Glibc
#endif

/// `check` reads its candidates line by line from standard input, which a terminal's signals can interrupt.
@Suite("Line reader")
struct LineReaderTests {
    @Test("a read interrupted by a signal (EINTR) is retried, not reported as a failure")
    func retriesAfterInterruption() throws {
        // A handler without SA_RESTART, so the blocked read(2) returns EINTR instead of resuming.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        #expect(sigaction(SIGUSR2, &action, &previous) == 0)
        defer { sigaction(SIGUSR2, &previous, nil) }
        // Test runner threads may block signals; this one must take it.
        var unblock = sigset_t()
        var previousMask = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGUSR2)
        #expect(pthread_sigmask(SIG_UNBLOCK, &unblock, &previousMask) == 0)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }

        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let reader = pthread_self()
        let writeEnd = ends[1]
        Thread.detachNewThread {
            // Interrupt the reader while it waits on the empty pipe, a few times, then give it a line.
            for _ in 0..<3 {
                usleep(50_000)
                pthread_kill(reader, SIGUSR2)
            }
            usleep(50_000)
            _ = "late line\n".withCString { write(writeEnd, $0, 10) }
            close(writeEnd)
        }
        var lines = LineReader(descriptor: ends[0])
        #expect(try lines.nextLine() == "late line")
        #expect(try lines.nextLine() == nil)
    }
}
