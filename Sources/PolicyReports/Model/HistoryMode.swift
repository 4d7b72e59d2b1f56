/// Which policy versions a history scores each bucket's candidates under.
package enum HistoryMode: String, Sendable, Equatable, Codable, CaseIterable {
    /// Every version a run scored is its own series: one bucket per period (or run) and version.
    case byVersion = "by-version"
    /// Each candidate is judged by the version in force on its submission day (greatest `effective_from` not after
    /// that day); days whose in-force version the run did not score are counted as not scored.
    case inForce = "in-force"
}
