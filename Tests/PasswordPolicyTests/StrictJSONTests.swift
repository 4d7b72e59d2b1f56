import Foundation
import Testing

@testable import PasswordPolicy

@Suite("Strict policy JSON")
struct StrictJSONTests {
    static func error(_ json: String) -> PolicyError? {
        do {
            _ = try PasswordPolicy(json: Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "a key given twice is an error naming its key path",
        arguments: [
            (#"{"name":"a","name":"b","rules":[{"rule":"length","min":1}]}"#, "name: duplicate key"),
            (
                #"{"name":"n","rules":[{"rule":"length","min":1},{"rule":"length","min":2,"min":3}]}"#,
                "rules[1].min: duplicate key"
            ),
            (
                #"{"name":"n","rules":[{"rule":"require","class":{"chars":"!","chars":"?"}}]}"#,
                "rules[0].class.chars: duplicate key"
            ),
            (
                #"{"name":"n","rules":[{"rule":"length","min":1}],"rules":[{"rule":"length","min":9}]}"#,
                "rules: duplicate key"
            ),
        ])
    func duplicateKeys(json: String, message: String) {
        #expect(Self.error(json)?.description == message)
    }

    @Test(
        "what RFC 8259 does not allow is malformed JSON with a line and column",
        arguments: [
            #"{"name":"n","rules":[{"rule":"length","min":1},]}"#,
            #"{"name":"n","rules":[{"rule":"length","min":1}],}"#,
            "{\"name\":\"n\", // comment\n\"rules\":[]}",
            #"{'name':'n'}"#, #"{"name":"n","rules":[{"rule":"length","min":01}]}"#,
            #"{"name":"n","rules":[{"rule":"length","min":NaN}]}"#, #"{"name":"\ud800","rules":[]}"#,
            #"{"name":"\udc00x","rules":[]}"#, "{\"name\":\"a\tb\"}", #"{"name":"\x"}"#, #"{"name":"n"} {}"#,
            #"{"name":1.}"#, #"{"name":-}"#, #"{"name":1e}"#, "  ",
        ])
    func malformed(json: String) throws {
        let error = try #require(Self.error(json))
        guard case .malformedJSON(let reason) = error else {
            Issue.record("expected malformedJSON, got \(error)")
            return
        }
        #expect(reason.contains("line ") || reason == "the file is empty")
    }

    @Test("invalid and overlong UTF-8 inside a string is malformed JSON")
    func invalidUTF8() {
        for bad: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            let bytes = Array(#"{"name":""#.utf8) + bad + Array(#"","rules":[]}"#.utf8)
            guard case .malformedJSON? = parse(bytes) else {
                Issue.record("expected malformedJSON for \(bad)")
                continue
            }
        }
    }

    private func parse(_ bytes: [UInt8]) -> PolicyError? {
        do {
            _ = try PasswordPolicy(json: Data(bytes))
            return nil
        } catch {
            return error
        }
    }

    @Test("escapes, surrogate pairs, a byte order mark and whole-number reals are accepted")
    func accepted() throws {
        let json =
            "\u{FEFF}"
            + #"{"name":"n","description":"\ud83d\ude00 \u00e9\n\"\/","rules":[{"rule":"length","min":12.0}]}"#
        let policy = try PasswordPolicy(json: Data(json.utf8))
        #expect(policy.description == "😀 é\n\"/")
        #expect(policy.rules[0].kind == .length(min: 12, max: nil))
    }

    @Test("syntax error messages give positions, never the file's text")
    func noEcho() throws {
        let error = try #require(Self.error("{\"name\":\"n\",\n  \"description\":\"TOPSECRET\" x}"))
        #expect(
            error.description == "policy is not valid JSON: expected \",\" or \"}\" in an object at line 2, column 29")
        #expect(!error.description.contains("TOPSECRET"))
    }

    @Test("nesting deeper than the limit is malformed, not a stack overflow")
    func depth() throws {
        let deep = String(repeating: "[", count: 100_000)
        guard case .malformedJSON(let reason)? = Self.error(deep) else {
            Issue.record("expected malformedJSON")
            return
        }
        #expect(reason.hasPrefix("objects and arrays nest deeper than 64"))
    }
}
