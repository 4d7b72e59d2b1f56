import AuditRepositories
import PasswordPolicy

/// The arithmetic of `pwaudit tune`, a pure function of a version's rules and its stored tuning cells: each setting of
/// the varied keys becomes a variant (the stored failure mask with the bits of the rules it replaces cleared, plus its
/// own checks on the stored length, classes and score), and its unlock count is the sum of the cells it passes.
package struct TuneSweep: Sendable {
    /// One setting's counts.
    package struct Outcome: Sendable, Equatable {
        /// One value per varied key, in the keys' order.
        package var values: [TuneVariation.Value]
        /// Candidates the variant unlocks.
        package var unlocked: Int
        /// Of those, the ones scoring 2 or less (nil without stored strength).
        package var weak: Int?
    }

    /// The varied keys, in the order given.
    package let variations: [TuneVariation]
    /// Per key, the value the stored version has, when it is one of the key's settings (nil: none is).
    package let storedValues: [TuneVariation.Value?]
    /// Candidates of the run under the version.
    package let total: Int
    /// Candidates the version as stored unlocks.
    package let storedUnlocked: Int
    /// Of those, the ones scoring 2 or less (nil without stored strength).
    package let storedWeak: Int?
    /// Every setting (the grid's rows first key major), in the order its values were given.
    package let outcomes: [Outcome]

    /// Counts every setting of `variations` (one or two keys) over `cells`, the tuning cells of `policy` (named
    /// `reference`) in run `runID`.
    /// - Throws: `TuneError` for a variant the cells cannot answer exactly, or values the version cannot take.
    package init(
        policy: PasswordPolicy, reference: String, runID: Int64, cells: [RunTuningCellRow], variations: [TuneVariation]
    ) throws(TuneError) {
        guard (1...2).contains(variations.count) else { throw .keyCount(variations.count) }
        let rules = TuneRuleFamilies(policy)
        let hasStrength = cells.contains { $0.strengthScore != nil }
        var families: [UInt64] = []
        for variation in variations {
            try rules.validate(variation, reference: reference, runID: runID, hasStrength: hasStrength)
            families.append(rules.replaced(by: variation))
        }
        if variations.count == 2 {
            let (a, b) = (variations[0].key, variations[1].key)
            if a == b || Set([a, b]) == [.classes, .require] || families[0] & families[1] != 0 {
                throw .conflictingKeys(a.rawValue, b.rawValue)
            }
        }
        self.variations = variations
        storedValues = variations.map { rules.storedValue(of: $0) }
        total = cells.reduce(0) { $0 + $1.count }
        let weak = { (unlocked: [RunTuningCellRow]) -> Int? in
            hasStrength ? unlocked.reduce(0) { $0 + (($1.strengthScore ?? 0) <= 2 ? $1.count : 0) } : nil
        }
        let storedCells = cells.filter { $0.failedMask == 0 }
        storedUnlocked = storedCells.reduce(0) { $0 + $1.count }
        storedWeak = weak(storedCells)
        let settings: [[TuneVariation.Value]] =
            variations.count == 1
            ? variations[0].values.map { [$0] }
            : variations[0].values.flatMap { first in variations[1].values.map { [first, $0] } }
        outcomes = settings.map { values in
            var variant = TuneVariant()
            for (variation, value) in zip(variations, values) { rules.apply(variation.key, value, to: &variant) }
            var unlocked = 0
            var weakCount = 0
            for cell in cells where variant.unlocks(cell) {
                unlocked += cell.count
                if (cell.strengthScore ?? 0) <= 2 { weakCount += cell.count }
            }
            return Outcome(values: values, unlocked: unlocked, weak: hasStrength ? weakCount : nil)
        }
    }
}

/// One variant as a test over a tuning cell: the stored failures less `cleared`, and the variant's own checks.
struct TuneVariant {
    /// Bits of the stored rules the variant replaces or drops.
    var cleared: UInt64 = 0
    /// Fails below this length (as the cell counts it).
    var minLength = 0
    /// Fails with fewer than `classesMin` of `classesOf` present.
    var classesMin = 0
    var classesOf: UInt8 = 0
    /// Fails without every class of `required`.
    var required: UInt8 = 0
    /// Fails below this score.
    var minScore = 0

    func unlocks(_ cell: RunTuningCellRow) -> Bool {
        guard cell.failedMask & ~cleared == 0, cell.length >= minLength else { return false }
        let classes = UInt8(truncatingIfNeeded: cell.classes)
        guard classes & required == required, (classes & classesOf).nonzeroBitCount >= classesMin else {
            return false
        }
        return (cell.strengthScore ?? 0) >= minScore
    }
}

/// A version's rules grouped by what a variation replaces: its length rules, its composition rules (`require` and
/// `classes`), its strength rules.
struct TuneRuleFamilies {
    let policy: PasswordPolicy
    let length: [Int]
    let composition: [Int]
    let strength: [Int]

    init(_ policy: PasswordPolicy) {
        self.policy = policy
        let indices = { (match: (RuleKind) -> Bool) in policy.rules.indices.filter { match(policy.rules[$0].kind) } }
        length = indices {
            if case .length = $0 { return true }
            return false
        }
        composition = indices {
            switch $0 {
            case .require, .classes: return true
            default: return false
            }
        }
        strength = indices {
            if case .strength = $0 { return true }
            return false
        }
    }

