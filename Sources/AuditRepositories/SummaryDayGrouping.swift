/// The periods `SummaryRepository.periodSums` adds day summaries up by: a day, an ISO week (Monday to Sunday), or a
/// calendar month.
package enum SummaryDayGrouping: Sendable, Equatable {
    case day
    case week
    case month
}
