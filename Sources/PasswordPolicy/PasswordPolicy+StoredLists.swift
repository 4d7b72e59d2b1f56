extension PasswordPolicy {
    /// The `file:` lists the policy holds by reference (`blocklist` and `banned-terms` rules), each once by SHA-256:
    /// what a store keeps beside the definition.
    public var storedListFiles: [BlocklistFile] {
        var seen = Set<String>()
        return rules.flatMap { rule -> [BlocklistFile] in
            switch rule.kind {
            case .blocklist(_, _, let files): files
            case .bannedTerms(let banned): banned.files
            default: []
            }
        }.filter { $0.isReference && seen.insert($0.sha256).inserted }
    }

    /// Returns the policy with each list held by reference given its entries by `fetch` (a store's copy).
    public func attachingListEntries(_ fetch: (BlocklistFile) throws -> BlocklistEntries) rethrows -> PasswordPolicy {
        var copy = self
        for index in copy.rules.indices {
            switch copy.rules[index].kind {
            case .blocklist(let lists, let words, let files):
                copy.rules[index].kind = .blocklist(
                    lists: lists, words: words, files: try files.map { try $0.isLoaded ? $0 : $0.attaching(fetch($0)) })
            case .bannedTerms(var banned):
                banned.files = try banned.files.map { try $0.isLoaded ? $0 : $0.attaching(fetch($0)) }
                copy.rules[index].kind = .bannedTerms(banned)
            default:
                continue
            }
        }
        return copy
    }
}
