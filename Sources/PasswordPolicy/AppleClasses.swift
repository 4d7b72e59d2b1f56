/// The character classes as Apple's password rules define them: ASCII only (`special` includes space).
enum AppleClasses {
    /// Whether the ASCII `byte` belongs to `cls` under Apple's meanings.
    static func contains(_ cls: CharacterClass, _ byte: UInt8) -> Bool {
        let upper = (0x41...0x5A).contains(byte)
        let lower = (0x61...0x7A).contains(byte)
        let digit = (0x30...0x39).contains(byte)
        switch cls {
        case .upper: return upper
        case .lower: return lower
        case .digit: return digit
        case .special: return (0x20...0x7E).contains(byte) && !upper && !lower && !digit
        case .letter: return upper || lower
        case .space: return byte == 0x20
        }
    }

    /// How many scalars of the prepared password belong to `cls` under Apple's meanings.
    static func count(_ cls: CharacterClass, in prepared: PreparedPassword) -> Int {
        guard let general = prepared.general else {
            let summary = prepared.summary
            return cls == .special ? summary.special + summary.space : summary.count(of: cls)
        }
        return general.pointee.scalars.reduce(0) { count, scalar in
            count + (scalar.value < 0x80 && contains(cls, UInt8(scalar.value)) ? 1 : 0)
        }
    }

    /// The class key the `max-class-repeat` rule compares neighbours by: the four ASCII classes, or "other".
    static func runKey(_ scalar: UInt32) -> UInt8 {
        guard scalar < 0x80 else { return 255 }
        for (index, cls) in LengthCredits.creditableClasses.enumerated() where contains(cls, UInt8(scalar)) {
            return UInt8(index)
        }
        return 255
    }
}
