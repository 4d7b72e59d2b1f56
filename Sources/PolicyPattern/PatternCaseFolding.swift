/// Groups of scalars that a case-insensitive pattern treats as the same letter (`k`, `K`, U+212A KELVIN SIGN).
///
/// Two scalars belong together when their simple (one scalar to one scalar) case mappings lead to the same
/// lowercase form of the uppercase form. Mappings to several scalars (`ß` → `SS`) are not used: `(?i)ß`
/// matches `ß` and `ẞ`, not `ss`.
enum PatternCaseFolding {
    /// Every group of two or more scalars, computed once on first use.
    static let groups: [[UInt32]] = {
        var byKey: [UInt32: [UInt32]] = [:]
        for value in UInt32(0)..<0x1F000 {
            guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else { continue }
            byKey[key(scalar), default: []].append(value)
        }
        return byKey.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }()

    /// For each scalar in a group, the group's index in ``groups``.
    static let groupOf: [UInt32: Int] = {
        var result: [UInt32: Int] = [:]
        for (index, group) in groups.enumerated() {
            for value in group { result[value] = index }
        }
        return result
    }()

    /// The scalars `value` matches case-insensitively, itself included.
    static func variants(of value: UInt32) -> [UInt32] {
        guard let group = groupOf[value] else { return [value] }
        return groups[group]
    }

    private static func key(_ scalar: Unicode.Scalar) -> UInt32 {
        let upper = single(scalar.properties.uppercaseMapping) ?? scalar
        return (single(upper.properties.lowercaseMapping) ?? single(scalar.properties.lowercaseMapping) ?? scalar).value
    }

    private static func single(_ text: String) -> Unicode.Scalar? {
        var iterator = text.unicodeScalars.makeIterator()
        guard let first = iterator.next(), iterator.next() == nil else { return nil }
        return first
    }
}
