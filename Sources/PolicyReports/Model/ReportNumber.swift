/// Locale-independent number formatting shared by the renderers.
package enum ReportNumber {
    /// Formats an integer with `,` as the thousands separator (`1,000,000`), whatever the user's locale.
    package static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// Formats an `Int64` with thousands separators.
    package static func grouped(_ value: Int64) -> String { grouped(Int(value)) }
}
