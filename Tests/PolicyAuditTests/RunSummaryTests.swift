import AuditCrypto
import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyStore
import Testing

@testable import PolicyAudit
@testable import PolicyCSV

/// Summaries have one implementation, `RunTally` (written by `RunCompletion`): checked against hand counts, against
/// a plain-SQL recount of the rows an import stored, and for the composition names of non-ASCII passwords.
@Suite struct RunSummaryTests {
    /// Three rules, so that rules fail alone, in pairs and not at all: at least 9 characters (bit 0), a digit (1), an
    /// upper-case letter (2).
    private static let threeRules = #"""
        {"name":"three","rules":[{"rule":"length","min":9},{"rule":"require","class":"digit"},
        {"rule":"require","class":"upper"}]}
        """#

    private func addThreeRules(_ workspace: AuditWorkspace) throws -> StoredVersion {
        let policy = try PasswordPolicy(json: Data(Self.threeRules.utf8))
        return try PolicyLibrary(workspace: workspace).add(policy, effectiveFrom: "2026-01-01T00:00:00Z", note: nil)
            .version
    }

    @Test("the production tally's summaries of hand-counted rows, written and read back")
    func tallyMatchesHandCountedRows() throws {
        let scratch = try ScratchWorkspace()
        let workspace = scratch.workspace
        let version = try addThreeRules(workspace)
        let a = try #require(Fingerprint(bytes: [UInt8](repeating: 1, count: 32)))
        let b = try #require(Fingerprint(bytes: [UInt8](repeating: 2, count: 32)))
        // (mask, time, fingerprint, length, composition as CompositionMask bits: 2 lower, 8 digit).
        let rows: [(mask: UInt64, time: String?, fingerprint: Fingerprint, length: Int, composition: UInt8)] = [
            (0, "2026-03-01T08:00:00Z", a, 10, 2 | 8),
            (0b001, "2026-03-01T09:00:00Z", a, 8, 2),
            (0b011, "2026-03-02T10:00:00Z", b, 8, 2),
            (0b100, nil, a, 0, 0),
        ]
        var tally = RunTally(ruleCounts: [3])
        let reuse = FingerprintReuseCounter()
        for row in rows {
            tally.add(
                length: row.length, composition: row.composition, masks: [row.mask],
                day: SubmissionDay.number(row.time))
            try reuse.add(row.fingerprint)
        }
        for reason in ["missing-password", "too-many-fields", "missing-password"] { tally.reject(reason: reason) }
        // Days in text order, as the store reads them back (the tally orders them by day number, `none` first).
        let summary = Self.daysInTextOrder(
            RunCompletion.summary(
                of: tally, versionIDs: [version.id], reuse: try FingerprintReuseCounter.summary(of: [reuse])))

        let v = version.id
        #expect(summary.versions == [RunVersionSummaryRow(policyVersionID: v, total: 4, unlocked: 1, nearMiss: 2)])
        #expect(
            summary.rules == [
                RunRuleSummaryRow(policyVersionID: v, bit: 0, failures: 2, onlyFailure: 1),
                RunRuleSummaryRow(policyVersionID: v, bit: 1, failures: 1, onlyFailure: 0),
                RunRuleSummaryRow(policyVersionID: v, bit: 2, failures: 1, onlyFailure: 1),
            ])
        #expect(summary.rulePairs == [RunRulePairSummaryRow(policyVersionID: v, bitA: 0, bitB: 1, failures: 1)])
        #expect(summary.lengths.map { [$0.length, $0.count] } == [[0, 1], [8, 2], [10, 1]])
        #expect(summary.compositions.map(\.composition) == ["lower", "empty", "lower+digit"])
        #expect(
            summary.reuse
                == RunReuseSummaryRow(distinctFingerprints: 2, sharedGroups: 1, sharedCandidates: 3, largestGroup: 3))
        #expect(summary.rejects.map { "\($0.reason)=\($0.count)" } == ["missing-password=2", "too-many-fields=1"])
        #expect(
            summary.days == [
                RunDaySummaryRow(policyVersionID: v, day: "2026-03-01", total: 2, unlocked: 1),
                RunDaySummaryRow(policyVersionID: v, day: "2026-03-02", total: 1, unlocked: 0),
                RunDaySummaryRow(policyVersionID: v, day: "none", total: 1, unlocked: 0),
            ])
        #expect(
            summary.dayRules.map { "\($0.day)/\($0.bit)=\($0.failures)" } == [
                "2026-03-01/0=1", "2026-03-02/0=1", "2026-03-02/1=1", "none/2=1",
            ])
        // Written summaries read back identically.
        let run = try workspace.runs.start(
            sourceName: "hand.csv", sourceBytes: 1, sourceSHA256: String(repeating: "a", count: 64), label: nil,
            versionIDs: [v], pwauditVersion: "0.0.0-test"
        ).run
        try workspace.summaries.write(runID: run.id, summary: summary)
        #expect(try Self.daysInTextOrder(workspace.summaries.read(runID: run.id)) == summary)
    }

    private static func daysInTextOrder(_ summary: RunSummary) -> RunSummary {
        var sorted = summary
        sorted.days.sort { ($0.policyVersionID, $0.day) < ($1.policyVersionID, $1.day) }
        sorted.dayRules.sort { ($0.policyVersionID, $0.day, $0.bit) < ($1.policyVersionID, $1.day, $1.bit) }
        return sorted
    }

    @Test("an import's stored summaries agree with a plain-SQL recount of the rows it stored")
    func importAgreesWithRecount() throws {
        let scratch = try ScratchWorkspace()
        let workspace = scratch.workspace
        let three = try addThreeRules(workspace)
        let p = try PolicyLibrary(workspace: workspace).version(#require(PolicyReference(parsing: "p@1")))
        let csv = """
            password,submitted_at
            Password1,2026-03-01T08:00:00Z
            password,2026-03-01T09:00:00Z
            Password1,2026-03-02
            short,
            SHORT1,2026-03-02T23:59:59Z
            Contraseña24!,2026-03-03
            密码1999,2026-03-03
            x\u{301}yz12345,
            ,2026-03-04
            correct horse battery staple,2026-03-04
            too,many,fields

