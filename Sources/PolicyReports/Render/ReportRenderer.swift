/// Turns reports into text in one format; one implementation per `ReportFormat`.
package protocol ReportRenderer: Sendable {
    /// Renders a run scored against one or more policy versions.
    func render(_ report: RunReport) -> String
    /// Renders policy version A against B on one run.
    func render(_ report: ComparisonReport) -> String
    /// Renders a policy's unlock rate over runs or periods.
    func render(_ report: HistoryReport) -> String
}
