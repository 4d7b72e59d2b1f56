import LibC

/// Turns a terminal's echo off while a password is typed, and back on afterwards, whatever signal comes between.
///
/// The whole of pwaudit's termios handling. While echo is off, signal handlers keep the terminal right:
/// - `SIGTSTP` (Ctrl-Z) restores the saved settings, resets `SIGTSTP` to its default action and re-raises it, so
///   the process stops with the shell's terminal as it was;
/// - `SIGCONT` (`fg`) turns echo off again and re-installs the `SIGTSTP` handler;
/// - `SIGINT`, `SIGTERM`, `SIGHUP` and `SIGQUIT` restore the settings, then re-raise the signal with its default
///   action, so the process ends with the conventional status.
///
/// A signal ignored when echo was turned off (e.g. `SIGHUP` under `nohup`, `SIGTSTP` without job control) stays
/// ignored.
///
/// The handlers are async-signal-safe: they only read two termios buffers and a descriptor kept in memory
/// allocated once, before the first handler is installed, and call `tcsetattr`, `sigaction` and `raise`.
/// One terminal at a time per process.
struct TerminalEcho {
    private let descriptor: Int32
    private var original = termios()
    private let isTerminal: Bool

    /// Remembers the terminal's settings.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        isTerminal = tcgetattr(descriptor, &original) == 0
    }

    /// Stops echoing typed characters (keeps line editing), until `restore()`, across job control.
    func disable() {
        guard isTerminal else { return }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        let state = EchoState.shared
        state.descriptor.pointee = descriptor
        state.settings[EchoState.original] = original
        state.settings[EchoState.silent] = silent
        for signal in EchoState.handled { EchoState.install(signal, saving: true) }
        tcsetattr(descriptor, TCSAFLUSH, &silent)
    }

    /// Restores the settings found at `init`, and the signal actions `disable()` replaced.
    func restore() {
        guard isTerminal else { return }
        EchoState.uninstall()
        var settings = original
        tcsetattr(descriptor, TCSAFLUSH, &settings)
    }
}

/// What the signal handlers need, in memory that is allocated once and never moves.
///
/// `@unchecked Sendable`: the pointees are written by `disable()` before any handler that reads them is installed.
private struct EchoState: @unchecked Sendable {
    static let original = 0
    static let silent = 1
    /// The termination signals, then the job-control pair.
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT]

    /// The terminal's descriptor.
    let descriptor: UnsafeMutablePointer<Int32>
    /// `[original]` and `[silent]` settings.
    let settings: UnsafeMutablePointer<termios>
    /// The action each handled signal had before `disable()`, indexed by signal number.
    let previous: UnsafeMutablePointer<sigaction>
    /// 1 for each signal number whose handler is installed.
    let installed: UnsafeMutablePointer<Int32>

    static let shared: EchoState = {
        let count = Int(handled.max()! + 1)
        let state = EchoState(
            descriptor: .allocate(capacity: 1), settings: .allocate(capacity: 2), previous: .allocate(capacity: count),
            installed: .allocate(capacity: count))
        state.descriptor.initialize(to: -1)
        state.settings.initialize(repeating: termios(), count: 2)
        state.previous.initialize(repeating: sigaction(), count: count)
        state.installed.initialize(repeating: 0, count: count)
        return state
    }()

    /// Installs the handler for `signal`; with `saving`, first remembers its current action (and leaves an ignored
    /// signal other than `SIGCONT` ignored).
    static func install(_ signal: Int32, saving: Bool) {
        let state = shared
        var action = sigaction(handler: handleEchoSignal, flags: Int32(SA_RESTART))
        if saving {
            sigaction(signal, nil, state.previous + Int(signal))
            if signal != SIGCONT, state.previous[Int(signal)].ignoresSignal { return }
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
}

/// The signal handler: async-signal-safe calls only, on memory `EchoState.shared` set up before it was installed.
private func handleEchoSignal(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    let state = EchoState.shared
    let descriptor = state.descriptor.pointee
    switch signal {
    case SIGCONT:
        tcsetattr(descriptor, TCSANOW, state.settings + EchoState.silent)
        if state.installed[Int(SIGTSTP)] == 1 { EchoState.install(SIGTSTP, saving: false) }
    default:  // SIGTSTP stops the process once this returns; the others end it
        tcsetattr(descriptor, TCSANOW, state.settings + EchoState.original)
        var fallback = sigaction(handler: SIG_DFL)
        sigaction(signal, &fallback, nil)
        raise(signal)  // blocked while this handler runs: delivered, with the default action, when it returns
    }
}
