/// Turns the bytes a raw-mode terminal sends into `KeyEvent`s, across reads: UTF-8 sequences are assembled into
/// scalars (never split, whatever the read boundaries), escape sequences (arrows, function keys) are skipped, and
/// a bracketed paste (`ESC[200~` … `ESC[201~`) becomes its characters.
///
/// Invalid UTF-8 is dropped (the bytes of a broken sequence, not the byte that broke it). Control characters other
/// than the keys of `KeyEvent` are ignored, and so is every control character inside a paste: a pasted newline does
/// not submit, a pasted tab is not part of the password.
struct KeyDecoder {
    private enum State: Equatable {
        case ground
        /// After ESC.
        case escape
        /// After ESC `[`, with the parameter and intermediate bytes so far.
        case controlSequence([UInt8])
        /// After ESC `O` (SS3): one more byte ends it.
        case singleShift
    }

    private var state = State.ground
    private var pasting = false
    /// The scalar being assembled, how many continuation bytes it still needs, and the range of the next one.
    private var scalarValue: UInt32 = 0
    private var continuationsNeeded = 0
    private var nextContinuation: ClosedRange<UInt8> = 0x80...0xBF
    /// A CSI longer than this is garbage and is dropped.
    private static let maximumSequenceLength = 32

    /// The events `bytes` complete, in order.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
        var events: [KeyEvent] = []
        for byte in bytes { feed(byte, into: &events) }
        return events
    }

    private mutating func feed(_ byte: UInt8, into events: inout [KeyEvent]) {
        if continuationsNeeded > 0 {
            if nextContinuation.contains(byte) {
                scalarValue = scalarValue << 6 | UInt32(byte & 0x3F)
                continuationsNeeded -= 1
                nextContinuation = 0x80...0xBF
                if continuationsNeeded == 0, let scalar = Unicode.Scalar(scalarValue) { events.append(.insert(scalar)) }
                return
            }
            continuationsNeeded = 0  // a broken sequence: drop it, and read this byte afresh
        }
        switch state {
        case .ground: ground(byte, into: &events)
        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .controlSequence([])
            case UInt8(ascii: "O"): state = .singleShift
            case 0x1B: break
            default: state = .ground  // Alt+key: skipped with its ESC
            }
        case .singleShift: state = .ground
        case .controlSequence(var parameters):
            switch byte {
            case 0x20...0x3F where parameters.count < Self.maximumSequenceLength:
                parameters.append(byte)
                state = .controlSequence(parameters)
            case 0x40...0x7E:
                state = .ground
                let sequence = String(decoding: parameters + [byte], as: UTF8.self)
                if sequence == TerminalEscape.pasteStartParameters { pasting = true }
                if sequence == TerminalEscape.pasteEndParameters { pasting = false }
            default:
                state = .ground
                ground(byte, into: &events)
            }
        }
    }

    private mutating func ground(_ byte: UInt8, into events: inout [KeyEvent]) {
        switch byte {
        case 0x1B: state = .escape
        case 0x20...0x7E: events.append(.insert(Unicode.Scalar(byte)))
        case 0x80...0xFF: startScalar(byte)
        case _ where pasting: break
        case 0x0D, 0x0A: events.append(.submit)
        case 0x7F, 0x08: events.append(.deleteBackward)
        case 0x15: events.append(.deleteAll)
        case 0x04: events.append(.endOfInput)
        case 0x03: events.append(.interrupt)
        case 0x1A: events.append(.suspend)
        default: break
        }
    }

    /// Starts a multi-byte scalar at lead byte `byte` (RFC 3629's table of well-formed sequences), or drops the byte.
    private mutating func startScalar(_ byte: UInt8) {
        switch byte {
        case 0xC2...0xDF: begin(UInt32(byte & 0x1F), needing: 1, next: 0x80...0xBF)
        case 0xE0: begin(0, needing: 2, next: 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: begin(UInt32(byte & 0x0F), needing: 2, next: 0x80...0xBF)
        case 0xED: begin(0x0D, needing: 2, next: 0x80...0x9F)
        case 0xF0: begin(0, needing: 3, next: 0x90...0xBF)
        case 0xF1...0xF3: begin(UInt32(byte & 0x07), needing: 3, next: 0x80...0xBF)
        case 0xF4: begin(4, needing: 3, next: 0x80...0x8F)
        default: break  // a stray continuation byte, or a lead byte no valid sequence starts with
        }
    }

    private mutating func begin(_ value: UInt32, needing count: Int, next: ClosedRange<UInt8>) {
        scalarValue = value
        continuationsNeeded = count
        nextContinuation = next
    }
}
