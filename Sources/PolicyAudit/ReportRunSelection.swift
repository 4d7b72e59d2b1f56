/// Which runs `pwaudit report` reports on: one run, or several added up into one report.
package enum ReportRunSelection: Sendable, Equatable {
    /// One run: its id, or `latest` (or nil) for the most recent complete import (`--run`).
    case one(String?)
    /// These runs, added up (`--runs 3,4,5`); each must exist and be complete.
    case several([Int64])
    /// Every complete run with this label, added up (`--label L`).
    case labelled(String)
}
