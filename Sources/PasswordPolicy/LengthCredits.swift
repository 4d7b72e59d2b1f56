/// Positive length credits of a `length` rule: each character of a class, up to the class's credit, counts
/// towards the required length (libpwquality's `dcredit`, `ucredit`, `lcredit`, `ocredit` above 0).
public struct LengthCredits: Sendable, Equatable {
    /// Credit per class; a class absent (or 0) earns none. Classes are `digit`, `upper`, `lower`, `special`.
    public var byClass: [CharacterClass: Int]

    /// Credits per class; entries of 0 are dropped.
    public init(_ byClass: [CharacterClass: Int] = [:]) {
        self.byClass = byClass.filter { $0.value > 0 }
    }

    /// Whether no class earns credit.
    public var isEmpty: Bool { byClass.isEmpty }

    /// The classes a credit may be given for, in canonical order.
    static let creditableClasses: [CharacterClass] = [.upper, .lower, .digit, .special]

    /// The required length `min` reduced by the credits earned with `count` (a class's character count).
    func requiredLength(_ min: Int, count: (CharacterClass) -> Int) -> Int {
        var required = min
        for (cls, credit) in byClass { required -= Swift.min(count(cls), credit) }
        return required
    }
}
