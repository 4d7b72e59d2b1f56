import PolicyReports

/// What `prune` says of the database's size around it. A file shrinks once it is vacuumed; a PostgreSQL database is
/// only made reusable (a plain `VACUUM`) and can grow by the pruning's own catalog and WAL pages, so the difference is
/// said as it is: freed, unchanged or grown, never a negative "freed".
enum PruneSizeText {
    /// `the database went from 1,000 to 600 bytes (400 freed)`; `the database stayed at 1,000 bytes (none freed)`;
    /// `the database went from 1,000 to 1,200 bytes (200 more; no space freed)`.
    static func change(before: Int64, after: Int64) -> String {
        if after < before {
            return "the database went from \(grouped(before)) to \(grouped(after)) bytes "
                + "(\(grouped(before - after)) freed)"
        }
        if after == before {
            return "the database stayed at \(grouped(before)) bytes (none freed)"
        }
        return "the database went from \(grouped(before)) to \(grouped(after)) bytes "
            + "(\(grouped(after - before)) more; no space freed)"
    }

    /// `1,234`: a byte count grouped as the reports group counts.
    static func grouped(_ bytes: Int64) -> String { ReportNumber.grouped(Int(bytes)) }
}
