import AuditCrypto
import AuditRepositories
import Foundation
import PasswordPolicy
import PasswordStrength
import PwauditTestSupport
import Testing

@testable import PolicyAudit
@testable import PolicyCSV

/// The import's reuse of strength estimates (`StrengthEstimateCache` through `CandidateScorer`): a common password is
/// estimated once whoever typed it, unless its user inputs could change the estimate; every stored estimate is the
/// one the estimator makes for that row with its own inputs.
@Suite("Strength estimates reused across users")
struct StrengthReuseTests {
    static let key = try! HMACSHA256Key(bytes: [UInt8](repeating: 7, count: 32))

    /// Scores `rows` (username, e-mail, password) with one strength-estimating scorer; returns each stored estimate.
    private static func score(_ scorer: CandidateScorer, _ rows: [(String, String, String)]) -> [CandidateStrength] {
        rows.map { row in
            var (username, email, password) = row
            return password.withUTF8 { password in
                username.withUTF8 { username in
                    email.withUTF8 { email in
                        let fields = CSVRowFields(
                            line: 2, password: UnsafeRawBufferPointer(password),
                            username: username.isEmpty ? nil : UnsafeRawBufferPointer(username),
                            email: email.isEmpty ? nil : UnsafeRawBufferPointer(email))
                        return scorer.score(fields).strength!
                    }
                }
            }
        }
    }

    private static func direct(_ row: (String, String, String)) -> CandidateStrength {
        let estimate = StrengthEstimator().estimate(row.2, userInputs: [row.0, row.1].filter { !$0.isEmpty })
        return CandidateStrength(score: estimate.score, guessesLog10: estimate.guessesLog10)
    }

    @Test("one password under fifty users is estimated once; a user inside it gets their own estimate")
    func reusedAcrossUsers() throws {
        let scorer = CandidateScorer(policies: [], key: Self.key, strength: true)
        var rows = (0..<50).map { ("user\($0)", "person\($0)@example.com", "sunshine1") }
        // the password is "zqvxrkwm"'s username: their inputs change its estimate, so it is not taken from bob's.
        rows += [("bob", "bob@example.com", "zqvxrkwm"), ("zqvxrkwm", "zq@example.com", "zqvxrkwm")]
        rows += [("zqvxrkwm", "", "zqvxrkwm"), ("cyd", "", "zqvxrkwm")]
        let stored = Self.score(scorer, rows)
        #expect(stored == rows.map(Self.direct))
        #expect(stored[50] != stored[51], "zqvxrkwm's own estimate is lower")
        let cache = try #require(scorer.strengthCache)
        // sunshine1: 1 estimate, 49 hits; zqvxrkwm: bob 1, its user 1 (own key), without e-mail 1, cyd hits bob's.
        #expect(cache.lookups == 54 && cache.hits == 50)
    }

    @Test(
        "the reuse rate on generated candidates, every estimate exact",
        .enabled(if: SharedBench.isAvailable, "gen_corpus.py (the shared bench kit) and python3 are needed"))
    func generatedCorpus() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reuse-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("c.csv").path
        _ = try SharedBench.generate(["--rows", "8000", "--seed", "42"], output: csv)
        let rows = try StrengthInputScreenTests.rows(csv).map { ($0.username, $0.email, $0.password) }
        let scorer = CandidateScorer(policies: [], key: Self.key, strength: true)
        let stored = Self.score(scorer, rows)
        let cache = try #require(scorer.strengthCache)
        let repeated = rows.count - Set(rows.map(\.2)).count
        print("strength reuse: \(cache.hits) hits of \(cache.lookups) lookups; \(repeated) rows repeat a password")
        // Keyed by user inputs too, almost nothing repeats (each row has its own username); by fingerprint, most
        // repeated passwords are answered from the cache.
        #expect(cache.hits > repeated * 3 / 4)
        // Exact: a sample of the estimates (the repeats included) is what the estimator makes for the row itself.
        for index in stride(from: 0, to: rows.count, by: 7) { #expect(stored[index] == Self.direct(rows[index])) }
    }

    @Test("a batch fingerprinted and estimated ahead scores exactly as row by row, twice over")
    func preparedBatchScoresAsRowByRow() throws {
        let policies = try [
            #"{"name": "a", "rules": [{"rule": "length", "min": 8}, {"rule": "require", "class": "digit"}]}"#,
            #"{"name": "b", "rules": [{"rule": "strength", "min-score": 2}]}"#,
        ].map { try CompiledPolicy(PasswordPolicy(json: Data($0.utf8))) }
        // Repeats (cache hits), a user inside the password (its own estimate), NFKC-changed and non-ASCII passwords.
        let rows = [
            ("ann", "ann@example.com", "sunshine1"), ("bob", "bob@example.com", "sunshine1"),
            ("zqvxrkwm", "zq@example.com", "zqvxrkwm77"), ("cyd", "", "\u{FB01}ne\u{FF11}\u{FF12}x"),
            ("dee", "dee@example.com", "İstanbul1453"), ("eve", "", "Tr0ub4dor&3"), ("fay", "", "sunshine1"),
        ]
        var batch = RowBatch()
        for (index, row) in rows.enumerated() {
            var (username, email, password) = row
            password.withUTF8 { password in
                username.withUTF8 { username in
                    email.withUTF8 { email in
                        batch.append(
                            CSVRowFields(
                                line: index + 2, password: UnsafeRawBufferPointer(password),
                                username: username.isEmpty ? nil : UnsafeRawBufferPointer(username),
                                email: email.isEmpty ? nil : UnsafeRawBufferPointer(email)))
                    }
                }
            }
        }
        let direct = CandidateScorer(policies: policies, key: Self.key, strength: true)
        let ahead = CandidateScorer(policies: policies, key: Self.key, strength: true)
        var directTally = direct.emptyTally()
        var aheadTally = ahead.emptyTally()
        var directScored: [ScoredCandidate] = []
        var aheadScored: [ScoredCandidate] = []
        batch.forEachRow { directScored.append(direct.score($0, into: &directTally)) }
        // Twice: a second preparation of the same batch starts from it again.
        for _ in 0..<2 {
            aheadScored = []
            ahead.prepare(batch)
            batch.forEachRow { aheadScored.append(ahead.score($0, into: &aheadTally)) }
        }
        #expect(aheadScored.map(\.fingerprint) == directScored.map(\.fingerprint))
        #expect(aheadScored.map(\.features) == directScored.map(\.features))
        #expect(aheadScored.map(\.composition) == directScored.map(\.composition))
        #expect(aheadScored.map(\.strength) == directScored.map(\.strength))
        #expect(aheadScored.allSatisfy { $0.strength != nil })
        for (aheadVersion, directVersion) in zip(aheadTally.versions, directTally.versions) {
            #expect(aheadVersion.strengthCounts == directVersion.strengthCounts.map { $0 * 2 })
            #expect(aheadVersion.strengthUnlocked == directVersion.strengthUnlocked.map { $0 * 2 })
        }
        // The same lookups in the same order: the repeats of sunshine1 are hits either way.
        let (directCache, aheadCache) = (try #require(direct.strengthCache), try #require(ahead.strengthCache))
        #expect(
            aheadCache.lookups == 2 * directCache.lookups && aheadCache.hits == directCache.hits + directCache.lookups)
    }
}
