import AuditCrypto
import AuditRepositories

/// The rules the contract tests store with a version.
let sampleRules = [
    PolicyRuleRow(
        bit: 0, ruleID: "min-length", kind: "length", label: "At least 12 characters", definition: #"{"min":12}"#),
    PolicyRuleRow(
        bit: 1, ruleID: "upper", kind: "class", label: "An upper-case letter", definition: #"{"class":"upper"}"#),
    PolicyRuleRow(bit: 2, ruleID: "digit", kind: "class", label: "A digit", definition: #"{"class":"digit"}"#),
]

extension AuditStore {
    /// Adds a version of `name` whose definition is `definition`.
    @discardableResult
    func addVersion(
        name: String = "corp", definition: String = #"{"rules":[1]}"#, effectiveFrom: String = "2026-01-01",
        rules: [PolicyRuleRow] = sampleRules
    ) throws -> VersionAddition {
        try policies.add(
            name: name, definition: definition, definitionSHA256: SHA256.hexDigest(utf8: definition), rules: rules,
            effectiveFrom: effectiveFrom, note: nil)
    }

    /// Starts a run scoring `versionIDs`; its lease stays held until the process ends.
    func startRun(versionIDs: [Int64], sha: String = String(repeating: "a", count: 64)) throws -> StoredRun {
        try startLeasedRun(versionIDs: versionIDs, sha: sha).run
    }

    /// Starts a run scoring `versionIDs`, with its lease.
    func startLeasedRun(versionIDs: [Int64], sha: String = String(repeating: "a", count: 64)) throws -> LeasedRun {
        try runs.start(
            sourceName: "passwords.csv", sourceBytes: 123, sourceSHA256: sha, label: "test", versionIDs: versionIDs,
            pwauditVersion: "0.0.0-test")
    }

    /// Writes candidates on `lines`, each with `masks` (one per version of `versionIDs`), through the import's writer.
    @discardableResult
    func writeCandidates(runID: Int64, versionIDs: [Int64], lines: [Int], masks: [[UInt64]]) throws -> Range<Int64> {
        var batch = CandidateBatch(outcomeCount: versionIDs.count)
        for (line, candidateMasks) in zip(lines, masks) {
            let fingerprint = Fingerprint(bytes: [UInt8](repeating: UInt8(line % 256), count: 32))!
            let features = CandidateFeatureRow(length: 10, upperCount: 1, lowerCount: 7, digitCount: 2)
            candidateMasks.withUnsafeBufferPointer { masks in
                batch.append(
                    line: line, externalID: nil, username: nil, submittedAt: nil, fingerprint: fingerprint,
                    features: features, masks: masks)
            }
        }
        let writer = try makeAttemptWriter()
        let ids = try writer.insert(batch, runID: runID, versionIDs: versionIDs)
        try writer.finish()
        return ids
    }
}
