import AuditTime

/// A deterministic, realistic sample of candidate passwords for the demo, generated inside pwaudit.
///
/// Same `rows` and `seed`, same rows, on every platform (own xoshiro256** generator). Each row has a
/// made-up user on a reserved example domain, a time uniformly spread over 2025-01-01…2026-11-30 UTC,
/// and a password drawn from this mix (per mille of rows, see `DemoCategory.perMille`):
///
/// | kind | share | looks like |
/// |---|---:|---|
/// | common | 13.5 % | `123456`, `sunshine` (embedded top-150 list) |
/// | mutated | 36 % | `Sunsh1ne19!`, `Dragon42`, `Chocolate2019!` |
/// | personal | 11 % | `Anna.smith1987!` from the username or e-mail local part |
/// | passphrase | 10 % | `maple river stone`, `Tiger-Ocean-Lemon7` (15 % capitalised with a digit) |
/// | strong | 6 % | random printable ASCII, 12–24 characters |
/// | short | 7 % | 1–7 characters |
/// | keyboard | 7 % | `qwerty123`, `1qaz@WSX`, `Qwerty123!` |
/// | unicode | 9.5 % | `Contraseña24!`, `密码1999`, emoji, `Password１２３`, combining marks |
///
/// Scored with simplified versions of the demo's three policies (see `DemoSampleGeneratorTests`), the
/// default seed gives about: seed policy (8+, upper, digit, special) 34 %, mostly mutated, personal and
/// strong rows; NIST 800-63B style (15–64, blocklist, context) 16 %, mostly passphrases and long strong
/// ones; strict composite (12+, four classes, repeats ≤ 2, sequences ≤ 3, blocklist, context) 10 %.
package struct DemoSampleGenerator: Sequence, Sendable {
    /// How many rows the sample has.
    package let rows: Int
    /// The seed that decides every row.
    package let seed: UInt64

    /// A sample of `rows` rows decided by `seed`.
    package init(rows: Int, seed: UInt64 = 2026) {
        precondition(rows >= 0, "row count must not be negative")
        self.rows = rows
        self.seed = seed
    }

    /// Iterates the rows in order, generating each on demand (flat memory for any size).
    package func makeIterator() -> Iterator {
        Iterator(rows: rows, random: DemoRandom(seed: seed))
    }

    /// All rows in an array.
    package var candidates: [DemoCandidate] { Array(self) }

    /// Generates rows one at a time.
    package struct Iterator: IteratorProtocol {
        private let rows: Int
        private var random: DemoRandom
        private var nextID = 1

        fileprivate init(rows: Int, random: DemoRandom) {
            self.rows = rows
            self.random = random
        }

        /// The next row, or `nil` after the last.
        package mutating func next() -> DemoCandidate? {
            guard nextID <= rows else { return nil }
            defer { nextID += 1 }
            let first = random.pick(DemoWordLists.firstNames)
            let last = random.pick(DemoWordLists.surnames)
            let username: String
            switch random.below(6) {
            case 0: username = "\(first).\(last)"
            case 1: username = "\(first.prefix(1))\(last)"
            case 2: username = first + last
            case 3: username = "\(first)_\(last)"
            case 4: username = "\(first)\(random.int(in: 1...999))"
            default: username = "\(last)\(first.prefix(1))"
            }
            let localPart = random.chance(0.5) ? username : "\(first).\(last)"
            let email = "\(localPart)@\(random.pick(DemoWordLists.domains))"
            let category = DemoCategory.forDraw(random.below(1000))
            let password = DemoPasswordFactory.password(
                category, username: username, localPart: localPart, random: &random)
            let submittedAt = Self.iso8601(secondsSinceEpoch: random.int(in: Self.firstSecond...Self.lastSecond))
            return DemoCandidate(
                id: nextID, username: username, email: email, password: password, submittedAt: submittedAt,
                category: category)
        }

        /// 2025-01-01T00:00:00Z and 2026-11-30T23:59:59Z as Unix times.
        static let firstSecond = 1_735_689_600
        static let lastSecond = 1_796_083_199

        /// `YYYY-MM-DDTHH:MM:SSZ` for a Unix time in the demo's span: `UTCInstant`'s canonical text.
        static func iso8601(secondsSinceEpoch seconds: Int) -> String {
            UTCInstant(secondsSince1970: Int64(seconds))!.text  // the span is years 2025-2026: always an instant
        }
    }
}