            """
        let path = try scratch.write("c.csv", csv)
        var request = CSVImportRequest(source: .file(path: path))
        request.versions = [three, p]
        let runID = try #require(try CSVImport(workspace: workspace).run(request).imported?.runID)
        let stored = try workspace.summaries.read(runID: runID)
        let recount = StoredRowRecount(database: workspace.database, runID: runID)

        #expect(stored.versions.sorted { $0.policyVersionID < $1.policyVersionID } == (try recount.versions))
        #expect(
            stored.rules.sorted { ($0.policyVersionID, $0.bit) < ($1.policyVersionID, $1.bit) } == (try recount.rules))
        #expect(
            stored.rulePairs.sorted { ($0.policyVersionID, $0.bitA, $0.bitB) < ($1.policyVersionID, $1.bitA, $1.bitB) }
                == (try recount.rulePairs))
        #expect(
            stored.days.map { "\($0.policyVersionID)/\($0.day)=\($0.total)/\($0.unlocked)" }.sorted()
                == (try recount.days))
        #expect(
            stored.dayRules.map { "\($0.policyVersionID)/\($0.day)/\($0.bit)=\($0.failures)" }.sorted()
                == (try recount.dayRules))
        #expect(stored.lengths.sorted { $0.length < $1.length } == (try recount.lengths))
        #expect(stored.compositions.map { "\($0.composition)=\($0.count)" }.sorted() == (try recount.compositions))
        #expect(stored.reuse == (try recount.reuse))
        #expect(stored.rejects.map { "\($0.reason)=\($0.count)" }.sorted() == (try recount.rejects))
        // The recount is of something: every accepted row, under both versions.
        #expect(stored.versions.map(\.total) == [9, 9])
        #expect(try recount.rejects.count == 2)
    }

    @Test(
        "compositions name classes as CompositionMask does, non-ASCII passwords and combining marks included",
        arguments: [
            ("Contraseña24!", "upper+lower+digit+special"),
            ("Contrasen\u{303}a24!", "upper+lower+digit+special"),
            ("密码1999", "other-letter+digit"),
            ("x\u{301}yz12345", "lower+digit+mark"),
            ("Ünïcode Straße 9", "upper+lower+digit+space"),
        ])
    func compositionNames(password: String, expected: String) throws {
        let scratch = try ScratchWorkspace()
        let path = try scratch.write("c.csv", "password\n\(password)\n")
        let runID = try #require(
            try CSVImport(workspace: scratch.workspace).run(CSVImportRequest(source: .file(path: path))).imported?.runID
        )
        let stored = try scratch.workspace.summaries.compositions(runID: runID).map(\.composition)
        #expect(stored == [expected])
        #expect(stored == [CompositionMask.name(of: CompositionMask.mask(of: PasswordFeatures(password: password)))])
    }
}
