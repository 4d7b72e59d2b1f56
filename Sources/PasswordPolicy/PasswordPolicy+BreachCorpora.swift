extension PasswordPolicy {
    /// The breach corpora the policy's `blocklist` rules name, each once, in rule order.
    public var breachCorpusReferences: [BreachCorpusReference] {
        var seen: [BreachCorpusReference] = []
        for rule in rules {
            guard case .breached(let corpus, _) = rule.kind, !seen.contains(corpus) else { continue }
            seen.append(corpus)
        }
        return seen
    }

    /// Returns the policy with each breach corpus's path replaced by `resolve(path)` (a loader makes a path relative
    /// to the policy file absolute, so that a stored version finds the corpus from any directory).
    public func resolvingBreachCorpusPaths(_ resolve: (String) -> String) -> PasswordPolicy {
        var copy = self
        for index in copy.rules.indices {
            guard case .breached(var corpus, let minCount) = copy.rules[index].kind else { continue }
            corpus.path = resolve(corpus.path)
            copy.rules[index].kind = .breached(corpus, minCount: minCount)
        }
        return copy
    }
}
