import PasswordPolicy

/// The classes present in a password as one byte, so the import can count compositions in a flat array and name
/// them only when the summary is written.
///
/// Bits follow `PasswordFeatures.composition`'s order: upper, lower, other-letter, digit, special, space, mark,
/// other; `name(of:)` gives the same text (`lower+digit`, `empty`).
package enum CompositionMask {
    private static let names = ["upper", "lower", "other-letter", "digit", "special", "space", "mark", "other"]

    /// The mask of the classes with a non-zero count in `features`.
    package static func mask(of features: PasswordFeatures) -> UInt8 {
        mask(
            counts: [
                features.upper, features.lower, features.otherLetter, features.digit, features.special, features.space,
                features.mark, features.other,
            ])
    }

    /// The mask of the non-zero `counts`, given in bit order.
    static func mask(counts: [Int]) -> UInt8 {
        var mask: UInt8 = 0
        for (bit, count) in counts.enumerated() where count > 0 { mask |= 1 << bit }
        return mask
    }

    /// The composition's text: the classes present joined by `+`, or `empty`.
    package static func name(of mask: UInt8) -> String {
        guard mask != 0 else { return "empty" }
        return (0..<8).filter { mask & (1 << $0) != 0 }.map { names[$0] }.joined(separator: "+")
    }
}
