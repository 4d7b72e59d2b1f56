import LibC

/// What the signal handlers need, in memory that is allocated once and never moves.
///
/// `@unchecked Sendable`: the pointees are written by `TerminalMode.enter()` before any handler that reads them is
/// installed; `leaveRows` is one aligned 32-bit word, written by the reading loop and read by the handlers.
struct TerminalModeState: @unchecked Sendable {
    static let original = 0
    static let raw = 1
    static let input = 0
    static let output = 1
    static let wakeRead = 2
    static let wakeWrite = 3
    /// Written to the self-pipe by the `SIGWINCH` handler.
    static let resizedByte = UInt8(ascii: "W")
    /// Written to the self-pipe by the `SIGCONT` handler.
    static let continuedByte = UInt8(ascii: "C")
    /// The signals a user ends a program with (Ctrl-C, `kill`, a hang-up, Ctrl-\\): handled unless ignored.
    static let ending: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// The other signals whose default action ends the process, sent by a user (`kill -USR1`), a timer (`alarm`) or
    /// a resource limit: handled only while that default is in place, since a handler there means some library
    /// uses the signal itself.
    static let endingByDefault: [Int32] =
        [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGIO] + PlatformSignals.endingByDefault
    /// The signals a fault raises (a breach corpus truncated while mapped is a `SIGBUS`, a Swift trap a `SIGILL` or
    /// `SIGTRAP`): the terminal is restored, then the action there was before (the corpus guard's message, Swift's
    /// backtrace) takes the fault.
    static let faults: [Int32] = [SIGBUS, SIGSEGV, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS]
    /// Every signal handled while the checklist runs: those that end the process, the job-control pair, the window
    /// size, and the faults.
    static let handled: [Int32] = ending + endingByDefault + [SIGTSTP, SIGCONT, SIGWINCH] + faults
    /// The most rows a handler moves down to leave the checklist.
    static let maximumLeaveRows = 256

    /// The terminal's descriptors: `[input]`, `[output]`, and the self-pipe's `[wakeRead]`, `[wakeWrite]`.
    let descriptors: UnsafeMutablePointer<Int32>
    /// `[original]` and `[raw]` settings.
    let settings: UnsafeMutablePointer<termios>
    /// The action each handled signal had before `enter()`, indexed by signal number.
    let previous: UnsafeMutablePointer<sigaction>
    /// 1 for each signal number whose handler is installed.
    let installed: UnsafeMutablePointer<Int32>
    /// Rows from the cursor to the line below the checklist.
    let leaveRows: UnsafeMutablePointer<Int32>
    /// `maximumLeaveRows` newlines.
    let newlines: UnsafeMutableBufferPointer<UInt8>
    /// `TerminalEscape.leaveLive`.
    let leaveTail: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes of `leaveTail` to write: all of them, or none on a terminal without ANSI escapes.
    let leaveTailCount: UnsafeMutablePointer<Int32>

