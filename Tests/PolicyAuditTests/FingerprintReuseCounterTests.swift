import AuditCrypto
import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyStore
import Testing

@testable import PolicyAudit

@Suite("Reuse counted while importing, in bounded memory")
struct FingerprintReuseCounterTests {
    /// 5,000 fingerprints of passwords drawn from a pool of 1,500 with a skew, so groups of many sizes exist.
    private static let fingerprints: [Fingerprint] = {
        let fingerprinter = Fingerprinter(rawKey: Array(repeating: 7, count: 32))
        var state: UInt64 = 42
        return (0..<5_000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pick = Int((state >> 33) % 1_500)
            return fingerprinter.fingerprint(utf8: "password-\(pick * pick % 1_500)")
        }
    }()

    private static var expected: RunReuseSummaryRow {
        let groups = Dictionary(grouping: fingerprints, by: { $0 }).values.map(\.count)
        let shared = groups.filter { $0 >= 2 }
        return RunReuseSummaryRow(
            distinctFingerprints: groups.count, sharedGroups: shared.count, sharedCandidates: shared.reduce(0, +),
            largestGroup: groups.max() ?? 0)
    }

    @Test("the same figures in memory and across spilled sorted runs", arguments: [1 << 20, 4_096, 333, 2])
    func matchesExactGrouping(runCapacity: Int) throws {
        let counter = FingerprintReuseCounter(runCapacity: runCapacity)
        for fingerprint in Self.fingerprints { try counter.add(fingerprint) }
        #expect(try FingerprintReuseCounter.summary(of: [counter]) == Self.expected)
    }

    @Test(
        "counters of parallel workers, each sorted or spilled on its own, merge to the same figures",
        arguments: [3, 500])
    func workersMerge(runCapacity: Int) throws {
        let counters = (0..<3).map { _ in FingerprintReuseCounter(runCapacity: runCapacity) }
        for (index, fingerprint) in Self.fingerprints.enumerated() { try counters[index % 3].add(fingerprint) }
        counters[0].sortBuffered()
        #expect(try FingerprintReuseCounter.summary(of: counters) == Self.expected)
    }

    @Test("no candidates: all zero")
    func empty() throws {
        #expect(
            try FingerprintReuseCounter.summary(of: [FingerprintReuseCounter()])
                == RunReuseSummaryRow(distinctFingerprints: 0, sharedGroups: 0, sharedCandidates: 0, largestGroup: 0))
    }

    @Test("an import stores the same reuse figures as counting the stored fingerprints again")
    func importAgreesWithSQL() throws {
        let scratch = try ScratchWorkspace()
        let workspace = scratch.workspace
        // "hunter2" ×3, "Password1" ×2 (once as fullwidth digits: the same after NFKC), the rest unique.
        let rows = ["hunter2", "Password1", "hunter2", "unique-a", "Password１", "hunter2", "unique-b"]
        let csv = "password\n" + rows.joined(separator: "\n") + "\n"
        let path = try scratch.write("c.csv", csv)
        let result = try #require(
            try CSVImport(workspace: workspace).run(CSVImportRequest(source: .file(path: path))).imported)
        let runID = try #require(result.runID)
        let stored = try #require(try workspace.summaries.reuse(runID: runID))
        #expect(stored == (try StoredRowRecount(database: workspace.database, runID: runID).reuse))
        #expect(
            stored == RunReuseSummaryRow(distinctFingerprints: 4, sharedGroups: 2, sharedCandidates: 5, largestGroup: 3)
        )
    }
}
