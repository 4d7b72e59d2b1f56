import Foundation
import Testing

@testable import PasswordPolicy

@Suite("Policy parsing errors")
struct PolicyParserTests {
    static let faults: [(String, String)] = [
        (#"{"rules":[{"rule":"length","min":1}]}"#, "name: is required"),
        (
            #"{"name":"a b","rules":[{"rule":"length","min":1}]}"#,
            #"name: must be made of letters, digits, ".", "_" and "-""#
        ),
        (#"{"name":"n","rules":[]}"#, "rules: must contain at least 1 rule"),
        (#"{"name":"n"}"#, "rules: is required"),
        (
            #"{"name":"n","nmae":"x","rules":[{"rule":"length","min":1}]}"#,
            #"policy: unknown key "nmae"; did you mean "name"?"#
        ),
        (
            #"{"name":"n","rules":[{"rule":"lenght","min":1}]}"#,
            #"rules[0].rule: unknown rule "lenght"; did you mean "length"?"#
        ),
        (
            #"{"name":"n","rules":[{"rule":"length","min":1},{"rule":"length","mni":1}]}"#,
            #"rules[1]: unknown key "mni"; did you mean "min"?"#
        ),
        (#"{"name":"n","rules":[{"rule":"require","class":"upper","min":0}]}"#, "rules[0].min: must be at least 1"),
        (#"{"name":"n","rules":[{"rule":"length","min":"12"}]}"#, "rules[0].min: must be an integer, not a string"),
        (#"{"name":"n","rules":[{"rule":"length","min":1.5}]}"#, "rules[0].min: must be a whole number"),
        (#"{"name":"n","rules":[{"rule":"length","min":1e300}]}"#, "rules[0].min: must be at most 1000000"),
        (#"{"name":"n","rules":[{"rule":"length","min":10,"max":5}]}"#, "rules[0].max: must be at least min (10)"),
        (#"{"name":"n","rules":[{"rule":"length"}]}"#, #"rules[0]: needs "min" or "max""#),
        (
            #"{"name":"n","rules":[{"rule":"classes","min":5,"of":["upper","lower"]}]}"#,
            "rules[0].min: must be at most the number of classes (2)"
        ),
        (
            #"{"name":"n","rules":[{"rule":"classes","of":["upper","uper"]}]}"#,
            #"rules[0].of[1]: unknown class "uper"; use "upper", "lower", "digit", "special", "letter", "space""#
        ),
        (#"{"name":"n","rules":[{"rule":"max-sequence","max":1}]}"#, "rules[0].max: must be at least 2"),
        (#"{"name":"n","rules":[{"rule":"max-repeat"}]}"#, "rules[0].max: is required"),
        (
            #"{"name":"n","rules":[{"rule":"blocklist","lists":["http://x"]}]}"#,
            #"rules[0].lists[0]: unknown list "http://x"; use "builtin:common", "builtin:top-10k", "file:PATH", "hibp:PATH" or "hibp-ntlm:PATH""#
        ),
        (
            #"{"name":"n","rules":[{"rule":"pattern","regex":"(["}]}"#,
            "rules[0].regex: class opened here is not closed with \"]\" at offset 1"
        ),
        (
            #"{"name":"n","rules":[{"rule":"require","class":{"chars":"!","x":1}}]}"#,
            #"rules[0].class: unknown key "x""#
        ),
        (
            #"{"name":"n","rules":[{"rule":"length","min":1,"id":"a"},{"rule":"length","min":2,"id":"a"}]}"#,
            #"rules[1].id: duplicate id "a""#
        ),
        (
            #"{"name":"n","lockout-threshold":0,"rules":[{"rule":"length","min":1}]}"#,
            "lockout-threshold: must be at least 1"
        ),
        (
            #"{"name":"n","usage":"two","rules":[{"rule":"length","min":1}]}"#,
            #"usage: unknown value "two"; use "single-factor", "multi-factor""#
        ),
        (#"{"name":"n","rules":[[1,2]]}"#, "rules[0]: must be an object, not an array"),
        (#"[1]"#, "policy: must be an object, not an array"),
        (#"{"name":1,"rules":[{"rule":"length","min":1}]}"#, "name: must be a string, not a number"),
        (#"{"name":"n","rules":[{"rule":"length","min":true}]}"#, "rules[0].min: must be an integer, not a boolean"),
        (#"{"name":"n","rules":[{"rule":"length","min":-1}]}"#, "rules[0].min: must be at least 0"),
        (
            #"{"name":"n","rules":[{"rule":"length","min":99999999999999999999999}]}"#,
            "rules[0].min: must be at most 1000000"
        ),
        (#"{"name":"n","rules":[{"rule":"max-repeat","max":null}]}"#, "rules[0].max: must be an integer, not null"),
        (#"{"name":"n","rules":{"rule":"length"}}"#, "rules: must be an array, not an object"),
        (
            #"{"name":"n","rules":[{"rule":"blocklist","words":["a",""]}]}"#,
            "rules[0].words[1]: must be a non-empty string"
        ),
        (
            #"{"name":"n","rules":[{"rule":"context","fields":["phone"]}]}"#,
            #"rules[0].fields[0]: unknown field "phone"; use "username", "email""#
        ),
    ]

    @Test("each fault names its key path", arguments: faults)
    func fault(json: String, expected: String) {
        #expect(parseError(json)?.description == expected)
    }

    @Test(
        "syntax errors are malformedJSON", arguments: ["", "{", #"{"name":}"#, "nul", "{\"name\":\"n\"} x", "\u{FF}"])
    func malformed(json: String) {
        guard case .malformedJSON = parseError(json) else {
            Issue.record("expected malformedJSON for \(json)")
            return
        }
    }

    @Test("deeply nested junk is an error, not a crash")
    func nested() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(parseError(#"{"name":"n","rules":[{"rule":"length","min":1,"x":\#(deep)}]}"#) != nil)
        #expect(parseError(deep) != nil)
    }

    @Test("defaults and derived ids are filled in")
    func defaults() throws {
        let policy = try PasswordPolicy(
            json: Data(
                #"""
                {"name":"n","rules":[{"rule":"require","class":"upper"},{"rule":"length","min":12},
                {"rule":"length","max":64},{"rule":"length","min":1,"id":"length-2"},{"rule":"require","class":{"chars":"!"}}]}
                """#.utf8))
        #expect(policy.normalization == .nfkc)
        #expect(policy.rules.map(\.id) == ["require-upper", "length", "length-3", "length-2", "require-chars"])
        #expect(policy.rules[0].label == "An uppercase letter")
        #expect(policy.rules[1].label == "At least 12 characters")
        #expect(policy.rules[0].kind == .require(.named(.upper), min: 1))
    }

    @Test("file lists are kept, listed and resolved into words; unresolved lists don't compile")
    func fileLists() throws {
        let policy = try PasswordPolicy(
            json: Data(
                #"""
                {"name":"n","rules":[{"rule":"blocklist","lists":["builtin:common","file:deny.txt"],"words":["acme"]}]}
                """#.utf8))
        #expect(policy.fileListReferences == ["deny.txt"])
        #expect(throws: PolicyError.self) { try CompiledPolicy(policy) }
        let resolved = policy.resolvingFileLists { path in
            #expect(path == "deny.txt")
            return BlocklistText.entries(in: "# comment\nHunter2\r\n\n  letmein  \n")
        }
        #expect(resolved.fileListReferences.isEmpty)
        #expect(resolved.rules[0].kind == .blocklist(lists: ["builtin:common"], words: ["acme", "hunter2", "letmein"]))
        let compiled = try CompiledPolicy(resolved)
        #expect(code(compiled, "HUNTER2") == "blocklist.listed")
        #expect(code(compiled, "123456") == "blocklist.common")
    }

    @Test("a loaded file list is kept by name, SHA-256 and entries; its canonical JSON parses back to the same rule")
    func loadedFileListsKeepTheirSource() throws {
        let policy = try PasswordPolicy(
            json: Data(#"{"name":"n","rules":[{"rule":"blocklist","lists":["file:deny.txt"],"words":["acme"]}]}"#.utf8))
        let digest = String(repeating: "ab", count: 32)
        let resolved = policy.loadingFileLists { path in
            BlocklistFile(name: path, sha256: digest, words: ["Hunter2", "letmein"])
        }
        let file = BlocklistFile(name: "deny.txt", sha256: digest, words: ["hunter2", "letmein"])
        #expect(resolved.rules[0].kind == .blocklist(lists: [], words: ["acme"], files: [file]))
        #expect(resolved.rules[0].parameters["files"] == "deny.txt (2 entries, SHA-256 abababababab…)")
        #expect(try PasswordPolicy(json: Data(resolved.canonicalJSON().utf8)) == resolved)
        let compiled = try CompiledPolicy(resolved)
        #expect(code(compiled, "HUNTER2") == "blocklist.listed")
        #expect(code(compiled, "acme") == "blocklist.listed")
        // A blocklist without files keeps the canonical form (and so the definition hash) it always had.
        #expect(
            !(try PasswordPolicy(json: Data(#"{"name":"n","rules":[{"rule":"blocklist","words":["a"]}]}"#.utf8)))
                .canonicalJSON().contains("files"))
    }
}

@Suite("Rule count limits")
struct RuleCountTests {
    func policy(rules count: Int) -> String {
        let rules = Array(repeating: #"{"rule":"length","min":1}"#, count: count).joined(separator: ",")
        return #"{"name":"n","rules":[\#(rules)]}"#
    }

    @Test("64 rules compile and use every mask bit; 65 are rejected")
    func limits() throws {
        let compiled = try compile(policy(rules: 64))
        #expect(compiled.rules.last?.id == "length-64")
        #expect(compiled.failureMask(Candidate(password: "")).count == 64)
        #expect(compiled.failureMask(Candidate(password: "x")).isEmpty)
        #expect(parseError(policy(rules: 65))?.description == "rules: must contain at most 64 rules")
    }
}
