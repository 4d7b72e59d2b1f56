import Testing

@testable import PolicyAuditCLI

/// `KeyDecoder`: raw terminal bytes to key events, UTF-8 assembled across reads, escapes skipped, pastes taken whole.
@Suite("Key decoder")
struct KeyDecoderTests {
    static func inserted(_ events: [KeyEvent]) -> String {
        var text = ""
        for case .insert(let scalar) in events { text.unicodeScalars.append(scalar) }
        return text
    }

    @Test(
        "control keys",
        arguments: [
            (0x0D, KeyEvent.submit), (0x0A, .submit), (0x7F, .deleteBackward), (0x08, .deleteBackward),
            (0x15, .deleteAll), (0x04, .endOfInput), (0x03, .interrupt), (0x1A, .suspend),
        ] as [(UInt8, KeyEvent)])
    func controlKeys(byte: UInt8, event: KeyEvent) {
        var decoder = KeyDecoder()
        let events = decoder.feed([byte])
        #expect(events == [event])
    }

    @Test("other control characters are ignored")
    func ignoredControls() {
        var decoder = KeyDecoder()
        let events = decoder.feed([0x00, 0x01, 0x09, 0x0B, 0x1C, 0x1F])
        #expect(events.isEmpty)
    }

    @Test("multi-byte UTF-8 split across reads at every boundary becomes whole scalars", arguments: 1...4)
    func splitUTF8(chunk: Int) {
        let text = "é€😀a"
        let bytes = Array(text.utf8)
        var decoder = KeyDecoder()
        var events: [KeyEvent] = []
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            events += decoder.feed(bytes[start..<min(start + chunk, bytes.count)])
        }
        #expect(Self.inserted(events) == text)
        #expect(events.count == text.unicodeScalars.count)
    }

    @Test(
        "invalid UTF-8 is dropped without swallowing the byte after it",
        arguments: [
            [0xC3, 0x41], [0xE2, 0x82, 0x41], [0xC0, 0xAF, 0x41], [0xED, 0xA0, 0x80, 0x41],
            [0xF4, 0x90, 0x80, 0x80, 0x41],
            [0x80, 0x41], [0xFF, 0x41], [0xE0, 0x80, 0x80, 0x41],
        ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        var decoder = KeyDecoder()
        let events = decoder.feed(bytes)
        #expect(events == [.insert("A")])
    }

    @Test("arrow, function and Alt keys are skipped")
    func escapesSkipped() {
        var decoder = KeyDecoder()
        let bytes = Array("a\u{1B}[A\u{1B}[1;5C\u{1B}OP\u{1B}[3~\u{1B}xb".utf8)
        let events = decoder.feed(bytes)
        #expect(events == [.insert("a"), .insert("b")])
    }

    @Test("an escape sequence split across reads is still skipped")
    func splitEscape() {
        var decoder = KeyDecoder()
        let escape = decoder.feed([0x1B])
        #expect(escape.isEmpty)
        let parameters = decoder.feed(Array("[1;".utf8))
        #expect(parameters.isEmpty)
        let rest = decoder.feed(Array("5Dz".utf8))
        #expect(rest == [.insert("z")])
    }

    @Test("a bracketed paste is its characters: newlines, tabs and other controls inside it are dropped")
    func bracketedPaste() {
        var decoder = KeyDecoder()
        let events = decoder.feed(Array("\u{1B}[200~Pass\tw\u{7F}ord\r\n1!é\u{1B}[201~".utf8))
        #expect(Self.inserted(events) == "Password1!é")
        #expect(!events.contains(.submit) && !events.contains(.deleteBackward))
        let enter = decoder.feed([0x0D])  // after the paste, Enter submits again
        #expect(enter == [.submit])
    }

    @Test("a paste split across reads, its end marker too")
    func splitPaste() {
        var decoder = KeyDecoder()
        var events = decoder.feed(Array("\u{1B}[20".utf8))
        events += decoder.feed(Array("0~ab\n".utf8))
        events += decoder.feed(Array("c\u{1B}[20".utf8))
        events += decoder.feed(Array("1~\r".utf8))
        #expect(events == [.insert("a"), .insert("b"), .insert("c"), .submit])
    }
}
