import Foundation
import PasswordPolicy
import Testing

/// The context rule's ASCII search (which skips the value and tokens whose bytes the password lacks) answers as the
/// rule's definition: the username, or one of its letter-and-digit tokens, of at least `min-token` characters, found
/// in the password forwards or reversed, ignoring case. The definition is written out here with plain strings.
@Suite struct ContextRuleDifferentialTests {
    static func definitionFails(password: String, username: String, minToken: Int) -> Bool {
        let haystack = Array(password.lowercased().utf8)
        let value = Array(username.lowercased().utf8)
        guard value.count >= minToken, haystack.count >= minToken else { return false }
        func occurs(_ needle: [UInt8]) -> Bool {
            guard !needle.isEmpty, needle.count <= haystack.count else { return false }
            return (0...(haystack.count - needle.count)).contains { start in
                Array(haystack[start..<(start + needle.count)]) == needle
                    || Array(haystack[start..<(start + needle.count)]) == needle.reversed()
            }
        }
        if occurs(value) { return true }
        let isAlphanumeric = { (byte: UInt8) in
            (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39
        }
        let tokens = value.split(whereSeparator: { !isAlphanumeric($0) }).map(Array.init)
        return tokens.contains { $0.count >= minToken && $0.count < value.count && occurs($0) }
    }

    @Test("random ASCII usernames and passwords, many holding a token: the rule's verdicts are the definition's")
    func randomCandidatesMatchTheDefinition() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdeABCDE0123xyzXYZ._-@".utf8)
        for minToken in [1, 3, 4] {
            let json = Data(
                #"{"name":"ctx","rules":[{"rule":"context","fields":["username"],"min-token":\#(minToken)}]}"#.utf8)
            let policy = try CompiledPolicy(PasswordPolicy(json: json))
            var (positives, wrong) = (0, [String]())
            for _ in 0..<20_000 {
                func text(_ length: ClosedRange<Int>) -> String {
                    String(
                        decoding: (0..<Int.random(in: length, using: &generator)).map { _ in
                            alphabet.randomElement(using: &generator)!
                        }, as: UTF8.self)
                }
                let username = text(0...12)
                var password = text(0...14)
                if Bool.random(using: &generator), !username.isEmpty {
                    // Embed a run of the username, maybe reversed and in another case, so that matches occur.
                    let bytes = Array(username.utf8)
                    let start = Int.random(in: 0..<bytes.count, using: &generator)
                    let run = bytes[start..<min(bytes.count, start + Int.random(in: 1...8, using: &generator))]
                    let piece = String(
                        decoding: Bool.random(using: &generator) ? run.reversed() : Array(run), as: UTF8.self)
                    password += Bool.random(using: &generator) ? piece.uppercased() : piece
                }
                let expected = Self.definitionFails(password: password, username: username, minToken: minToken)
                if expected { positives += 1 }
                let failed = !policy.failureMask(Candidate(password: password, username: username)).isEmpty
                if failed != expected { wrong.append("\(password) / \(username)") }
            }
            #expect(wrong.isEmpty, "min-token \(minToken): \(wrong.prefix(5))")
            #expect(positives > 300, "the sample holds matches (min-token \(minToken): \(positives))")
        }
    }
}
