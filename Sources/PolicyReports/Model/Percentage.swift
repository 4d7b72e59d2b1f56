/// A share of a whole, computed exactly from two counts and rounded only when it is shown.
///
/// Reports never store a rounded percentage: they keep the counts and derive the share here. Rounding is
/// half up and done in integer arithmetic, so `31.25` is always printed as `31.3` whatever the platform.
/// A share of zero candidates is `0`.
package struct Percentage: Sendable, Equatable, CustomStringConvertible {
    /// The counted part.
    package let count: Int
    /// The whole the part is taken from.
    package let total: Int

    /// Creates the share `count / total`.
    package init(_ count: Int, of total: Int) {
        self.count = count
        self.total = total
    }

    /// The percentage in hundredths of a percent, rounded half up (`3333` for 1 of 3); 0 when `total` is 0.
    package var hundredths: Int { scaled(by: 10_000) }

    /// The percentage in tenths of a percent, rounded half up (`333` for 1 of 3); 0 when `total` is 0.
    package var tenths: Int { scaled(by: 1_000) }

    /// The percentage rounded to two decimals, as carried in JSON (`33.33`).
    package var rounded2: Double { Double(hundredths) / 100 }

    /// The ratio as a fraction between 0 and 1 (unrounded), for drawing charts.
    package var fraction: Double { total > 0 && count > 0 ? Double(count) / Double(total) : 0 }

    /// The percentage with one decimal and a percent sign (`33.3%`), as printed in reports.
    package var description: String { "\(tenths / 10).\(tenths % 10)%" }

    /// The percentage with two decimals and no sign (`33.33`), as written to CSV.
    package var twoDecimals: String {
        let rest = hundredths % 100
        return "\(hundredths / 100).\(rest < 10 ? "0" : "")\(rest)"
    }

    private func scaled(by scale: Int) -> Int {
        guard total > 0, count > 0 else { return 0 }
        let (quotient, remainder) = total.dividingFullWidth(count.multipliedFullWidth(by: scale))
        return remainder >= total - remainder ? quotient + 1 : quotient
    }
}
