import AuditRepositories
import Testing

/// `WordListRepository`, against every store: content-addressed, each list once.
@Suite struct WordListRepositoryContractTests {
    private static let sha = String(repeating: "ab", count: 32)

    @Test(arguments: StoreUnderTest.all)
    func aListIsStoredOnceAndReadBack(store: StoreUnderTest) throws {
        try store.withStore { store in
            let entries = Array("hunter2\nletmein\n".utf8)
            try store.wordLists.store(sha256: Self.sha, entryCount: 2, entries: entries)
            try store.wordLists.store(sha256: Self.sha, entryCount: 2, entries: entries)
            #expect(try store.wordLists.count() == 1)
            let read = try #require(try store.wordLists.list(sha256: Self.sha))
            #expect(read.entryCount == 2)
            #expect(read.entries == entries)
            #expect(try store.wordLists.list(sha256: String(repeating: "0", count: 64)) == nil)
        }
    }

    @Test(arguments: StoreUnderTest.all)
    func anEmptyListIsAList(store: StoreUnderTest) throws {
        try store.withStore { store in
            try store.wordLists.store(sha256: Self.sha, entryCount: 0, entries: [])
            #expect(try store.wordLists.list(sha256: Self.sha)?.entryCount == 0)
        }
    }
}
