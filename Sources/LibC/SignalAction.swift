// `sigaction(2)` and open file description locks, written once for Glibc and Darwin: their structs name the handler
// field differently, and only Linux has OFD locks.

extension sigaction {
    /// An action that runs `handler` (a function, `SIG_DFL` or `SIG_IGN`) with no signal blocked beyond the one
    /// delivered and `flags` (`SA_RESTART`, …). Async-signal-safe: a handler may build one.
    package init(handler: (@convention(c) (Int32) -> Void)?, flags: Int32 = 0) {
        self.init(blockingNothing: flags)
        #if os(Linux)
            __sigaction_handler.sa_handler = handler
        #else
            __sigaction_u.__sa_handler = handler
        #endif
    }

    /// An action with no handler yet, no signal blocked beyond the one delivered, and `flags`.
    private init(blockingNothing flags: Int32) {
        self.init()
        sigemptyset(&sa_mask)
        sa_flags = flags
    }

    /// Whether the action is the signal's default (`SIG_DFL`).
    package var isDefaultAction: Bool { handlerAddress == unsafeBitCast(SIG_DFL, to: Int.self) }

    /// Whether the action ignores its signal (`SIG_IGN`).
    package var ignoresSignal: Bool { handlerAddress == unsafeBitCast(SIG_IGN, to: Int.self) }

    /// The handler field as a number, to compare with `SIG_DFL` and `SIG_IGN`.
    private var handlerAddress: Int {
        #if os(Linux)
            unsafeBitCast(__sigaction_handler.sa_handler, to: Int.self)
        #else
            unsafeBitCast(__sigaction_u.__sa_handler, to: Int.self)
        #endif
    }
}

/// The `fcntl(2)` commands of open file description locks, which belong to the open file rather than the process.
package enum OpenFileDescriptionLock {
    /// `F_OFD_GETLK` and `F_OFD_SETLK` (Linux 3.15, <linux/fcntl.h>; Glibc declares them only under _GNU_SOURCE), or
    /// nil where the platform has none.
    package static let commands: (get: Int32, set: Int32)? = {
        #if os(Linux)
            (get: 36, set: 37)
        #else
            nil
        #endif
    }()
}

/// A handler that receives the signal's `siginfo_t` (`SA_SIGINFO`): the signal number, its information, the context.
package typealias SignalInformationHandler =
    @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

extension sigaction {
    /// An action that runs `handler` with the signal's information (`SA_SIGINFO`) and `flags` besides.
    package init(informationHandler handler: SignalInformationHandler, flags: Int32 = 0) {
        self.init(blockingNothing: flags | SA_SIGINFO)
        #if os(Linux)
            __sigaction_handler.sa_sigaction = handler
        #else
            __sigaction_u.__sa_sigaction = handler
        #endif
    }
}

extension siginfo_t {
    /// The faulting address of a `SIGBUS` or `SIGSEGV` (`si_addr`).
    package var faultAddress: UnsafeMutableRawPointer? {
        #if os(Linux)
            _sifields._sigfault.si_addr
        #else
            si_addr
        #endif
    }
}

/// The signals that only some platforms have.
package enum PlatformSignals {
    /// The real-time signals programs may use (`SIGRTMIN`…`SIGRTMAX`, glibc's own left out), or nil where there are
    /// none (Darwin).
    package static var realTime: ClosedRange<Int32>? {
        #if os(Linux)
            __libc_current_sigrtmin()...__libc_current_sigrtmax()
        #else
            nil
        #endif
    }

    /// The signals beyond those of every platform whose default action ends the process: `SIGPWR`, `SIGSTKFLT` and
    /// the real-time signals on Linux.
    package static var endingByDefault: [Int32] {
        #if os(Linux)
            [SIGPWR, SIGSTKFLT] + Array(realTime ?? 1...0)
        #else
            []
        #endif
    }
}
