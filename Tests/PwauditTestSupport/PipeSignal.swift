import LibC

/// Runs `body` with SIGPIPE blocked on this thread, so that a write to a pipe whose reader is gone fails with `EPIPE`
/// instead of killing the test process; a SIGPIPE left pending is taken before the mask is restored, so no signal
/// disposition changes and no other test is touched.
package func withPipeSignalBlocked<T>(_ body: () throws -> T) rethrows -> T {
    var pipeSignal = sigset_t()
    var previousMask = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
    defer {
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 {
            var taken: Int32 = 0
            _ = sigwait(&pipeSignal, &taken)  // pending, so it returns at once
        }
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }
    return try body()
}
