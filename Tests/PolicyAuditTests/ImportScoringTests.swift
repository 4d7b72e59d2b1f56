import AuditCrypto
import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyStore
import Testing

@testable import PolicyAudit
@testable import PolicyCSV

/// The import's fast paths must agree with the engine's own definitions.
@Suite("Import scoring fast paths")
struct ImportScoringTests {
    static let key = try! HMACSHA256Key(bytes: [UInt8](repeating: 9, count: 32))

    static let passwords: [String] =
        (0..<128).map { String(UnicodeScalar(UInt8($0))) } + [
            "Tr0ub4dor&3", "correct horse battery staple", "tab\there", "DEL\u{7F}", "pässwörd", "Café１２３",
            "e\u{301}", "漢字パスワード", "emoji 🙂!", "ZWJ\u{200D}x", "", "   ",
            // Longer than one 255-byte counting chunk (one class alone past 255); the last turns non-ASCII late.
            String(repeating: "aB3! \t~", count: 120), String(repeating: "a", count: 700),
            String(repeating: "x", count: 600) + "é",
        ]

    @Test("features and composition of the ASCII fast path equal PasswordFeatures'", arguments: passwords)
    func fastPathMatchesEngine(password: String) throws {
        let scorer = CandidateScorer(policies: [], key: Self.key)
        var text = password
        let scored = text.withUTF8 { scorer.score(CSVRowFields(line: 2, password: UnsafeRawBufferPointer($0))) }
        let engine = PasswordFeatures(password: password)
        #expect(scored.features.length == engine.length)
        #expect(scored.features.upperCount == engine.upper)
        #expect(scored.features.lowerCount == engine.lower)
        #expect(scored.features.digitCount == engine.digit)
        #expect(scored.features.specialCount == engine.special)
        #expect(scored.features.otherLetterCount == engine.otherLetter)
        #expect(scored.features.spaceCount == engine.space)
        #expect(scored.features.otherCount == engine.mark + engine.other)
        #expect(CompositionMask.name(of: scored.composition) == engine.composition)
        let normalized = PasswordNormalizer.normalized(password, .nfkc)
        #expect(scored.fingerprint == Fingerprinter(key: Self.key).fingerprint(utf8: normalized))
    }

