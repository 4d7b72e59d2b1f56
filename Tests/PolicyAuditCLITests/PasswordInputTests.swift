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
        let result1 = input.deleteBackward()
        #expect(result1)
        #expect(input.text == left)
    }

    @Test("backspace on nothing changes nothing")
    func backspaceOnEmpty() {
        var input = PasswordInput()
        let result2 = input.deleteBackward()
        #expect(!result2)
        let result3 = input.deleteAll()
        #expect(!result3)
    }

    @Test("the mask's length counts graphemes")
    func length() {
        #expect(Self.typed("cafe\u{301}👩‍👩‍👧").length == 5)
    }

    @Test("input stops at the longest password an import accepts")
    func limit() {
        var input = Self.typed(String(repeating: "a", count: PasswordInput.maximumBytes - 1))
        let result4 = input.insert("€")  // 3 bytes would pass the limit
        #expect(!result4)
        let result5 = input.insert("b")
        #expect(result5)
        let result6 = input.insert("c")
        #expect(!result6)
        #expect(input.text.utf8.count == PasswordInput.maximumBytes)
    }
}
