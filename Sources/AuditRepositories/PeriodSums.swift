/// Day summaries added up per version and period across runs (`SummaryRepository.periodSums`): each row's `day` is
/// its period's first day (`YYYY-MM-DD`: the day, the ISO week's Monday, the month's first day), or `none` /
/// `invalid` for the candidates without a readable time, in no particular order.
package struct PeriodSums: Sendable, Equatable {
    /// Totals and unlocks per version and period.
    package var days: [RunDaySummaryRow]
    /// Rule failures per version, period and rule bit.
    package var dayRules: [RunDayRuleSummaryRow]

    /// Sums of `days` and `dayRules`.
    package init(days: [RunDaySummaryRow], dayRules: [RunDayRuleSummaryRow]) {
        self.days = days
        self.dayRules = dayRules
    }
}