    @Test("a version of more than 16 rules is tallied as exactly as a small one", arguments: [8, 20])
    func wideVersionTally(ruleCount: Int) {
        let high = UInt64(1) << UInt64(ruleCount - 1)
        let masks: [UInt64] = [0, 0b1, high, high | 0b10, high | 0b10, 0b11]
        var tally = RunTally(ruleCounts: [ruleCount])
        for mask in masks.prefix(3) { tally.add(length: 4, composition: 2, masks: [mask], day: 20_260_301) }
        var other = RunTally(ruleCounts: [ruleCount])
        for mask in masks.dropFirst(3) { other.add(length: 4, composition: 2, masks: [mask], day: 20_260_302) }
        tally.merge(other)
        let version = tally.versions[0]
        let top = ruleCount - 1
        #expect(version.total == 6 && version.unlocked == 1 && version.nearMisses == 2)
        #expect(version.failures[0] == 2 && version.failures[1] == 3 && version.failures[top] == 3)
        #expect(version.onlyFailure[0] == 1 && version.onlyFailure[top] == 1 && version.onlyFailure[1] == 0)
        #expect(version.pairs[1 * 64 + top] == 2 && version.pairs[0 * 64 + 1] == 1)
        #expect(version.pairs.reduce(0, +) == 3)
        #expect(
            tally.days(ofVersion: 0)[20_260_302]
                == RunTally.DayTally(total: 3, unlocked: 0, failures: [0: 1, 1: 3, top: 2]))
    }

    @Test("the tally's flat day and composition figures read back as counted")
    func tallyReadsBack() {
        var tally = RunTally(ruleCounts: [3, 2])
        tally.add(length: 8, composition: 2 | 8, masks: [0b101, 0], day: 20_260_301)
        tally.add(length: 8, composition: 2 | 8, masks: [0b001, 0b10], day: 20_260_302)
        tally.add(length: 12, composition: 1, masks: [0, 0], day: nil)
        tally.add(length: 3, composition: 0, masks: [0b100, 0b11], day: 20_260_301)
        var other = RunTally(ruleCounts: [3, 2])
        other.add(length: 8, composition: 2, masks: [0b1, 0b1], day: 20_260_309)
        other.add(length: 8, composition: 2, masks: [0b1, 0b1], day: 20_260_301)
        tally.merge(other)
        #expect(tally.acceptedCount == 6)
        #expect(tally.lengths == [3: 1, 8: 4, 12: 1])
        #expect(tally.compositions == ["lower+digit": 2, "upper": 1, "empty": 1, "lower": 2])
        #expect(tally.versions[0].failures[0] == 4 && tally.versions[0].failures[2] == 2)
        #expect(tally.versions[0].pairs[0 * 64 + 2] == 1)
        #expect(tally.versions[0].unlocked == 1 && tally.versions[1].unlocked == 2)
        let days = tally.days(ofVersion: 0)
        // A candidate without a day is on day `SubmissionDay.none` (0): every candidate is on one day.
        #expect(days.keys.sorted() == [0, 20_260_301, 20_260_302, 20_260_309])
        #expect(days[0] == RunTally.DayTally(total: 1, unlocked: 1, failures: [:]))
        #expect(days[20_260_301] == RunTally.DayTally(total: 3, unlocked: 0, failures: [0: 2, 2: 2]))
        #expect(days[20_260_302] == RunTally.DayTally(total: 1, unlocked: 0, failures: [0: 1]))
        #expect(
            tally.days(ofVersion: 1)[20_260_301] == RunTally.DayTally(total: 3, unlocked: 1, failures: [0: 2, 1: 1]))
    }

    /// Versions in the default mode with NFKC, one length rule with a maximum and one without any: their tuning
    /// features follow from the stored feature row. With the Apple-mode version, the evaluation counts them.
    static let derivableVersions = [
        #"{"name": "a", "rules": [{"rule": "length", "min": 8, "max": 12}, {"rule": "require", "class": "upper"}]}"#,
        #"{"name": "b", "rules": [{"rule": "classes", "min": 3}]}"#,
    ]
    static let appleVersion = #"{"name": "c", "evaluation": "apple", "rules": [{"rule": "length", "min": 6}]}"#

    @Test(
        "tuning cells from the stored feature row equal those of the evaluation's own features",
        arguments: [derivableVersions, derivableVersions + [appleVersion]])
    func tuningCellsMatchEvaluation(definitions: [String]) throws {
        let policies = try definitions.map { try CompiledPolicy(PasswordPolicy(json: Data($0.utf8))) }
        #expect(policies.allSatisfy(\.policy.readsStoredTuningFeatures) == (definitions.count == 2))
        let scorer = CandidateScorer(policies: policies, key: Self.key)
        var tally = scorer.emptyTally()
        // NFKC changes the last ones' lengths and classes: a ligature, full-width letters and digits, the ohm sign.
        let passwords = Self.passwords + ["\u{FB01}ne\u{FF11}\u{FF12}", "\u{FF21}\u{FF42}c", "x\u{2126}Z"]
        for password in passwords {
            var text = password
            _ = text.withUTF8 {
                scorer.score(CSVRowFields(line: 2, password: UnsafeRawBufferPointer($0)), into: &tally)
            }
        }
        struct Cell: Hashable {
            var mask: UInt64
            var length: Int
            var classes: Int
        }
        for (index, policy) in policies.enumerated() {
            var expected: [Cell: Int] = [:]
            for password in passwords {
                let candidate = Candidate(password: password)
                let features = policy.tuningFeatures(candidate)
                let cell = Cell(
                    mask: policy.failureMask(candidate).rawValue,
                    length: min(features.length, RunTuningCellRow.maximumLength), classes: Int(features.classes))
                expected[cell, default: 0] += 1
            }
            var counted: [Cell: Int] = [:]
            for row in tally.tuningRows(ofVersion: index, versionID: 1) {
                counted[Cell(mask: row.failedMask, length: row.length, classes: row.classes), default: 0] += row.count
            }
            #expect(counted == expected, "version \(index)")
        }
    }
}
