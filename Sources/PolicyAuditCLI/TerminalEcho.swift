#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns a terminal's echo off while a password is typed, and back on afterwards.
struct TerminalEcho {
    private let descriptor: Int32
    private var original = termios()
    private let isTerminal: Bool

    /// Remembers the terminal's settings.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        isTerminal = tcgetattr(descriptor, &original) == 0
    }

    /// Stops echoing typed characters (keeps line editing).
    func disable() {
        guard isTerminal else { return }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(descriptor, TCSAFLUSH, &silent)
    }

    /// Restores the settings found at `init`.
    func restore() {
        guard isTerminal else { return }
        var settings = original
        tcsetattr(descriptor, TCSAFLUSH, &settings)
    }
}
