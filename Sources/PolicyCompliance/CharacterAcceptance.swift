import PasswordPolicy

/// Which characters a policy's `allowed` rules let through (every character, without one), with the classes read
/// as the policy's evaluation mode reads them (`CharacterClass.contains(_:mode:)`, the engine's own test).
struct CharacterAcceptance {
    /// The first `allowed` rule's id, if any.
    let ruleID: String?
    private let rules: [(classes: [CharacterClass], chars: String)]
    private let mode: EvaluationMode

    /// The acceptance of `rules` in a policy evaluated in `mode`.
    init(_ rules: [PolicyRule], mode: EvaluationMode) {
        self.mode = mode
        var found: [(classes: [CharacterClass], chars: String)] = []
        var firstID: String?
        for rule in rules {
            guard case .allowed(let classes, let chars) = rule.kind else { continue }
            found.append((classes, chars))
            firstID = firstID ?? rule.id
        }
        self.rules = found
        ruleID = firstID
    }

    /// The class of a printable ASCII scalar (`upper`, `lower`, `digit`, `space`, else `special`); nil for others.
    static func asciiClass(of scalar: Unicode.Scalar) -> CharacterClass? {
        switch scalar.value {
        case 0x41...0x5A: .upper
        case 0x61...0x7A: .lower
        case 0x30...0x39: .digit
        case 0x20: .space
        case 0x21...0x7E: .special
        default: nil
        }
    }

    /// Whether every `allowed` rule accepts the printable ASCII `scalar`.
    func accepts(_ scalar: Unicode.Scalar) -> Bool {
        guard Self.asciiClass(of: scalar) != nil else { return false }
        return rules.allSatisfy { rule in
            rule.classes.contains { $0.contains(scalar, mode: mode) } || rule.chars.unicodeScalars.contains(scalar)
        }
    }

    /// Whether U+0021…U+007E are all accepted.
    var acceptsPrintableASCII: Bool {
        (0x21...0x7E).allSatisfy { accepts(Unicode.Scalar(UInt8($0))) }
    }

    /// Whether letters beyond ASCII are accepted (the `letter` class admits every script; no class of Apple's does).
    var acceptsNonASCIILetters: Bool { mode != .apple && rules.allSatisfy { $0.classes.contains(.letter) } }

    /// Whether non-ASCII symbols, emoji among them, are accepted (the `special` class admits them, except Apple's).
    var acceptsNonASCIISymbols: Bool { mode != .apple && rules.allSatisfy { $0.classes.contains(.special) } }
}
