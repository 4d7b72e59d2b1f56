import AuditRepositories
import Foundation
import PasswordPolicy

/// The one-time backfill `pwaudit init --backfill` offers for runs imported by an older pwaudit: the summaries a run
/// stores since, computed from what the run has stored where that is exact.
///
/// Two summaries: the comparison of every ordered pair of the run's versions (`compare` reads it instead of counting
/// the candidates), counted from the run's stored outcomes, exact for every run that still holds its candidates (a
/// pruned run always has it: prune stored it before deleting them); and each version's tuning cells (`tune` sums
/// them), counted from the candidates' stored masks, lengths, classes and strength scores where those decide the
/// version's tuning features (`PasswordPolicy.readsStoredTuningFeatures`: `unicode` mode, NFKC, a length rule without
/// credits). The other versions' cells need the passwords: `rescore` writes them.
package struct SummaryBackfill {
    /// A run the backfill completed: its id, how many version pairs' comparisons and how many versions' tuning cells
    /// it stored.
    package struct Filled: Sendable, Equatable {
        package var runID: Int64
        package var pairs: Int
        package var tuningVersions: Int = 0
    }

    /// A version of a run that lacks its tuning cells and whose features the stored ones do not decide: a rescore of
    /// the run's own file writes them.
    package struct RescoreNeeded: Sendable, Equatable {
        package var runID: Int64
        package var reference: String
    }

    /// What a run lacks: the comparisons to count, the versions whose tuning cells the stored features give (with
    /// their length rules' maximum) and those they do not.
    private struct Gap {
        var run: StoredRun
        var pairs: Int
        var derivable: [(versionID: Int64, lengthMaximum: Int?)]
        var rescore: [String]
        var isEmpty: Bool { pairs == 0 && derivable.isEmpty }
    }

    private let workspace: AuditWorkspace

    /// The backfill of `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// What `compare` and the other summary readers say of a run without the summary they read: how to backfill it.
    package static func hint(runID: Int64) -> String {
        "run \(runID) was imported before pwaudit stored its version comparisons, so compare counted its candidates;"
            + " 'pwaudit init --backfill' stores them for every such run (once), after which compare reads them"
    }

    /// The complete runs still holding their candidates that lack a summary the backfill can compute, oldest first.
    package func pendingRuns() throws -> [StoredRun] { try outstanding().pending }

    /// What is outstanding: the complete runs still holding their candidates that lack a summary the backfill can
    /// compute (`pending`), and the versions of such runs lacking tuning cells the stored features cannot give
    /// (`rescore`: what only `rescore` fills), oldest run first.
    package func outstanding() throws -> (pending: [StoredRun], rescore: [RescoreNeeded]) {
        let gaps = try gaps()
        return (
            gaps.filter { !$0.isEmpty }.map(\.run),
            gaps.flatMap { gap in gap.rescore.map { RescoreNeeded(runID: gap.run.id, reference: $0) } }
        )
    }

    /// Backfills every pending run, each in one transaction (an interrupted backfill keeps the runs it finished), and
    /// calls `progress` after each.
    /// - Returns: The runs filled, oldest first.
    package func run(progress: (Filled) -> Void = { _ in }) throws -> [Filled] {
        var filled: [Filled] = []
        for gap in try gaps() where !gap.isEmpty {
            let run = gap.run
            let pairs = try workspace.store.inTransaction {
                let pairs = try workspace.runs.storeMissingUnlockTransitions(runID: run.id, versionIDs: run.versionIDs)
                if !gap.derivable.isEmpty {
                    var summary = try workspace.summaries.read(runID: run.id)
                    for (versionID, maximum) in gap.derivable {
                        summary.tuning.removeAll { $0.policyVersionID == versionID }
                        summary.tuning += try workspace.runs.tuningCellsFromStoredFeatures(
                            runID: run.id, versionID: versionID, lengthMaximum: maximum)
                    }
                    summary.tuning.sort(by: TuneCellTally.keyOrder)
                    try workspace.summaries.write(runID: run.id, summary: summary)
                }
                return pairs
            }
            filled.append(Filled(runID: run.id, pairs: pairs, tuningVersions: gap.derivable.count))
            progress(filled[filled.count - 1])
        }
        return filled
    }

    /// What each complete run still holding its candidates lacks, oldest first.
    private func gaps() throws -> [Gap] {
        // Per version: nil when the stored features do not decide its tuning features, else its length maximum.
        var readings: [Int64: Int??] = [:]
        func reading(_ version: StoredVersion) -> Int?? {
            if let known = readings[version.id] { return known }
            let policy = try? PasswordPolicy(json: Data(version.definition.utf8))
            let reading: Int?? = policy.flatMap { $0.readsStoredTuningFeatures ? .some($0.tuningLengthMaximum) : nil }
            readings[version.id] = .some(reading)
            return reading
        }
        return try workspace.runs.list().reversed().compactMap { run -> Gap? in
            guard run.status == .complete, run.prunedAt == nil else { return nil }
            let pairs =
                run.versionIDs.count > 1
                ? try workspace.runs.unlockTransitionPairsMissing(runID: run.id, versionIDs: run.versionIDs).count : 0
            var gap = Gap(run: run, pairs: pairs, derivable: [], rescore: [])
            for row in try workspace.summaries.versions(runID: run.id) where row.total > 0 {
                guard try workspace.summaries.tuningCells(runID: run.id, versionID: row.policyVersionID).isEmpty,
                    let version = try workspace.policies.version(id: row.policyVersionID)
                else { continue }
                if let maximum = reading(version) {
                    gap.derivable.append((version.id, maximum))
                } else {
                    gap.rescore.append(version.reference)
                }
            }
            return gap
        }
    }
}
