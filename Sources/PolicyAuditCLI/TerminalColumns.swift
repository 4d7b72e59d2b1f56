/// How many terminal columns text takes, as terminals commonly draw it (a `wcwidth(3)` approximation).
///
/// A grapheme takes the width of its first scalar: 0 for combining marks, format characters and controls, 2 for
/// East Asian wide and fullwidth characters and emoji, 1 for the rest. Good enough to keep a line inside the window;
/// a terminal that disagrees about a rare character shifts that one line, and the next full redraw repairs it.
enum TerminalColumns {
    /// The columns `character` takes.
    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        return width(of: scalar)
    }

    /// The columns `text` takes.
    static func width(of text: String) -> Int { text.reduce(0) { $0 + width(of: $1) } }

    /// The columns `scalar` takes when it starts a grapheme.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// East Asian Wide and Fullwidth blocks, and the emoji blocks terminals draw two columns wide.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
