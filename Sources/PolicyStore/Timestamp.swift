import AuditTime

/// The time written into the `*_at` columns pwaudit fills itself (`started_at`, `created_at`, …): the canonical UTC
/// text of `UTCInstant`, e.g. `2026-11-30T08:15:02Z`, like every other stored time.
package enum Timestamp {
    /// The current time, to the second, in UTC.
    package static func now() -> String { UTCInstant.now().text }
}