    static let shared: TerminalModeState = {
        let count = Int(handled.max()! + 1)
        let tail = Array(TerminalEscape.leaveLive.utf8)
        let state = TerminalModeState(
            descriptors: .allocate(capacity: 4), settings: .allocate(capacity: 2), previous: .allocate(capacity: count),
            installed: .allocate(capacity: count), leaveRows: .allocate(capacity: 1),
            newlines: .allocate(capacity: maximumLeaveRows), leaveTail: .allocate(capacity: tail.count),
            leaveTailCount: .allocate(capacity: 1))
        state.descriptors.initialize(repeating: -1, count: 4)
        state.settings.initialize(repeating: termios(), count: 2)
        state.previous.initialize(repeating: sigaction(), count: count)
        state.installed.initialize(repeating: 0, count: count)
        state.leaveRows.initialize(to: 0)
        state.leaveTailCount.initialize(to: 0)
        _ = state.newlines.initialize(from: repeatElement(UInt8(ascii: "\n"), count: maximumLeaveRows))
        _ = state.leaveTail.initialize(from: tail)
        var pipeEnds: [Int32] = [-1, -1]
        if pipe(&pipeEnds) == 0 {
            for end in pipeEnds {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            state.descriptors[wakeRead] = pipeEnds[0]
            state.descriptors[wakeWrite] = pipeEnds[1]
        }
        return state
    }()

    /// Installs the handler for `signal`; with `saving`, first remembers its current action (and leaves an ignored
    /// termination or job-stop signal ignored, and one of `endingByDefault` that has a handler to that handler).
    static func install(_ signal: Int32, saving: Bool) {
        let state = shared
        // Only `saving` looks at the lists: the SIGCONT handler re-installs SIGTSTP's handler without them.
        var action =
            saving && faults.contains(signal)
            ? sigaction(informationHandler: handleModeFault, flags: Int32(SA_RESTART | SA_ONSTACK))
            : sigaction(handler: handleModeSignal, flags: Int32(SA_RESTART))
        if saving {
            sigaction(signal, nil, state.previous + Int(signal))
            let previous = state.previous[Int(signal)]
            if signal != SIGCONT, signal != SIGWINCH, previous.ignoresSignal { return }
            if endingByDefault.contains(signal), !previous.isDefaultAction { return }
        }
        state.installed[Int(signal)] = 1
        sigaction(signal, &action, nil)
    }

    /// Puts back every action `install(_:saving:)` replaced.
    static func uninstall() {
        let state = shared
        for signal in handled where state.installed[Int(signal)] == 1 {
            state.installed[Int(signal)] = 0
            sigaction(signal, state.previous + Int(signal), nil)
        }
    }

    /// Moves the cursor below the checklist and writes `TerminalEscape.leaveLive` (when asked to); async-signal-safe.
    static func leave() {
        let state = shared
        let output = state.descriptors[TerminalModeState.output]
        let rows = Int(max(0, min(state.leaveRows.pointee, Int32(maximumLeaveRows))))
        state.leaveRows.pointee = 0
        _ = write(output, state.newlines.baseAddress, rows)
        _ = write(output, state.leaveTail.baseAddress, Int(state.leaveTailCount.pointee))
    }

    /// Leaves the checklist and puts the terminal's own settings back, as a handler does before its signal acts;
    /// async-signal-safe.
    static func giveBack() {
        leave()
        tcsetattr(shared.descriptors[input], TCSANOW, shared.settings + original)
    }

    /// Writes `byte` to the self-pipe (dropped when the pipe is full: the loop is awake then anyway).
    static func wake(_ byte: UInt8) {
        var byte = byte
        _ = write(shared.descriptors[wakeWrite], &byte, 1)
    }
}

/// The signal handler: async-signal-safe calls only, on memory `TerminalModeState.shared` set up before it was
/// installed.
private func handleModeSignal(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    let state = TerminalModeState.shared
    let input = state.descriptors[TerminalModeState.input]
    switch signal {
    case SIGWINCH:
        TerminalModeState.wake(TerminalModeState.resizedByte)
    case SIGCONT:
        tcsetattr(input, TCSANOW, state.settings + TerminalModeState.raw)
        if state.installed[Int(SIGTSTP)] == 1 { TerminalModeState.install(SIGTSTP, saving: false) }
        TerminalModeState.wake(TerminalModeState.continuedByte)
    default:  // SIGTSTP stops the process once this returns; the others end it
        TerminalModeState.giveBack()
        var fallback = sigaction(handler: SIG_DFL)
        sigaction(signal, &fallback, nil)
        raise(signal)  // blocked while this handler runs: delivered, with the default action, when it returns
    }
}

/// A fault signal (`faults`): the terminal is restored first either way. A fault of the kernel's (a read of a page a
/// corpus file no longer has, a trap) goes on to the action it had before (the corpus guard's message, Swift's
/// backtrace, or the default): the faulting instruction runs again when this returns and faults again. One sent by
/// `kill` has nothing to repeat: it ends the process with the default action, as any termination signal does, so the
/// checklist never reads on with echo on.
private func handleModeFault(
    _ signal: Int32, _ information: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    let state = TerminalModeState.shared
    TerminalModeState.giveBack()
    let isFault = (information?.pointee.si_code ?? 0) > 0  // SI_USER, SI_QUEUE, SI_TKILL are 0 or below
    var fallback = isFault ? state.previous[Int(signal)] : sigaction(handler: SIG_DFL)
    sigaction(signal, &fallback, nil)
    if !isFault { raise(signal) }
}
