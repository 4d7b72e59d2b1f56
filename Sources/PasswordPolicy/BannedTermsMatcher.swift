/// A `banned-terms` rule compiled: its terms normalized and indexed by their halves, so that finding every term
/// within one edit inside a password takes a few hash lookups per position rather than one comparison per term.
///
/// A term of length m within one edit of a stretch of the password leaves its first ⌊m/2⌋ or its last ⌈m/2⌉
/// characters intact (one edit touches one half); each half found exactly anchors the candidate stretches, which are
/// then checked. Immutable after `init`; safe to share across threads.
final class BannedTermsMatcher: @unchecked Sendable {
    /// A banned term or name found in the password: `start..<end` of its normalized characters.
    struct Match: Hashable {
        var start: Int
        var end: Int
        /// Index into ``terms``; -1 for a name (user or organization).
        var term: Int
        /// Whether the stretch equals the term (not merely within one edit).
        var exact: Bool
    }

    let rule: BannedTerms
    /// The distinct normalized terms of 4 to 16 characters (file entries of other lengths are left out).
    let terms: [[UInt32]]
    /// The organization's normalized tokens of at least 4 characters.
    let organization: [[UInt32]]
    private let substitutions: [UInt32: UInt32]
    private let normalization: Normalization
    /// Hash of a half → (term index << 1) | 1 when it is the term's second half.
    private let halves: [UInt64: [Int]]
    /// Bit `n` set when some half has length `n`.
    private let halfLengths: UInt32

    /// A matcher of `rule`; `kept` is ``keptTerms(_:normalization:)`` when the caller has computed it already.
    init(_ rule: BannedTerms, normalization: Normalization, terms kept: [[UInt32]]? = nil) {
        self.rule = rule
        self.normalization = normalization
        let table = Self.substitutionTable(rule)
        substitutions = table
        terms = kept ?? Self.keptTerms(rule, normalization: normalization, table: table)
        organization =
            rule.organization.map {
                Self.tokens(Array(CompiledPolicy.folded(normalized($0, normalization)).unicodeScalars), table)
            } ?? []
        var halves: [UInt64: [Int]] = [:]
        var lengths: UInt32 = 0
        for (index, term) in terms.enumerated() {
            let split = term.count / 2
            halves[Self.hash(term[..<split]), default: []].append(index << 1)
            halves[Self.hash(term[split...]), default: []].append(index << 1 | 1)
            lengths |= 1 << UInt32(split) | 1 << UInt32(term.count - split)
        }
        self.halves = halves
        halfLengths = lengths
    }

    /// The rule's distinct terms as it compares them (normalized, lower-cased, substituted), those of 4 to 16
    /// characters only: what a matcher holds, and what counts against ``BannedTerms/maximumTerms``.
    static func keptTerms(_ rule: BannedTerms, normalization: Normalization) -> [[UInt32]] {
        keptTerms(rule, normalization: normalization, table: substitutionTable(rule))
    }

    /// The rule's substitutions by scalar value (each side is one character, as the parser requires).
    private static func substitutionTable(_ rule: BannedTerms) -> [UInt32: UInt32] {
        var table: [UInt32: UInt32] = [:]
        for (from, to) in rule.substitutions {
            table[from.unicodeScalars.first!.value] = to.unicodeScalars.first!.value
        }
        return table
    }

    private static func keptTerms(
        _ rule: BannedTerms, normalization: Normalization, table: [UInt32: UInt32]
    ) -> [[UInt32]] {
        var seen = Set<[UInt32]>()
        return rule.allTerms.map {
            substituted(Array(CompiledPolicy.folded(normalized($0, normalization)).unicodeScalars), table)
        }.filter { BannedTerms.termLengths.contains($0.count) && seen.insert($0).inserted }
    }

    /// `text` lower-cased and substituted as the rule compares it (used to check a term's length when parsing).
    static func normalizedTerm(_ text: String, substitutions: [String: String]) -> [UInt32] {
        var table: [UInt32: UInt32] = [:]
        for (from, to) in substitutions {
            if let key = from.unicodeScalars.first, let value = to.unicodeScalars.first {
                table[key.value] = value.value
            }
        }
        return substituted(Array(CompiledPolicy.folded(text).unicodeScalars), table)
    }

    /// The password's characters as the rule compares them: `folded` (normalized, lower-cased UTF-8) substituted.
    func characters(_ folded: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        if folded.allSatisfy({ $0 < 0x80 }) {
            return folded.map { substitutions[UInt32($0)] ?? UInt32($0) }
        }
        return Self.substituted(Array(String(decoding: folded, as: UTF8.self).unicodeScalars), substitutions)
    }

