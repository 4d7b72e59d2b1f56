/// Per run: how candidates share fingerprints (the same password submitted more than once).
package struct RunReuseSummaryRow: Sendable, Equatable {
    /// Distinct fingerprints among the run's candidates.
    package var distinctFingerprints: Int
    /// Fingerprints used by two or more candidates.
    package var sharedGroups: Int
    /// Candidates whose fingerprint is shared.
    package var sharedCandidates: Int
    /// Size of the largest group sharing one fingerprint (0 for an empty run).
    package var largestGroup: Int

    /// Creates a row.
    package init(distinctFingerprints: Int, sharedGroups: Int, sharedCandidates: Int, largestGroup: Int) {
        self.distinctFingerprints = distinctFingerprints
        self.sharedGroups = sharedGroups
        self.sharedCandidates = sharedCandidates
        self.largestGroup = largestGroup
    }
}
