/// The stored compliance findings of each policy version, which `v_compliance_finding` shows to `pwaudit query`.
package protocol ComplianceFindingRepository {
    /// The versions that have no findings made by `pwauditVersion` (none yet, or an older pwaudit's).
    func versionIDs(notEvaluatedBy pwauditVersion: String) throws -> [Int64]
    /// Replaces version `versionID`'s findings with `findings`, recording that `pwauditVersion` made them.
    func replace(versionID: Int64, findings: [ComplianceFindingRow], evaluatedBy pwauditVersion: String) throws
}
