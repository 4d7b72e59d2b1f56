extension RuleKind {
    /// The entries a `blocklist` rule refuses, one array per source (its inline words, the built-in list, each loaded
    /// file), each distinct within itself and as the rule compares them (lowercased); empty for every other kind and
    /// for `file:` lists not loaded yet.
    ///
    /// Compliance checks count them (a standard may ask for "the top 3,000" or "at least 20"); they are list entries,
    /// never a user's password. A rule with one source needs no set to count its distinct entries.
    public var blocklistSources: [[String]] {
        guard case .blocklist(let lists, let words, let files) = self else { return [] }
        var sources = [words]
        sources += BuiltinBlocklist.named(in: lists).map(\.entries)
        sources += files.map(\.allWords)
        return sources.filter { !$0.isEmpty }
    }
}
