/// Any report pwaudit can render, for callers that pick the kind at run time.
package enum Report: Sendable, Equatable {
    /// A run scored against one or more policy versions.
    case run(RunReport)
    /// Policy version A against B on one run.
    case comparison(ComparisonReport)
    /// A policy's unlock rate over runs or periods.
    case history(HistoryReport)

    /// Renders the report with `renderer`.
    package func rendered(by renderer: any ReportRenderer) -> String {
        switch self {
        case .run(let report): renderer.render(report)
        case .comparison(let report): renderer.render(report)
        case .history(let report): renderer.render(report)
        }
    }

    /// Renders the report in `format`; `useColor` matters only for `table` (the CLI decides it from the TTY,
    /// `NO_COLOR` and `TERM=dumb`).
    package func rendered(as format: ReportFormat, useColor: Bool = false) -> String {
        rendered(by: format.renderer(useColor: useColor))
    }
}
