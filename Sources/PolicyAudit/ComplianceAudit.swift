import AuditRepositories
import Foundation
import PasswordPolicy
import PolicyCompliance
import PolicyReports

/// Judges stored policy versions against password standards clause by clause, with the latest run's figures beside
/// the clauses that have them (read from stored summaries, never by re-import).
package struct ComplianceAudit {
    private let workspace: AuditWorkspace

    /// An audit reading `workspace`.
    package init(workspace: AuditWorkspace) { self.workspace = workspace }

    /// The standards `ids` name, in catalog order (every standard when empty).
    /// - Throws: `ComplianceError.unknownStandard` for an id not in the catalog.
    package static func standards(_ ids: [String]) throws -> [ComplianceStandard] {
        for id in ids where ComplianceCatalog.standard(id: id) == nil { throw ComplianceError.unknownStandard(id) }
        return ids.isEmpty ? ComplianceCatalog.standards : ComplianceCatalog.standards.filter { ids.contains($0.id) }
    }

    /// The report `request` asks for.
    /// - Throws: `ComplianceError.unknownStandard`, `AuditStoreError.unknownPolicy` or `.noPolicies`.
    package func build(_ request: ComplianceRequest) throws -> ComplianceReport {
        let standards = try Self.standards(request.standards)
        let library = PolicyLibrary(workspace: workspace)
        let versions = try self.versions(request, library: library)
        // Evidence comes from imports, not from one-candidate interactive checks.
        let runs = try workspace.runs.list().filter {
            $0.status == .complete && !InteractiveCheckRecorder.isInteractive($0)
        }
        var entries: [VersionCompliance] = []
        // Most versions take their figures from the same run: read each run's summaries once.
        var summaries: [Int64: RunEvidenceSummaries] = [:]
        for version in versions {
            let assessment = ComplianceEvaluator.evaluate(try library.policy(of: version), against: standards)
            let run = runs.first { $0.versionIDs.contains(version.id) } ?? runs.first
            var figures: ComplianceEvidence?
            if let run {
                let read =
                    try summaries[run.id]
                    ?? RunEvidenceSummaries(
                        lengths: workspace.summaries.lengths(runID: run.id),
                        rules: workspace.summaries.rules(runID: run.id),
                        strength: workspace.summaries.strength(runID: run.id))
                summaries[run.id] = read
                figures = try evidence(for: assessment, of: version, from: run, summaries: read)
            }
            entries.append(
                VersionCompliance(
                    policy: RunReportBuilder.reference(version), results: assessment.results,
                    conflicts: assessment.conflicts, evidence: figures,
                    declared: assessment.declared.map {
                        // Where it came from: this stored version's definition.
                        DeclaredFact(
                            key: $0.key, value: $0.value,
                            origin: "\(RunReportBuilder.reference(version).reference)'s definition, key \($0.key)")
                    }))
        }
        return ComplianceReport(
            pwauditVersion: PolicyAuditVersion.current, generatedAt: Date(),
            standards: standards.map(ComplianceStandardInfo.init), versions: entries)
    }

    /// The versions the request selects, by name then number, each once.
    private func versions(_ request: ComplianceRequest, library: PolicyLibrary) throws -> [StoredVersion] {
        let stored = try library.list()
        guard !stored.isEmpty else { throw AuditStoreError.noPolicies }
        var selected: [StoredVersion] = []
        if request.policies.isEmpty {
            selected = request.allVersions ? stored : try library.latestOfEveryPolicy()
        }
        for reference in request.policies {
            let named = try library.version(reference)  // throws for an unknown name or number
            selected +=
                request.allVersions && reference.version == nil ? stored.filter { $0.name == named.name } : [named]
        }
        var seen = Set<Int64>()
        return selected.filter { seen.insert($0.id).inserted }.sorted {
            ($0.name, $0.number) < ($1.name, $1.number)
        }
    }

    /// The figures of `run` for the findings that ask for one: candidates shorter than a clause's minimum (the run's
    /// length histogram), candidates the version's blocklist rules refused (its per-rule summary, when it scored
    /// the version), candidates zxcvbn scores 2 or less (its strength summary, when it stored strength: of those
    /// unlocking under the version when it scored it, else of all).
    private func evidence(
        for assessment: ComplianceAssessment, of version: StoredVersion, from run: StoredRun,
        summaries: RunEvidenceSummaries
    ) throws -> ComplianceEvidence {
        let lengths = summaries.lengths
        let candidates = lengths.reduce(0) { $0 + $1.count }
        let scored = run.versionIDs.contains(version.id)
        var refusedByRule: [String: Int] = [:]
        if scored {
            let bits = Dictionary(
                try workspace.policies.rules(versionID: version.id).map { ($0.bit, $0.ruleID) },
                uniquingKeysWith: { first, _ in first })
            for row in summaries.rules where row.policyVersionID == version.id {
                if let id = bits[row.bit] { refusedByRule[id] = row.failures }
            }
        }
        var figures: [ClauseEvidence] = []
        for finding in assessment.results.flatMap(\.findings) {
            switch finding.evidenceRequest {
            case .candidatesShorterThan(let minimum):
                let short = lengths.filter { $0.length < minimum }.reduce(0) { $0 + $1.count }
                figures.append(
                    ClauseEvidence(
                        clause: finding.clause, kind: .shorterThanMinimum, count: short, total: candidates,
                        minimum: minimum))
            case .strengthScores:
                if let figure = Self.guessable(summaries.strength, version: version.id, scored: scored) {
                    figures.append(
                        ClauseEvidence(
                            clause: finding.clause, kind: figure.kind, count: figure.count, total: figure.total))
                }
            case .blocklistRefusals(let ruleIDs) where scored && !ruleIDs.isEmpty:
                // Rules refuse overlapping sets: the largest single rule's count is a floor of the union.
                let refused = ruleIDs.compactMap { refusedByRule[$0] }.max() ?? 0
                figures.append(
                    ClauseEvidence(clause: finding.clause, kind: .blocklistRefusals, count: refused, total: candidates))
            default:
                break
            }
        }
        return ComplianceEvidence(runID: run.id, runScoredVersion: scored, candidates: candidates, clauses: figures)
    }

    /// Of the candidates unlocking under `version` (when the run `scored` it; else of all the run's candidates, which
    /// every version's rows count alike), those scoring 2 or less; nil when the run stored no strength.
    private static func guessable(_ rows: [RunStrengthSummaryRow], version: Int64, scored: Bool)
        -> (kind: ClauseEvidence.Kind, count: Int, total: Int)?
    {
        if scored {
            let own = rows.filter { $0.policyVersionID == version }
            guard !own.isEmpty else { return nil }
            return (
                .guessableUnlocking, own.filter { $0.score <= 2 }.reduce(0) { $0 + $1.unlocked },
                own.reduce(0) { $0 + $1.unlocked }
            )
        }
        guard let any = rows.first?.policyVersionID else { return nil }
        let own = rows.filter { $0.policyVersionID == any }
        return (
            .guessableCandidates, own.filter { $0.score <= 2 }.reduce(0) { $0 + $1.candidates },
            own.reduce(0) { $0 + $1.candidates }
        )
    }
}

/// The summaries of one run that compliance evidence reads: its length histogram, its per-rule failures and its
/// strength counts (empty when it stored no strength).
private struct RunEvidenceSummaries {
    let lengths: [RunLengthSummaryRow]
    let rules: [RunRuleSummaryRow]
    let strength: [RunStrengthSummaryRow]
}
