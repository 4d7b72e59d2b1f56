/// Packs a `length` rule's four credits into one word for the compiled rule: 16 bits per class, in the order
/// upper, lower, digit, special (a credit above 65,535 is stored as 65,535, more than any password earns).
enum CreditLanes {
    static func pack(_ credits: LengthCredits) -> UInt64 {
        var packed: UInt64 = 0
        for (lane, cls) in LengthCredits.creditableClasses.enumerated() {
            packed |= UInt64(Swift.min(credits.byClass[cls] ?? 0, 0xFFFF)) << (16 * UInt64(lane))
        }
        return packed
    }

    /// `min` reduced by each class's count, up to its credit.
    @inline(__always)
    static func requiredLength(_ min: Int, _ packed: UInt64, count: (CharacterClass) -> Int) -> Int {
        var required = min
        for (lane, cls) in LengthCredits.creditableClasses.enumerated() {
            let credit = Int((packed >> (16 * UInt64(lane))) & 0xFFFF)
            if credit > 0 { required -= Swift.min(count(cls), credit) }
        }
        return required
    }
}
