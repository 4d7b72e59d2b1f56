/// The kinds of candidate password in the demo sample, with their share of the rows.
///
/// Shares are per mille and add up to 1000; see `DemoSampleGenerator` for what each kind looks like.
package enum DemoCategory: String, CaseIterable, Sendable {
    /// A password from the embedded most-common list, as is.
    case common
    /// A common password capitalised, leetspeaked, with a year or digits and often `!`.
    case mutated
    /// The username or e-mail local part with digits, sometimes capitalised or with `!`.
    case personal
    /// Three to five words joined by spaces or dashes; some capitalised with a digit.
    case passphrase
    /// Random printable ASCII, 12 to 24 characters.
    case strong
    /// One to seven characters.
    case short
    /// Keyboard walks such as `qwerty123` or `1qaz2wsx`.
    case keyboard
    /// Accented Latin, Cyrillic, CJK, emoji, fullwidth digits, combining marks.
    case unicode

    /// This kind's share of the sample, per mille.
    package var perMille: Int {
        switch self {
        case .common: 135
        case .mutated: 360
        case .personal: 110
        case .passphrase: 100
        case .strong: 60
        case .short: 70
        case .keyboard: 70
        case .unicode: 95
        }
    }

    /// The kind a uniform draw in `0..<1000` falls into.
    package static func forDraw(_ draw: Int) -> DemoCategory {
        var remaining = draw
        for category in allCases {
            if remaining < category.perMille { return category }
            remaining -= category.perMille
        }
        return .unicode
    }
}
