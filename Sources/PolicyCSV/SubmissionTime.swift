import AuditTime

/// A candidate's submission time as the import reads its field: absent, not a time, or a UTC instant.
///
/// What is stored is `instant` in its canonical text (`UTCInstant`), or NULL: a field that is not a time keeps no
/// trace of its text, and is counted as `time: invalid`.
package struct SubmissionTime: Sendable, Equatable {
    /// The instant, or nil when the field is empty or absent (`none`) or not a time (`invalid`).
    package let instant: UTCInstant?
    /// The UTC day number of `instant`, or `SubmissionDay.none` / `SubmissionDay.invalid`.
    package let dayNumber: Int
    /// Whether the field named no zone (a date, or a date-time without `Z` or an offset) and was read at the assumed
    /// offset; the import's summary counts these.
    package let zoneAssumed: Bool
    /// Whether the field was already the instant's canonical text (`2026-01-06T04:30:00Z`): the import then copies it.
    package let isCanonical: Bool
    /// The layout the field was read as, nil when it is not a time.
    package let kind: TimeKind?

    /// Reads the UTF-8 bytes `field` (nil or empty: no time) with `reader` (its format and the zone of a time
    /// without an offset).
    package init(_ field: UnsafeRawBufferPointer?, reader: TimeReader) {
        guard let field, !field.isEmpty else {
            (instant, dayNumber, zoneAssumed, isCanonical, kind) = (nil, SubmissionDay.none, false, false, nil)
            return
        }
        guard let (reading, kind) = reader.read(field) else {
            (instant, dayNumber, zoneAssumed, isCanonical, self.kind) = (nil, SubmissionDay.invalid, false, false, nil)
            return
        }
        (instant, dayNumber, zoneAssumed) = (reading.instant, reading.instant.dayNumber, !reading.zoneGiven)
        (isCanonical, self.kind) = (reading.isCanonical, kind)
    }

    /// Reads the UTF-8 bytes `field` (nil or empty: no time) as ISO-8601 only.
    /// - Parameter offsetMinutes: The offset from UTC of a time without a zone (east positive; 0: UTC).
    package init(_ field: UnsafeRawBufferPointer?, assumingOffsetMinutes offsetMinutes: Int = 0) {
        guard let field, !field.isEmpty else {
            (instant, dayNumber, zoneAssumed, isCanonical, kind) = (nil, SubmissionDay.none, false, false, nil)
            return
        }
        guard let reading = UTCInstant.read(field, assumingOffsetMinutes: offsetMinutes) else {
            (instant, dayNumber, zoneAssumed, isCanonical, kind) = (nil, SubmissionDay.invalid, false, false, nil)
            return
        }
        (instant, dayNumber, zoneAssumed) = (reading.instant, reading.instant.dayNumber, !reading.zoneGiven)
        (isCanonical, kind) = (reading.isCanonical, .iso8601)
    }
}
