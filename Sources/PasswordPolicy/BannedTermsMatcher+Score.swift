extension BannedTermsMatcher {
    /// A password's verdict: its score, the first banned term of the cover that gave it, and any name found.
    struct Verdict {
        var score: Int
        /// Index into ``BannedTermsMatcher/terms`` of the first term the lowest-scoring cover uses, or -1.
        var firstTerm: Int
        /// Whether the user's name (username, e-mail) or the organization appears.
        var userNameFound: Bool
        var organizationFound: Bool
    }

    /// Scores `password` (its UTF-8, normalized and lower-cased) for a candidate with these name fields.
    func verdict(
        _ folded: UnsafeBufferPointer<UInt8>, username: UnsafeBufferPointer<UInt8>?,
        email: UnsafeBufferPointer<UInt8>?
    ) -> Verdict {
        let password = characters(folded)
        var userNames: [[UInt32]] = []
        if rule.fields.contains(.username), let username { userNames += nameTokens(username, isEmail: false) }
        if rule.fields.contains(.email), let email { userNames += nameTokens(email, isEmail: true) }
        let userMatches = Self.nameMatches(userNames, in: password)
        let organizationMatches = Self.nameMatches(organization, in: password)
        // Names score like terms either way (the score is reported); `name-match: reject` also refuses outright.
        let matches = termMatches(in: password) + userMatches + organizationMatches
        let (score, first) = Self.lowestScore(length: password.count, matches)
        return Verdict(
            score: score, firstTerm: first, userNameFound: !userMatches.isEmpty,
            organizationFound: !organizationMatches.isEmpty)
    }

    /// The lowest score over every set of non-overlapping matches (one point per match, one per character left),
    /// by dynamic programming from the end; and the first term of a set reaching it (-1 when none).
    static func lowestScore(length: Int, _ matches: [Match]) -> (score: Int, firstTerm: Int) {
        var byStart = [[Match]](repeating: [], count: length)
        for match in matches { byStart[match.start].append(match) }
        var best = [Int](repeating: 0, count: length + 1)
        var choice = [Match?](repeating: nil, count: length + 1)
        for start in stride(from: length - 1, through: 0, by: -1) {
            best[start] = 1 + best[start + 1]
            for match in byStart[start] where 1 + best[match.end] < best[start] {
                best[start] = 1 + best[match.end]
                choice[start] = match
            }
        }
        var position = 0
        while position < length {
            guard let match = choice[position] else {
                position += 1
                continue
            }
            if match.term >= 0 { return (best[0], match.term) }
            position = match.end
        }
        return (best[0], -1)
    }
}
