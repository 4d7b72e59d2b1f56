/// Derived, non-secret features of one password, stored per candidate for reports.
public struct PasswordFeatures: Sendable, Equatable {
    /// Length in Unicode scalars after normalization.
    public var length: Int
    /// Scalars of category Lu or Lt.
    public var upper: Int
    /// Scalars of category Ll.
    public var lower: Int
    /// Scalars of category Nd.
    public var digit: Int
    /// Printable symbols and punctuation (P*, S*, Nl, No).
    public var special: Int
    /// Letters neither upper nor lower (Lm, Lo), e.g. CJK.
    public var otherLetter: Int
    /// Scalars of category Zs.
    public var space: Int
    /// Combining marks (M*) and the joiners U+200C, U+200D.
    public var mark: Int
    /// Everything else: controls, format characters, line separators, private use, unassigned.
    public var other: Int

    /// Computes the features of `password` after normalizing it.
    public init(password: String, normalization: Normalization = .nfkc) {
        let summary = PasswordScanner.scan(Array(PasswordNormalizer.normalized(password, normalization).unicodeScalars))
        length = summary.length
        upper = summary.upper
        lower = summary.lower
        digit = summary.digit
        special = summary.special
        otherLetter = summary.otherLetter
        space = summary.space
        mark = summary.mark
        other = summary.other
    }

    /// The classes present joined by `+` in a fixed order, such as `lower+digit`; `empty` for no scalars.
    public var composition: String {
        let parts: [(String, Int)] = [
            ("upper", upper), ("lower", lower), ("other-letter", otherLetter), ("digit", digit),
            ("special", special), ("space", space), ("mark", mark), ("other", other),
        ]
        let present = parts.filter { $0.1 > 0 }.map(\.0)
        return present.isEmpty ? "empty" : present.joined(separator: "+")
    }
}
