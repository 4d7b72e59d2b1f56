/// Per-byte facts about an ASCII scalar for the single-pass scan.
struct ASCIIInfo: Sendable {
    /// Not on a sequence track.
    static let offTrack: Int16 = -100

    /// The scalar's kind.
    var kind: ScalarKind
    /// The lowercase byte.
    var lower: UInt8
    /// Position in a–z (case-insensitive), or `offTrack`.
    var alphabet: Int16
    /// Position in 0–9, or `offTrack`.
    var digit: Int16
    /// Keyboard row × 16 + position in the row, or `offTrack`; rows never touch, so ±1 stays in a row.
    var keyboard: Int16
    /// `1 << (8 × kind)`: adds one to the kind's lane of a packed 8 × 8-bit counter.
    var countIncrement: UInt64 = 0
    /// This byte's bit in the low (0…63) and high (64…127) words of a presence bitmap; one of them is 0.
    var presentLow: UInt64 = 0
    var presentHigh: UInt64 = 0

    /// Facts for bytes 0…127.
    static let table: [ASCIIInfo] = (0..<128).map { (value: Int) -> ASCIIInfo in
        let byte = UInt8(value)
        let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
        var info = ASCIIInfo(
            kind: ScalarKind.asciiTable[value], lower: lower, alphabet: offTrack, digit: offTrack, keyboard: offTrack)
        info.countIncrement = 1 << (8 * UInt64(info.kind.rawValue))
        if value < 64 { info.presentLow = 1 << UInt64(value) } else { info.presentHigh = 1 << UInt64(value - 64) }
        if (0x61...0x7A).contains(lower) { info.alphabet = Int16(lower - 0x61) }
        if (0x30...0x39).contains(byte) { info.digit = Int16(byte - 0x30) }
        for (row, keys) in keyboardRows.enumerated() {
            if let position = keys.utf8.firstIndex(of: lower) {
                info.keyboard = Int16((row + 1) * 16 + keys.utf8.distance(from: keys.utf8.startIndex, to: position))
            }
        }
        return info
    }

    /// The US QWERTY rows the `max-sequence` rule walks.
    static let keyboardRows = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"]
}
