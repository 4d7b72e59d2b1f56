/// What `pwaudit compliance` asks for: which versions, which standards.
package struct ComplianceRequest: Sendable, Equatable {
    /// `NAME[@N]` references; empty means every stored policy.
    package var policies: [PolicyReference]
    /// Standard ids; empty means every standard.
    package var standards: [String]
    /// Every stored version of the selected policies (a `NAME@N` reference still names one version), not the latest.
    package var allVersions: Bool

    /// Creates a request.
    package init(policies: [PolicyReference] = [], standards: [String] = [], allVersions: Bool = false) {
        self.policies = policies
        self.standards = standards
        self.allVersions = allVersions
    }
}
