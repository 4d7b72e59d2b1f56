extension RuleKind {
    /// The distinct entries a `blocklist` rule refuses (its built-in lists, inline words and loaded files), as the
    /// rule compares them (lowercased); empty for every other kind and for `file:` lists not loaded yet.
    ///
    /// Compliance checks count them (a standard may ask for "the top 3,000" or "at least 20"); they are list entries,
    /// never a user's password.
    public var blocklistEntries: Set<String> {
        guard case .blocklist(let lists, let words, let files) = self else { return [] }
        var entries = Set(words)
        if lists.contains("builtin:common") { entries.formUnion(BuiltinCommonPasswords.entries) }
        for file in files { entries.formUnion(file.allWords) }
        return entries
    }
}
