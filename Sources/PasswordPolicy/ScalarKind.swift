/// The disjoint kind of one Unicode scalar; every scalar has exactly one. Standards' notions (a letter, a digit, a
/// non-letter) are sets of kinds; ``PolicyEnforcement/requiredKinds`` speaks in them.
package enum ScalarKind: UInt8, Sendable, CaseIterable {
    case upper, lower, otherLetter, digit, special, space, mark, other

    /// Classifies a scalar by its general category.
    ///
    /// Marks (M*) and the joiners U+200C/U+200D form `mark`; controls, other format characters,
    /// separators other than Zs, surrogates, private use and unassigned scalars form `other`.
    package init(_ scalar: Unicode.Scalar) {
        if scalar.value < 0x80 {
            self = ScalarKind.asciiTable[Int(scalar.value)]
            return
        }
        if scalar.value == 0x200C || scalar.value == 0x200D {
            self = .mark
            return
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: self = .upper
        case .lowercaseLetter: self = .lower
        case .modifierLetter, .otherLetter: self = .otherLetter
        case .decimalNumber: self = .digit
        case .spaceSeparator: self = .space
        case .nonspacingMark, .spacingMark, .enclosingMark: self = .mark
        case .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation,
            .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol,
            .currencySymbol, .modifierSymbol, .otherSymbol:
            self = .special
        default: self = .other
        }
    }

    /// Kinds of the 128 ASCII scalars.
    static let asciiTable: [ScalarKind] = (0..<128).map { (value: Int) -> ScalarKind in
        switch value {
        case 0x41...0x5A: return .upper
        case 0x61...0x7A: return .lower
        case 0x30...0x39: return .digit
        case 0x20: return .space
        case 0x21...0x7E: return .special
        default: return .other
        }
    }
}
