import Foundation
import PasswordPolicy

/// One `--vary KEY=VALUES` of `pwaudit tune`: a setting of a policy version the stored tuning summary answers exactly,
/// and the values to try.
package struct TuneVariation: Sendable, Equatable {
    /// What a variation changes.
    package enum Key: String, Sendable, CaseIterable {
        /// The minimum of the version's length rule (a rule added when it has none).
        case minLength = "min-length"
        /// How many character classes must be present, replacing the version's `require` and `classes` rules.
        case classes
        /// A named set of classes each required, replacing the version's `require` and `classes` rules.
        case require
        /// The version without one rule.
        case drop
        /// zxcvbn's minimum score, replacing the version's `strength` rules (0: none).
        case minScore = "min-score"
    }

    /// One value of a variation.
    package enum Value: Sendable, Equatable, Hashable {
        /// A number: a minimum length, a number of classes, a score.
        case number(Int)
        /// Classes each required (`require`), in canonical order.
        case classes([CharacterClass])
        /// A rule's id (`drop`).
        case rule(String)

        /// The value as typed: `12`, `upper,digit`, `blocklist`.
        package var text: String {
            switch self {
            case .number(let number): String(number)
            case .classes(let classes): classes.isEmpty ? "none" : classes.map(\.rawValue).joined(separator: ",")
            case .rule(let id): id
            }
        }
    }

    package var key: Key
    package var values: [Value]

    /// Creates a variation.
    package init(key: Key, values: [Value]) {
        self.key = key
        self.values = values
    }

    /// The largest number of values one variation may list (a range `1..255` is the longest useful sweep).
    static let maximumValues = 256

    /// Parses `KEY=VALUES`: `min-length=8..24` or `8,10,12`, `classes=0..4`, `min-score=0..4`, `require=upper,digit`
    /// (one set; sets separated by `/`: `require=upper/upper,digit`), `drop=RULE-ID[,RULE-ID…]`.
    /// - Throws: `TuneError.unknownKey` for a key the stored features cannot answer, `TuneError.badValues` for values
    ///   that do not read.
    package init(parsing text: String) throws(TuneError) {
        guard let equals = text.firstIndex(of: "=") else { throw .badVary(text) }
        let name = String(text[..<equals])
        let valuesText = String(text[text.index(after: equals)...])
        guard let key = Key(rawValue: name) else { throw .unknownKey(name) }
        guard !valuesText.isEmpty else { throw .badValues(key: name, text: valuesText, reason: "no value is given") }
        self.key = key
        switch key {
        case .minLength, .classes, .minScore:
            values = try Self.numbers(valuesText, key: name).map(Value.number)
        case .require:
            var sets: [Value] = []
            for set in valuesText.split(separator: "/", omittingEmptySubsequences: false) {
                var classes: [CharacterClass] = []
                for part in set.split(separator: ",", omittingEmptySubsequences: false) {
                    let word = part.trimmingCharacters(in: .whitespaces)
                    guard let cls = CharacterClass(rawValue: word) else {
                        throw .badValues(
                            key: name, text: valuesText,
                            reason: "'\(word)' is not a class (upper, lower, digit, special, letter, space)")
                    }
                    if !classes.contains(cls) { classes.append(cls) }
                }
                sets.append(.classes(classes.sorted()))
            }
            values = sets
        case .drop:
            values = valuesText.split(separator: ",", omittingEmptySubsequences: false).map {
                .rule($0.trimmingCharacters(in: .whitespaces))
            }
            if values.contains(.rule("")) {
                throw .badValues(key: name, text: valuesText, reason: "a rule id is empty")
            }
        }
        var seen = Set<Value>()
        values = values.filter { seen.insert($0).inserted }
    }

    /// `A..B` or `A,B,…` (either may mix: `8..12,15`), each a whole number from 0 to 255.
    private static func numbers(_ text: String, key: String) throws(TuneError) -> [Int] {
        var numbers: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.components(separatedBy: "..")
            let parsed = bounds.map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard (1...2).contains(parsed.count), let low = parsed[0], let high = parsed[parsed.count - 1],
                parsed.allSatisfy({ $0 != nil }), (0...RunTuningLimits.maximumNumber).contains(low),
                (0...RunTuningLimits.maximumNumber).contains(high)
            else {
                throw .badValues(
                    key: key, text: text,
                    reason: "'\(part)' is not a whole number from 0 to \(RunTuningLimits.maximumNumber) or a range A..B"
                )
            }
            guard low <= high else {
                throw .badValues(key: key, text: text, reason: "the range '\(part)' runs backwards")
            }
            numbers += Array(low...high)
            guard numbers.count <= maximumValues else {
                throw .badValues(key: key, text: text, reason: "more than \(maximumValues) values")
            }
        }
        return numbers
    }
}

/// The bounds `tune` reads numbers within.
enum RunTuningLimits {
    /// The largest number a variation takes (a length the summary stores, at most 255).
    static let maximumNumber = 255
}
