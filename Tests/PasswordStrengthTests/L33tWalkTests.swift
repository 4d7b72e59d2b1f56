import Testing

@testable import PasswordStrength

/// The single l33t walk finds exactly the matches of zxcvbn's rescan per substitution set, each once, in the order
/// of its first copy.
struct L33tWalkTests {
    let matcher = DictionaryMatcher(
        table: RankedWordTable.embedded, userInputs: UserInputDictionary(["j0hn", "Sm1th", "p4ss"]))

    /// A match as the search sees it: position, list, word, rank and the substitutions in use (as a set).
    private func key(_ match: StrengthMatch) -> String {
        guard case .dictionary(let detail) = match.pattern else { return "?" }
        let subs = detail.substitutions.map { "\($0.typed)\($0.letter)" }.sorted().joined(separator: ",")
        return "\(match.start)-\(match.end) \(match.token) \(detail.dictionaryName) \(detail.matchedWord) "
            + "\(detail.rank) [\(subs)]"
    }

    @Test(arguments: [
        "p4$$w0rd", "1l0v3y0u", "P@55w0rd!", "$m1th|j0hn", "4@8({[<3691!|70$5+7%2", "7r0ub4d0ur&3",
        "l33th4x0r", "|0|_|1|7|", "c0mpu73r5c13nc3", "5up3rm4n1234", "%(0|1|)$", "j0hnp4ss5m17h",
        "4@8({[<3691!|70$5+7%2qwertyuiop4@8({[<3691!|70$5+7%2aaaaaaaa",
    ])
    func walkEqualsRescanPerSubstitutionSet(_ password: String) {
        let scalars = Array(password.unicodeScalars)
        let walked = matcher.l33tMatches(scalars).map(key)
        var seen: Set<String> = []
        let rescanned = matcher.rescanningL33tMatches(scalars, L33tTable.substitutions(relevantTo: scalars))
            .map(key).filter { seen.insert($0).inserted }
        #expect(walked == rescanned)
    }

    @Test func walkFindsPasswordUnderSubstitutions() {
        let keys = matcher.l33tMatches(Array("p4$$w0rd".unicodeScalars)).map(key)
        #expect(keys.contains("0-7 p4$$w0rd passwords password 2 [$s,0o,4a]"))
    }
}
