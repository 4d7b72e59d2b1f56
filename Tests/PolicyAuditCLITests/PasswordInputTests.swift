import Testing

@testable import PolicyAuditCLI

/// `PasswordInput`: backspace by grapheme, the length the mask shows, the import's size limit.
@Suite("Password input")
struct PasswordInputTests {
    static func typed(_ text: String) -> PasswordInput {
        var input = PasswordInput()
        for scalar in text.unicodeScalars { _ = input.insert(scalar) }
        return input
    }

    @Test(
        "backspace deletes the last grapheme, however many scalars it has",
        arguments: [("abc", "ab"), ("cafe\u{301}", "caf"), ("a👩‍👩‍👧", "a"), ("x🇫🇷", "x"), ("é", "")])
    func backspace(typed text: String, left: String) {
        var input = Self.typed(text)
        let deleted = input.deleteBackward()
        #expect(deleted)
        #expect(input.text == left)
    }

    @Test("backspace on nothing changes nothing")
    func backspaceOnEmpty() {
        var input = PasswordInput()
        let deleted = input.deleteBackward()
        #expect(!deleted)
        let cleared = input.deleteAll()
        #expect(!cleared)
    }

    @Test("the mask's length counts graphemes")
    func length() {
        #expect(Self.typed("cafe\u{301}👩‍👩‍👧").length == 5)
    }

    @Test("input stops at the longest password an import accepts")
    func limit() {
        var input = Self.typed(String(repeating: "a", count: PasswordInput.maximumBytes - 1))
        let euro = input.insert("€")  // 3 bytes would pass the limit
        #expect(!euro)
        let last = input.insert("b")
        #expect(last)
        let beyond = input.insert("c")
        #expect(!beyond)
        #expect(input.text.utf8.count == PasswordInput.maximumBytes)
    }
}
