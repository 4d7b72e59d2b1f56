/// What one key (or one paste) on a raw-mode terminal means to the live checklist.
enum KeyEvent: Equatable, Sendable {
    /// A character to append (one Unicode scalar, typed or pasted).
    case insert(Unicode.Scalar)
    /// Backspace or Ctrl-H: delete the last character.
    case deleteBackward
    /// Ctrl-U: delete everything typed.
    case deleteAll
    /// Enter (CR or LF): give the verdict.
    case submit
    /// Ctrl-D: end of input, handled as `submit`.
    case endOfInput
    /// Ctrl-C: cancel.
    case interrupt
    /// Ctrl-Z: suspend (job control).
    case suspend
}
