extension PolicyParser {
    /// A `blocklist` rule whose list is a breach corpus (`hibp:PATH`, `hibp-ntlm:PATH`), with its optional
    /// `min-count`; `nil` when the rule names no corpus.
    ///
    /// A corpus is the rule's only list (no `words`, `files` or other lists beside it), so each rule's verdict and
    /// reason code say which corpus refused the password; give another `blocklist` rule for the rest.
    static func breachedBlocklist(_ rule: JSONObjectReader, lists: [String]) throws(PolicyError) -> RuleKind? {
        let corpora = lists.compactMap(BreachCorpusReference.init(listName:))
        guard let corpus = corpora.first else {
            if rule.members["min-count"] != nil {
                throw .invalid(
                    path: rule.path("min-count"), reason: "applies only to a \"hibp:\" or \"hibp-ntlm:\" list")
            }
            return nil
        }
        guard lists.count == 1, rule.members["words"] == nil, rule.members["files"] == nil else {
            throw .invalid(
                path: rule.path("lists"),
                reason: "a breach corpus (\"\(corpus.format.rawValue):\") must be the rule's only list; "
                    + "put other lists and words in another blocklist rule")
        }
        // Real corpora count far beyond the other keys' limit ("123456" has been seen tens of millions of times).
        return .breached(corpus, minCount: try rule.int("min-count", atLeast: 1, atMost: 1_000_000_000) ?? 1)
    }
}
