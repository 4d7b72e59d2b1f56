/// Which policy versions a history scores each bucket's candidates under.
package enum HistoryMode: String, Sendable, Equatable, Codable, CaseIterable {
    /// Every version that scored the bucket's candidates; a bucket may name several versions.
    case byVersion = "by-version"
    /// Only the version in force when each run was imported.
    case inForce = "in-force"
}
