import AuditTime
import Foundation

/// Times as the command line gives them and pwaudit stores them, all read by the one parser (`UTCInstant`) and stored
/// in its canonical UTC text, `YYYY-MM-DDTHH:MM:SSZ`.
///
/// A policy version is in force from the start of the UTC day of its effective date (the one grain of "in force":
/// the views, `history --in-force` and `policy at` all judge a candidate by the version in force on its UTC day), so
/// an effective date is always a midnight UTC.
package enum EffectiveDate {
    /// What an `--effective` value names.
    package enum Day: Equatable, Sendable {
        /// The canonical midnight UTC that starts the day.
        case startOfDay(String)
        /// A time, but not the start of a UTC day: the instant it names, canonical.
        case notStartOfDay(instant: String)
        /// Not a time at all.
        case notATime
    }

    /// The instant `text` names, in any form a CSV time may take (a time without a zone is UTC), as its canonical
    /// text; nil when not a time.
    package static func instant(_ text: String) -> String? { UTCInstant.read(text)?.instant.text }

    /// The effective date `text` names: a date `YYYY-MM-DD`, or any time that is midnight UTC
    /// (`2026-01-06T00:00:00Z`, `2026-01-05T19:00:00-05:00`).
    package static func day(_ text: String) -> Day {
        guard let instant = UTCInstant.read(text)?.instant else { return .notATime }
        return instant.isStartOfDay ? .startOfDay(instant.text) : .notStartOfDay(instant: instant.text)
    }

    /// Today's date in UTC at midnight, in the stored form.
    package static func today() -> String { UTCInstant.now().startOfDay.text }

    /// Parses a stored time into a `Date`.
    package static func parse(_ text: String) -> Date? { UTCInstant.read(text)?.instant.date }
}
