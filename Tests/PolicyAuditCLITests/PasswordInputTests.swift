import Testing

@testable import PolicyAuditCLI

/// `PasswordInput`: backspace by grapheme, the length the mask shows, the import's size limit.
@Suite("Password input")
struct PasswordInputTests {
    static func typed(_ text: String) -> PasswordInput {
        var input = PasswordInput()
        for scalar in text.unicodeScalars { input.insert(scalar) }
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

    @Test("input up to the longest password an import accepts is kept whole and is not over long")
    func atTheLimit() {
        var input = Self.typed(String(repeating: "a", count: PasswordInput.maximumBytes - 1))
        input.insert("b")
        #expect(!input.isOverLong)
        #expect(input.text.utf8.count == PasswordInput.maximumBytes)
        #expect(input.text.hasSuffix("ab"))
    }

    @Test("past the limit the input is over long, keeps what was typed first, and is never a cut candidate")
    func pastTheLimit() {
        let first = String(repeating: "a", count: PasswordInput.maximumBytes - 1)
        var input = Self.typed(first)
        input.insert("€")  // 3 bytes would pass the limit
        #expect(input.isOverLong)
        input.insert("b")  // would fit, but comes after what did not: not kept in its place
        #expect(input.isOverLong)
        #expect(input.text == first)
        #expect(input.length == first.count + 2)
        var deleted = input.deleteBackward()
        #expect(deleted && input.isOverLong, "one of the two scalars past the limit is still there")
        deleted = input.deleteBackward()
        #expect(deleted && !input.isOverLong)
        #expect(input.text == first, "edited back under the limit, the input is what was typed first")
    }

    @Test("Ctrl-U empties an over-long input")
    func deleteAllPastTheLimit() {
        var input = Self.typed(String(repeating: "x", count: PasswordInput.maximumBytes + 5))
        #expect(input.isOverLong)
        let cleared = input.deleteAll()
        #expect(cleared && !input.isOverLong && input.length == 0)
        let again = input.deleteAll()
        #expect(!again)
    }
}
