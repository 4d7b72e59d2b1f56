/// The version of pwaudit, recorded on every run and report.
package enum PolicyAuditVersion {
    /// This release.
    package static let current = "0.2.0"
}
