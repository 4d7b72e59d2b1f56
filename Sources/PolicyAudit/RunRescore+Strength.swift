import AuditCrypto
import AuditRepositories
import PasswordPolicy

extension RunRescore {
    /// What a rescore does about strength: reads the run's stored estimates, or estimates every candidate when the
    /// run has none and the new version has a `strength` rule (then the run's earlier versions are scored again from
    /// the file, so that their strength rows can be counted too).
    struct StrengthPlan {
        /// The run's stored estimates, in candidate order, when every candidate has one.
        let stored: [CandidateStrength]?
        /// Whether this rescore estimates and stores the candidates' strength.
        let estimates: Bool
        /// The run's earlier versions, compiled, when `estimates` (those that still compile: a breach corpus gone
        /// leaves its version out).
        let earlier: [(id: Int64, policy: CompiledPolicy)]
        /// How many versions the run had scored before this rescore.
        let earlierCount: Int

        /// Whether the new version's tally counts strength.
        var tracksStrength: Bool { stored != nil || estimates }

        init(run: StoredRun, policy: CompiledPolicy, workspace: AuditWorkspace) throws {
            let strengths = try workspace.runs.candidateStrengths(runID: run.id).map(\.strength)
            let all = strengths.compactMap { $0 }
            stored = !all.isEmpty && all.count == strengths.count ? all : nil
            estimates = stored == nil && policy.hasStrengthRule
            earlierCount = run.versionIDs.count
            guard estimates else {
                earlier = []
                return
            }
            let library = PolicyLibrary(workspace: workspace)
            earlier = try run.versionIDs.compactMap { id in
                guard let version = try workspace.policies.version(id: id),
                    let compiled = try? PolicyCompiler.compile(library.policy(of: version))
                else { return nil }
                return (id, compiled)
            }
        }

        /// The scorer of the new version (first) and, when estimating, the earlier ones: outcomes only when nothing
        /// is estimated (the fingerprints are stored); else keyed by a key of this process alone, which fingerprints
        /// the passwords for the reuse cache in memory and is never stored.
        func scorer(_ policy: CompiledPolicy) throws -> CandidateScorer {
            guard estimates else { return CandidateScorer(policies: [policy], key: nil) }
            return CandidateScorer(
                policies: [policy] + earlier.map(\.policy), key: try HMACSHA256Key.random(), strength: true)
        }

        /// The strength rows of the earlier versions whose totals, scored again, are the ones stored for the run (a
        /// version judged otherwise by this binary is left out, and said so in `note`).
        func earlierRows(_ tally: RunTally, workspace: AuditWorkspace, runID: Int64) throws -> (
            rows: [RunStrengthSummaryRow], note: String
        ) {
            guard estimates else { return ([], "") }
            let stored = try workspace.summaries.versions(runID: runID)
            var rows: [RunStrengthSummaryRow] = []
            for (index, version) in earlier.enumerated() {
                let counted = tally.versions[index + 1]
                guard
                    let summary = stored.first(where: { $0.policyVersionID == version.id }),
                    summary.total == counted.total, summary.unlocked == counted.unlocked
                else { continue }
                rows += (0..<5).map {
                    RunStrengthSummaryRow(
                        policyVersionID: version.id, score: $0, candidates: counted.strengthCounts[$0],
                        unlocked: counted.strengthUnlocked[$0])
                }
            }
            let unjudged = earlierCount - rows.count / 5
            guard unjudged > 0 else { return (rows, "") }
            return (
                rows,
                "; \(unjudged) earlier version\(unjudged == 1 ? "" : "s") could not be scored again as stored, so "
                    + "\(unjudged == 1 ? "its" : "their") report keeps no strength section"
            )
        }
    }
}
