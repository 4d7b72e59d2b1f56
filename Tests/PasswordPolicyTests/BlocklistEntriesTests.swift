import Foundation
import Testing

@testable import PasswordPolicy

/// Large lists held compactly: parsing a file's bytes, and lookups through the shared table.
@Suite struct BlocklistEntriesTests {
    private static func entries(_ text: String) -> BlocklistEntries {
        Array(text.utf8).withUnsafeBufferPointer { BlocklistEntries(text: $0) }
    }

    @Test func linesAreTrimmedLowercasedAndKeptOnceInFileOrder() {
        let entries = Self.entries("# comment\r\n  Hunter2 \r\n\nletmein\n\tHUNTER2\nÉté\nzeta")
        #expect(entries.words == ["hunter2", "letmein", "été", "zeta"])
        #expect(entries.count == 4)
        #expect(
            entries.words
                == BlocklistText.entries(in: "# comment\r\n  Hunter2 \r\n\nletmein\n\tHUNTER2\nÉté\nzeta")
                .map { $0.lowercased() }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } })
    }

    @Test func anEmptyFileHasNoEntries() {
        #expect(Self.entries("").count == 0)
        #expect(Self.entries("# only a comment\n\n").words.isEmpty)
    }

    @Test func aPolicyWithSharedEntriesBlocksThemAsInlineWordsWould() throws {
        let entries = Self.entries((0..<2000).map { "Word\($0)" }.joined(separator: "\n") + "\nÉté\n")
        let file = BlocklistFile(name: "deny.txt", sha256: String(repeating: "a", count: 64), entries: entries)
        let policy = PasswordPolicy(
            name: "t", rules: [PolicyRule(id: "b", kind: .blocklist(lists: [], words: ["extra"], files: [file]))])
        let compiled = try CompiledPolicy(policy)
        for (password, listed) in [
            ("word1999", true), ("WORD7", true), ("extra", true), ("ÉTÉ", true),
            ("word2000", false), ("été1", false),
        ] {
            #expect(compiled.evaluate(Candidate(password: password)).outcomes[0].passed == !listed, "\(password)")
        }
        #expect(entries.table(.nfkc) === entries.table(.nfkc), "one table per list and normalization")
    }

    @Test func aReferenceParsesAndMustBeAttachedBeforeCompiling() throws {
        let json =
            #"{"name":"t","rules":[{"rule":"blocklist","files":[{"name":"d.txt","sha256":"\#(String(repeating: "b", count: 64))","entries":2}]}]}"#
        let policy = try PasswordPolicy(json: Data(json.utf8))
        #expect(policy.storedListFiles.map(\.entryCount) == [2])
        #expect(throws: PolicyError.self) { _ = try CompiledPolicy(policy) }
        let attached = policy.attachingListEntries { _ in Self.entries("a1\nb2\n") }
        #expect(try CompiledPolicy(attached).evaluate(Candidate(password: "B2")).outcomes[0].passed == false)
        #expect(attached.canonicalJSON() == policy.canonicalJSON(), "attaching changes no definition")
    }
}
