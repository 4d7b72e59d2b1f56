import LibC

/// Puts a terminal in raw mode for the live checklist and gives it back as it was, whatever signal comes between.
///
/// The whole of pwaudit's termios handling. Raw mode: no echo, no line editing, no signals from keys (the checklist
/// reads Ctrl-C and Ctrl-Z itself), no CR→NL or flow-control translation; output processing stays on. While it is
/// on, signal handlers keep the terminal right:
/// - `SIGTSTP` (Ctrl-Z, sent by the checklist to its process group, or `kill -TSTP`) moves the cursor below the
///   checklist, shows it, turns bracketed paste off and restores the saved settings, resets `SIGTSTP` to its default
///   action and re-raises it, so the process stops with the shell's terminal as it was;
/// - `SIGCONT` (`fg`) turns raw mode on again, re-installs the `SIGTSTP` handler and wakes the reading loop to redraw;
/// - `SIGINT`, `SIGTERM`, `SIGHUP` and `SIGQUIT` give the terminal back the same way, then re-raise the signal with
///   its default action, so the process ends with the conventional status; so do the other signals whose default
///   action ends the process (`SIGUSR1`, `SIGALRM`, the real-time signals, …), while that default is in place;
/// - a fault (`SIGBUS`, `SIGSEGV`, a trap's `SIGILL`) gives the terminal back, then goes on to the action it had;
/// - `SIGWINCH` wakes the reading loop (`wait()`) to re-wrap the checklist.
///
/// A signal ignored when raw mode was turned on (e.g. `SIGHUP` under `nohup`, `SIGTSTP` without job control) stays
/// ignored. The handlers are async-signal-safe: they only read memory allocated once, before the first handler is
/// installed, and call `tcsetattr`, `write`, `sigaction` and `raise`; the loop learns of `SIGWINCH` and `SIGCONT`
/// through a self-pipe. One terminal at a time per process.
struct TerminalMode {
    /// Why `wait()` returned.
    struct Wake: Equatable {
        /// Input is ready on the terminal.
        var input = false
        /// The window changed size.
        var resized = false
        /// The process was continued after a stop: the screen must be drawn again.
        var continued = false
        /// The watched descriptor failed: a pipe whose reader went away, a socket hung up.
        var watchedFailed = false
    }

    private let input: Int32
    private let output: Int32
    private let watched: Int32?
    private var original = termios()
    /// Whether `input` is a terminal whose settings could be read.
    let isTerminal: Bool

    /// Remembers the settings of the terminal on `input`; `output` is where the checklist is drawn; `wait()` also
    /// returns when `watching` fails (standard output when it is not the terminal, so that the checklist does not
    /// read on for a reader gone away).
    init(input: Int32, output: Int32, watching watched: Int32? = nil) {
        self.input = input
        self.output = output
        self.watched = watched.flatMap { fcntl($0, F_GETFD) >= 0 ? $0 : nil }  // not open: nothing to watch
        isTerminal = tcgetattr(input, &original) == 0
    }

    /// Turns raw mode on until `restore()`, across job control; with `escapes` (a terminal that understands ANSI),
    /// writes `TerminalEscape.enterLive` now and `leaveLive` whenever the terminal is given back.
    func enter(escapes: Bool) {
        guard isTerminal else { return }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        let state = TerminalModeState.shared
        state.descriptors[TerminalModeState.input] = input
        state.descriptors[TerminalModeState.output] = output
        state.settings[TerminalModeState.original] = original
        state.settings[TerminalModeState.raw] = raw
        state.leaveRows.pointee = 0
        state.leaveTailCount.pointee = escapes ? Int32(state.leaveTail.count) : 0
        for signal in TerminalModeState.handled { TerminalModeState.install(signal, saving: true) }
        tcsetattr(input, TCSAFLUSH, &raw)
        reenter()
    }

    /// Tells the handlers how many rows below the cursor the checklist reaches, so that giving the terminal back
    /// leaves the cursor under it.
    func setRowsToLeave(_ rows: Int) {
        TerminalModeState.shared.leaveRows.pointee = Int32(clamping: rows)
    }

    /// Moves the cursor below the checklist, writes `TerminalEscape.leaveLive` (when `enter` did), restores the
    /// settings found at `init` and the signal actions `enter()` replaced.
    ///
    /// The handled signals are blocked meanwhile: one that comes now is delivered afterwards, to the action it had
    /// before, with the terminal already given back.
    func restore() {
        guard isTerminal else { return }
        var blocked = sigset_t()
        var previousMask = sigset_t()
        sigemptyset(&blocked)
        for signal in TerminalModeState.handled { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        TerminalModeState.uninstall()
        TerminalModeState.leave()
        var settings = original
        tcsetattr(input, TCSAFLUSH, &settings)
    }

    /// Stops the process group as Ctrl-Z would with raw mode off; returns once it is continued.
    func suspend() {
        kill(0, SIGTSTP)
    }

    /// Writes `TerminalEscape.enterLive` (again, after the process was continued), when `enter` was asked to.
    func reenter() {
        if TerminalModeState.shared.leaveTailCount.pointee > 0 { write(TerminalEscape.enterLive) }
    }

    /// The window's width in columns, or nil when the terminal does not say.
    func columns() -> Int? {
        var size = winsize()
        for descriptor in [output, input] where ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return nil
    }

    /// Blocks until input is ready on the terminal, the window is resized, the process is continued, or the watched
    /// descriptor fails.
    func wait() -> Wake {
        let state = TerminalModeState.shared
        while true {
            var descriptors = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: state.descriptors[TerminalModeState.wakeRead], events: Int16(POLLIN), revents: 0),
                // No events asked: only POLLERR, POLLHUP, POLLNVAL, which poll(2) always reports.
                pollfd(fd: watched ?? -1, events: 0, revents: 0),
            ]
            if poll(&descriptors, 3, -1) < 0 {
                if errno == EINTR { continue }  // a handler ran: what it wrote to the pipe is seen next time round
                return Wake(input: true)  // let the read report what is wrong
            }
            let failed = Int16(POLLERR | POLLHUP)
            var wake = Wake(input: descriptors[0].revents != 0, watchedFailed: descriptors[2].revents & failed != 0)
            if descriptors[1].revents != 0 {
                var reasons = [UInt8](repeating: 0, count: 64)
                let count = read(state.descriptors[TerminalModeState.wakeRead], &reasons, reasons.count)
                for reason in reasons.prefix(max(count, 0)) {
                    if reason == TerminalModeState.resizedByte { wake.resized = true }
                    if reason == TerminalModeState.continuedByte { wake.continued = true }
                }
            }
            if wake != Wake() { return wake }
        }
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { SystemCall.writeAll(UnsafeRawBufferPointer($0), to: output) }
    }
}
