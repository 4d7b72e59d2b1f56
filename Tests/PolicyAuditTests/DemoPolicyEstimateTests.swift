@testable import PolicyAudit
@testable import PolicyDemo

/// Simplified stand-ins for the demo's three policies, to check the sample's mix hits its targets.
enum DemoPolicyEstimate {
    static let blocklist = Set(DemoWordLists.commonPasswords.map { $0.lowercased() })

    static func seed(_ c: DemoCandidate) -> Bool {
        let p = c.password
        return p.count >= 8 && p.contains(where: \.isUppercase) && p.contains(where: \.isNumber)
            && p.contains(where: isSpecial)
    }

    static func nist(_ c: DemoCandidate) -> Bool {
        (15...64).contains(c.password.count) && !blocklist.contains(c.password.lowercased()) && !hasContext(c)
    }

    static func strict(_ c: DemoCandidate) -> Bool {
        let p = c.password
        return p.count >= 12 && p.contains(where: \.isUppercase) && p.contains(where: \.isLowercase)
            && p.contains(where: \.isNumber) && p.contains(where: isSpecial) && longestRepeat(p) <= 2
            && longestSequence(p) <= 3 && !blocklist.contains(p.lowercased()) && !hasContext(c)
    }

    static func isSpecial(_ character: Character) -> Bool { !character.isLetter && !character.isNumber }

    static func hasContext(_ c: DemoCandidate) -> Bool {
        let p = c.password.lowercased()
        let local = String(c.email.prefix { $0 != "@" }).lowercased()
        return [c.username.lowercased(), local].contains { $0.count >= 3 && p.contains($0) }
    }

    static func longestRepeat(_ p: String) -> Int {
        var best = 0
        var run = 0
        var previous: Character?
        for c in p {
            run = c == previous ? run + 1 : 1
            best = max(best, run)
            previous = c
        }
        return best
    }

    static func longestSequence(_ p: String) -> Int {
        let values = p.lowercased().unicodeScalars.map { Int($0.value) }
        var best = values.isEmpty ? 0 : 1
        var up = 1
        var down = 1
        for i in values.indices.dropFirst() {
            up = values[i] == values[i - 1] + 1 ? up + 1 : 1
            down = values[i] == values[i - 1] - 1 ? down + 1 : 1
            best = max(best, up, down)
        }
        return best
    }
}
