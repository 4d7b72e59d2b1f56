extension PolicyParser {
    /// A `banned-terms` rule's parameters, defaults applied.
    static func bannedTerms(_ rule: JSONObjectReader) throws(PolicyError) -> BannedTerms {
        let substitutions = try substitutionTable(rule)
        let terms = try rule.strings("terms") ?? []
        for (index, term) in terms.enumerated() {
            let length = BannedTermsMatcher.normalizedTerm(term, substitutions: substitutions).count
            guard BannedTerms.termLengths.contains(length) else {
                throw .invalid(
                    path: "\(rule.path("terms"))[\(index)]",
                    reason: "must be 4 to 16 characters (has \(length)), as Entra's custom banned terms are")
            }
        }
        let lists = try rule.strings("lists") ?? []
        try refuseNUL(in: lists, rule)
        for (index, list) in lists.enumerated() where !(list.hasPrefix("file:") && list.count > 5) {
            throw .invalid(
                path: "\(rule.path("lists"))[\(index)]", reason: "unknown list \"\(list)\"; use \"file:PATH\"")
        }
        let files = try blocklistFiles(rule)
        guard !terms.isEmpty || !lists.isEmpty || !files.isEmpty else {
            throw .invalid(path: rule.path, reason: "needs a non-empty \"terms\" or \"lists\"")
        }
        let organization = try rule.string("organization")
        if let organization, organization.isEmpty {
            throw .invalid(path: rule.path("organization"), reason: "must not be empty")
        }
        let nameMatch =
            try rule.enumValue("name-match", BannedTerms.NameMatch.self, accepted: ["reject", "score"]) ?? .reject
        return BannedTerms(
            terms: terms, lists: Array(Set(lists)).sorted(), files: files, organization: organization,
            minScore: try rule.int("min-score", atLeast: 1) ?? 5, substitutions: substitutions, nameMatch: nameMatch,
            fields: try contextFields(rule))
    }

    /// `substitutions`: an object of single characters, `{"0": "o", "$": "s"}`; Entra's four when absent.
    private static func substitutionTable(_ rule: JSONObjectReader) throws(PolicyError) -> [String: String] {
        guard let value = rule.members["substitutions"] else { return BannedTerms.entraSubstitutions }
        guard case .object(let members) = value else {
            throw .invalid(path: rule.path("substitutions"), reason: "must be an object such as {\"0\": \"o\"}")
        }
        var table: [String: String] = [:]
        for (from, to) in members {
            let path = "\(rule.path("substitutions")).\(from)"
            guard case .string(let target) = to else { throw .invalid(path: path, reason: "must be a string") }
            guard from.unicodeScalars.count == 1, target.unicodeScalars.count == 1 else {
                throw .invalid(path: path, reason: "must map one character to one character")
            }
            let folded = CompiledPolicy.folded(normalized(from, .nfkc))
            guard folded == from else {
                throw .invalid(
                    path: path,
                    reason: "can never match: passwords are normalized and lower-cased before substitution"
                        + (folded.unicodeScalars.count == 1 ? "; write \"\(folded)\"" : ""))
            }
            table[from] = target
        }
        return table
    }
}