    /// The classes a `classes=K` variant counts: the version's `classes` rule's when it has exactly one, else every
    /// class (the rule's default).
    var countedClasses: [CharacterClass] {
        let lists = composition.compactMap { index -> [CharacterClass]? in
            if case .classes(_, let of) = policy.rules[index].kind { return of }
            return nil
        }
        return lists.count == 1 ? lists[0] : CharacterClass.allCases
    }

    /// The length rule's maximum, if it has one.
    private var maximumLength: Int? {
        guard length.count == 1, case .length(_, let max, _) = policy.rules[length[0]].kind else { return nil }
        return max
    }

    private static func mask(_ indices: [Int]) -> UInt64 {
        indices.reduce(0) { $0 | 1 << UInt64($1) }
    }

    /// The bits of the stored rules `variation` replaces (for `drop`, the rules it drops).
    func replaced(by variation: TuneVariation) -> UInt64 {
        switch variation.key {
        case .minLength: Self.mask(length)
        case .classes, .require: Self.mask(composition)
        case .minScore: Self.mask(strength)
        case .drop:
            Self.mask(
                variation.values.compactMap { value in
                    guard case .rule(let id) = value else { return nil }
                    return policy.rules.firstIndex { $0.id == id }
                })
        }
    }

    /// Refuses what the cells cannot answer exactly, and values the version cannot take.
    func validate(_ variation: TuneVariation, reference: String, runID: Int64, hasStrength: Bool) throws(TuneError) {
        let key = variation.key.rawValue
        let numbers = variation.values.compactMap { value -> Int? in
            if case .number(let number) = value { return number }
            return nil
        }
        let text = variation.values.map(\.text).joined(separator: ",")
        switch variation.key {
        case .minLength:
            guard length.count <= 1 else { throw .severalLengthRules(reference: reference) }
            if numbers.contains(0) { throw .badValues(key: key, text: text, reason: "a minimum length is at least 1") }
            if let max = maximumLength, let above = numbers.first(where: { $0 > max }) {
                throw .badValues(
                    key: key, text: text,
                    reason: "\(above) is above the length rule's maximum (\(max)) of \(reference)")
            }
        case .classes:
            let count = countedClasses.count
            if let above = numbers.first(where: { $0 > count }) {
                throw .badValues(key: key, text: text, reason: "\(above) is more than the \(count) classes counted")
            }
        case .require:
            break
        case .drop:
            for case .rule(let id) in variation.values where !policy.rules.contains(where: { $0.id == id }) {
                throw .unknownRule(id: id, reference: reference, known: policy.rules.map(\.id))
            }
        case .minScore:
            guard hasStrength else { throw .noStrength(runID: runID) }
            let organization = policy.rules.contains {
                if case .bannedTerms(let banned) = $0.kind { return banned.organization != nil }
                return false
            }
            if organization { throw .strengthInputsDiffer(reference: reference) }
            if let above = numbers.first(where: { $0 > 4 }) {
                throw .badValues(key: key, text: text, reason: "\(above) is above zxcvbn's top score (4)")
            }
        }
    }

    /// Adds the setting `value` of `key` to `variant`.
    func apply(_ key: TuneVariation.Key, _ value: TuneVariation.Value, to variant: inout TuneVariant) {
        switch (key, value) {
        case (.minLength, .number(let minimum)):
            variant.cleared |= Self.mask(length)
            variant.minLength = minimum
        case (.classes, .number(let minimum)):
            variant.cleared |= Self.mask(composition)
            variant.classesMin = minimum
            variant.classesOf = countedClasses.reduce(0) { $0 | TuningFeatures.bit(of: $1) }
        case (.require, .classes(let classes)):
            variant.cleared |= Self.mask(composition)
            variant.required = classes.reduce(0) { $0 | TuningFeatures.bit(of: $1) }
        case (.drop, .rule(let id)):
            if let index = policy.rules.firstIndex(where: { $0.id == id }) { variant.cleared |= 1 << UInt64(index) }
        case (.minScore, .number(let minimum)):
            variant.cleared |= Self.mask(strength)
            variant.minScore = minimum
        default:
            preconditionFailure("a variation's values are of its key's kind")
        }
    }

    /// The value of `variation`'s key that the stored version has, when it is one of the settings tried and means
    /// the same variant (so the curve marks it).
    func storedValue(of variation: TuneVariation) -> TuneVariation.Value? {
        let value: TuneVariation.Value?
        switch variation.key {
        case .minLength:
            if length.count == 1, case .length(let min, _, _) = policy.rules[length[0]].kind {
                value = .number(min)
            } else {
                value = nil
            }
        case .classes:
            let kinds = composition.map { policy.rules[$0].kind }
            if kinds.isEmpty {
                value = .number(0)
            } else if kinds.count == 1, case .classes(let min, _) = kinds[0] {
                value = .number(min)
            } else {
                value = nil
            }
        case .require:
            var classes: [CharacterClass] = []
            for index in composition {
                guard case .require(.named(let cls), 1) = policy.rules[index].kind else { return nil }
                classes.append(cls)
            }
            value = .classes(Array(Set(classes)).sorted())
        case .minScore:
            if strength.isEmpty {
                value = .number(0)
            } else if strength.count == 1, case .strength(.minScore(let score)) = policy.rules[strength[0]].kind {
                value = .number(score)
            } else {
                value = nil
            }
        case .drop:
            value = nil
        }
        return value.flatMap { variation.values.contains($0) ? $0 : nil }
    }
}
