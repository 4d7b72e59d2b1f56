import AuditRepositories
import Foundation
import PasswordPolicy
import Testing

@testable import PolicyAudit
@testable import PolicyTuning

/// `TuneSweep`, the pure arithmetic of `pwaudit tune`, over hand-made cells; and `RunTally`'s tuning cells merge as
/// one tally of every row would count them.
@Suite struct TuneSweepTests {
    /// length (bit 0), require upper (bit 1), classes 2 of upper/lower/digit/special (bit 2), blocklist (bit 3).
    static let policy = try! PasswordPolicy(
        json: Data(
            #"""
            {"name": "corp", "rules": [
              {"rule": "length", "id": "len", "min": 10},
              {"rule": "require", "id": "up", "class": "upper"},
              {"rule": "classes", "id": "cls", "min": 2, "of": ["upper", "lower", "digit", "special"]},
              {"rule": "blocklist", "id": "bl", "lists": ["builtin:common"]}
            ]}
            """#.utf8))

    static func bits(_ classes: [CharacterClass]) -> Int {
        Int(classes.reduce(0) { $0 | TuningFeatures.bit(of: $1) })
    }

    static func cell(_ mask: UInt64, _ length: Int, _ classes: [CharacterClass], _ score: Int?, _ count: Int)
        -> RunTuningCellRow
    {
        RunTuningCellRow(
            policyVersionID: 1, failedMask: mask, length: length, classes: bits(classes), strengthScore: score,
            count: count)
    }

    /// 12 lower+upper, unlocked (score 3) ×5; 8 lower+upper, too short ×4 (score 1); 12 lower only, fails up and cls
    /// ×3 (score 2); 14 upper+digit on the blocklist ×2 (score 0); 9 lower, short and up and cls ×1 (score 4).
    static let cells = [
        cell(0, 12, [.lower, .upper, .letter], 3, 5),
        cell(0b0001, 8, [.lower, .upper, .letter], 1, 4),
        cell(0b0110, 12, [.lower, .letter], 2, 3),
        cell(0b1000, 14, [.upper, .digit, .letter], 0, 2),
        cell(0b0111, 9, [.lower, .letter], 4, 1),
    ]

    private func sweep(_ variations: [String], cells: [RunTuningCellRow] = cells) throws -> TuneSweep {
        try TuneSweep(
            policy: Self.policy, reference: "corp@1", runID: 7, cells: cells,
            variations: variations.map { try TuneVariation(parsing: $0) })
    }

    private func unlocked(_ sweep: TuneSweep) -> [Int] { sweep.outcomes.map(\.unlocked) }

    @Test func minLengthSweepCountsEachMinimumAndMarksTheStoredOne() throws {
        let result = try sweep(["min-length=8..12"])
        #expect(result.total == 15)
        #expect(result.storedUnlocked == 5)
        #expect(result.storedWeak == 0)
        #expect(unlocked(result) == [9, 5, 5, 5, 5])
        #expect(result.outcomes.map(\.weak) == [4, 0, 0, 0, 0])
        #expect(result.storedValues == [.number(10)])
    }

    @Test func compositionVariantsReplaceRequireAndClasses() throws {
        #expect(unlocked(try sweep(["classes=0..3"])) == [8, 8, 5, 0])
        #expect(unlocked(try sweep(["require=lower/upper,lower/digit"])) == [8, 5, 0])
        #expect(unlocked(try sweep(["drop=len,up,cls,bl"])) == [9, 5, 5, 7])
        #expect(try sweep(["classes=0..3"]).storedValues == [nil], "up and cls together are no classes setting")
    }

    @Test func aGridCountsEveryPairFirstKeyMajor() throws {
        let result = try sweep(["min-length=8,12", "drop=up,bl"])
        #expect(
            result.outcomes.map(\.values) == [
                [.number(8), .rule("up")], [.number(8), .rule("bl")], [.number(12), .rule("up")],
                [.number(12), .rule("bl")],
            ])
        #expect(unlocked(result) == [9, 11, 5, 7])
    }

    @Test func minScoreNeedsStoredScoresAndCounts() throws {
        #expect(unlocked(try sweep(["min-score=0..4"])) == [5, 5, 5, 5, 0])
        let unscored = Self.cells.map {
            RunTuningCellRow(
                policyVersionID: $0.policyVersionID, failedMask: $0.failedMask, length: $0.length, classes: $0.classes,
                strengthScore: nil, count: $0.count)
        }
        #expect(throws: TuneError.noStrength(runID: 7)) { try sweep(["min-score=1"], cells: unscored) }
    }

    @Test func refusalsNameTheWayOut() throws {
        #expect(throws: TuneError.unknownKey("blocklist")) { try sweep(["blocklist=builtin:top-10k"]) }
        #expect(TuneError.unknownKey("pattern").userMessage.contains("pwaudit rescore"))
        #expect(TuneError.unknownKey("pattern").exitCode == .usage)
        #expect(throws: TuneError.conflictingKeys("classes", "require")) { try sweep(["classes=1", "require=upper"]) }
        #expect(throws: TuneError.conflictingKeys("min-length", "drop")) { try sweep(["min-length=9", "drop=len"]) }
        #expect(throws: TuneError.conflictingKeys("drop", "drop")) { try sweep(["drop=up", "drop=bl"]) }
        #expect(throws: TuneError.unknownRule(id: "nope", reference: "corp@1", known: ["len", "up", "cls", "bl"])) {
            try sweep(["drop=nope"])
        }
        #expect(throws: TuneError.keyCount(3)) { try sweep(["drop=up", "min-length=8", "classes=1"]) }
        #expect(throws: TuneError.self) { try sweep(["classes=5"]) }
        #expect(throws: TuneError.self) { try sweep(["min-length=0..4"]) }
        #expect(throws: TuneError.self) { try sweep(["min-length=12..8"]) }
        #expect(throws: TuneError.badVary("min-length")) { try sweep(["min-length"]) }
    }

    @Test func mergedTalliesCountTuningCellsAsOneTally() throws {
        let features = [TuningFeatures(length: 12, classes: 3), TuningFeatures(length: 300, classes: 1)]
        var whole = RunTally(ruleCounts: [2])
        var first = RunTally(ruleCounts: [2])
        var second = RunTally(ruleCounts: [2])
        for index in 0..<200 {
            let masks: [UInt64] = [UInt64(index % 4) | (index % 7 == 0 ? 1 << 63 : 0)]
            let feature = [features[index % 2]]
            let score = index % 3 == 0 ? nil : index % 5
            masks.withUnsafeBufferPointer { masks in
                feature.withUnsafeBufferPointer { feature in
                    whole.addTuning(masks: masks, features: feature, score: score)
                    if index < 90 {
                        first.addTuning(masks: masks, features: feature, score: score)
                    } else {
                        second.addTuning(masks: masks, features: feature, score: score)
                    }
                }
            }
        }
        first.merge(second)
        let rows = whole.tuningRows(ofVersion: 0, versionID: 3)
        #expect(first.tuningRows(ofVersion: 0, versionID: 3) == rows)
        #expect(rows.reduce(0) { $0 + $1.count } == 200)
        #expect(rows.allSatisfy { $0.length <= 255 && $0.policyVersionID == 3 })
        #expect(rows.contains { $0.length == 255 }, "a length over 255 is stored as 255")
        #expect(rows.first?.failedMask ?? 0 >= 1 << 63, "bit 63 sorts first, as the stores' signed integers do")
    }
}