    /// The normalized tokens (at least 4 characters) of a user's name field; an e-mail address gives its local part.
    func nameTokens(_ value: UnsafeBufferPointer<UInt8>, isEmail: Bool) -> [[UInt32]] {
        var scalars = Array(
            CompiledPolicy.folded(normalized(String(decoding: value, as: UTF8.self), normalization))
                .unicodeScalars)
        if isEmail, let at = scalars.lastIndex(of: "@") { scalars = Array(scalars[..<at]) }
        return Self.tokens(scalars, substitutions)
    }

    /// Every term within one edit of a stretch of `password`, except stretches overlapping an exact occurrence of the
    /// same term (so `blank1` is the term `blank` and a `1`, not one fuzzy match of six characters).
    func termMatches(in password: [UInt32]) -> [Match] {
        var found = Set<Match>()
        let count = password.count
        for start in 0..<count {
            var hash: UInt64 = Self.seed
            for length in 1...Swift.min(16, count - start) {
                hash = Self.step(hash, password[start + length - 1])
                guard halfLengths & (1 << UInt32(length)) != 0, let entries = halves[hash] else { continue }
                for entry in entries {
                    anchor(entry, at: start, length: length, in: password, into: &found)
                }
            }
        }
        let exact = found.filter(\.exact)
        return found.filter { match in
            match.exact || !exact.contains { $0.term == match.term && $0.start < match.end && match.start < $0.end }
        }.sorted { ($0.start, $0.end, $0.term) < ($1.start, $1.end, $1.term) }
    }

    /// Exact occurrences of `names` (each at least 4 characters) in `password`.
    static func nameMatches(_ names: [[UInt32]], in password: [UInt32]) -> [Match] {
        var matches: [Match] = []
        for name in names where name.count <= password.count {
            for start in 0...(password.count - name.count)
            where password[start..<(start + name.count)].elementsEqual(name) {
                matches.append(Match(start: start, end: start + name.count, term: -1, exact: true))
            }
        }
        return matches
    }

    /// Records the stretches around a half found at `start..<start + length` that are within one edit of its term.
    private func anchor(_ entry: Int, at start: Int, length: Int, in password: [UInt32], into found: inout Set<Match>) {
        let term = terms[entry >> 1]
        let split = term.count / 2
        let isSecond = entry & 1 == 1
        let half = isSecond ? term[split...] : term[..<split]
        guard half.count == length, password[start..<(start + length)].elementsEqual(half) else { return }
        for span in (term.count - 1)...(term.count + 1) {
            let from = isSecond ? start + length - span : start
            guard from >= 0, from + span <= password.count else { continue }
            let stretch = password[from..<(from + span)]
            guard Self.withinOneEdit(stretch, term) else { continue }
            found.insert(
                Match(
                    start: from, end: from + span, term: entry >> 1,
                    exact: span == term.count && stretch.elementsEqual(term)))
        }
    }

    /// Whether `a` becomes `b` by at most one substitution, insertion or deletion.
    static func withinOneEdit(_ a: ArraySlice<UInt32>, _ b: [UInt32]) -> Bool {
        let (short, long) = a.count <= b.count ? (Array(a), b) : (b, Array(a))
        guard long.count - short.count <= 1 else { return false }
        var i = 0
        while i < short.count, short[i] == long[i] { i += 1 }
        if i == short.count { return true }
        if short.count == long.count { return short[(i + 1)...].elementsEqual(long[(i + 1)...]) }
        return short[i...].elementsEqual(long[(i + 1)...])
    }

    private static func substituted(_ scalars: [Unicode.Scalar], _ table: [UInt32: UInt32]) -> [UInt32] {
        scalars.map { table[$0.value] ?? $0.value }
    }

    /// Runs of letters and digits (split before substitution, so `$` and `@` separate) of at least 4 characters.
    private static func tokens(_ scalars: [Unicode.Scalar], _ table: [UInt32: UInt32]) -> [[UInt32]] {
        scalars.split { !($0.properties.isAlphabetic || $0.properties.numericType != nil) }
            .filter { $0.count >= BannedTerms.minimumNameLength }
            .map { substituted(Array($0), table) }
    }

    private static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    private static func step(_ hash: UInt64, _ scalar: UInt32) -> UInt64 {
        (hash ^ UInt64(scalar)) &* 0x100_0000_01b3
    }

    private static func hash(_ scalars: ArraySlice<UInt32>) -> UInt64 {
        scalars.reduce(seed, step)
    }
}
