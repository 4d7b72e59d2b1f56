/// The ANSI (ECMA-48 / xterm) control sequences pwaudit writes, all in one place.
///
/// Nothing else in the CLI spells an escape sequence: the checklist renderer asks for colours here, the frame diff
/// for cursor movement and erasing, `TerminalMode` for what to write when it takes or gives back the terminal.
enum TerminalEscape {
    /// Control Sequence Introducer.
    static let csi = "\u{1B}["

    /// Select Graphic Rendition codes used by the checklist.
    enum Color: String {
        case green = "32"
        case red = "31"
        case boldGreen = "1;32"
        case boldRed = "1;31"
        case dim = "2"
    }

    /// `text` in `color`, then the default rendition.
    static func paint(_ text: String, _ color: Color) -> String { "\(csi)\(color.rawValue)m\(text)\(csi)0m" }

    /// Hides the cursor (DECTCEM reset).
    static let hideCursor = "\u{1B}[?25l"
    /// Shows the cursor (DECTCEM set).
    static let showCursor = "\u{1B}[?25h"
    /// Asks the terminal to wrap pasted text in `pasteStart` … `pasteEnd` (xterm bracketed paste mode).
    static let enableBracketedPaste = "\u{1B}[?2004h"
    /// Turns bracketed paste mode off again.
    static let disableBracketedPaste = "\u{1B}[?2004l"
    /// What the terminal sends before pasted text, after the CSI.
    static let pasteStartParameters = "200~"
    /// What the terminal sends after pasted text, after the CSI.
    static let pasteEndParameters = "201~"
    /// Erases from the cursor to the end of its line.
    static let eraseToEndOfLine = "\u{1B}[K"
    /// Erases from the cursor to the end of the screen.
    static let eraseToEndOfScreen = "\u{1B}[J"

    /// Moves the cursor up `count` rows (nothing for 0; the terminal stops at the top row).
    static func cursorUp(_ count: Int) -> String { count > 0 ? "\(csi)\(count)A" : "" }
    /// Moves the cursor right `count` columns (nothing for 0).
    static func cursorForward(_ count: Int) -> String { count > 0 ? "\(csi)\(count)C" : "" }

    /// What a live checklist writes when it takes the terminal (bracketed paste on).
    static let enterLive = enableBracketedPaste
    /// What it writes when it gives the terminal back (bracketed paste off, cursor shown), also from a signal handler.
    static let leaveLive = disableBracketedPaste + showCursor
}
