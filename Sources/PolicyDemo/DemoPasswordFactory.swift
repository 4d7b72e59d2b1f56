/// Makes one candidate password of a given `DemoCategory` from the embedded word lists.
enum DemoPasswordFactory {
    /// A password of `category`; `username` and `localPart` feed the personal-information kind.
    static func password(
        _ category: DemoCategory, username: String, localPart: String, random: inout DemoRandom
    ) -> String {
        switch category {
        case .common: return random.pick(DemoWordLists.commonPasswords)
        case .mutated: return mutated(&random)
        case .personal: return personal(username: username, localPart: localPart, random: &random)
        case .passphrase: return passphrase(&random)
        case .strong: return strong(&random)
        case .short: return short(&random)
        case .keyboard: return random.pick(DemoWordLists.keyboardWalks)
        case .unicode: return unicode(&random)
        }
    }

    private static func mutated(_ random: inout DemoRandom) -> String {
        var password = random.pick(DemoWordLists.mutationBases)
        if random.chance(0.25) { password = leet(password) }
        if random.chance(0.8) { password = capitalised(password) }
        password += suffix(&random)
        if random.chance(0.75) { password += random.pick(["!", "!", "@", "#", "!!"]) }
        return password
    }

    private static func personal(username: String, localPart: String, random: inout DemoRandom) -> String {
        var password = random.chance(0.6) ? username : localPart
        if random.chance(0.7) { password = capitalised(password) }
        password += random.chance(0.5) ? String(random.int(in: 1960...2010)) : String(random.int(in: 1...99))
        if random.chance(0.6) { password += "!" }
        return password
    }

    private static func passphrase(_ random: inout DemoRandom) -> String {
        let words = (0..<random.int(in: 3...5)).map { _ in random.pick(DemoWordLists.passphraseWords) }
        guard random.chance(0.15) else { return words.joined(separator: random.chance(0.5) ? " " : "-") }
        return words.map(capitalised).joined(separator: "-") + String(random.below(10))
    }

    private static func strong(_ random: inout DemoRandom) -> String {
        let scalars = (0..<random.int(in: 12...24)).map { _ in Unicode.Scalar(UInt8(0x21 + random.below(94))) }
        return String(String.UnicodeScalarView(scalars))
    }

    private static func short(_ random: inout DemoRandom) -> String {
        if random.chance(0.5) {
            return random.pick(["1234", "pass", "love", "solo", "root", "guest", "hello", "admin", "abc123", "qwe123"])
        }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<random.int(in: 1...7)).map { _ in random.pick(alphabet) })
    }

    private static func unicode(_ random: inout DemoRandom) -> String {
        switch random.below(6) {
        case 0:
            let word = random.pick(DemoWordLists.unicodeWords)
            return (random.chance(0.5) ? capitalised(word) : word) + suffix(&random) + (random.chance(0.4) ? "!" : "")
        case 1:
            return random.pick(DemoWordLists.mutationBases) + random.pick(DemoWordLists.emoji) + suffix(&random)
        case 2:
            return (0..<random.int(in: 2...5)).map { _ in random.pick(DemoWordLists.emoji) }.joined()
        case 3:
            let fullwidth = (0..<random.int(in: 2...4)).map { _ in String(random.pick(Array("０１２３４５６７８９"))) }
            return capitalised(random.pick(DemoWordLists.mutationBases)) + fullwidth.joined()
        case 4:
            var scalars = Array(random.pick(DemoWordLists.mutationBases).unicodeScalars)
            scalars.insert(
                random.pick(["\u{0301}", "\u{0300}", "\u{0308}", "\u{0303}"]), at: 1 + random.below(scalars.count))
            return capitalised(String(String.UnicodeScalarView(scalars))) + "!" + suffix(&random)
        default:
            return (0..<3).map { _ in random.pick(DemoWordLists.unicodeWords) }.joined(separator: "-")
        }
    }

    /// A four-digit year (15 %), a two-digit year (40 %), one to three digits (30 %), or nothing.
    private static func suffix(_ random: inout DemoRandom) -> String {
        let draw = random.below(100)
        if draw < 15 { return String(random.int(in: 1970...2026)) }
        if draw < 55 { return String(random.int(in: 1970...2026) % 100).leftPadded }
        if draw < 85 { return String(random.below(1000)) }
        return ""
    }

    private static func leet(_ word: String) -> String {
        let table: [Character: Character] = ["a": "@", "e": "3", "o": "0", "s": "$", "i": "1"]
        return String(word.map { table[$0] ?? $0 })
    }

    private static func capitalised(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }
}

extension String {
    /// Two digits at least: `7` becomes `07`.
    fileprivate var leftPadded: String { count < 2 ? "0" + self : self }
}
