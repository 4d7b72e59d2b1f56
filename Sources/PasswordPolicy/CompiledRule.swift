/// A rule prepared for fast evaluation: sets, tables and regexes built once.
enum CompiledRule: Sendable {
    case length(min: Int, max: Int)
    case require(CharacterClass, min: Int)
    case requireChars(ScalarSet, min: Int)
    case classes(min: Int, of: [CharacterClass])
    case maxRepeat(max: Int)
    case maxSequence(max: Int)
    /// `kinds` holds one bit per allowed ``ScalarKind`` raw value; `ascii` the allowed ASCII bitmap.
    case allowed(kinds: UInt8, extra: ScalarSet, ascii: (UInt64, UInt64))
    case blocklist(builtin: Bool, custom: BlocklistTable?)
    case context(fields: [ContextField], minToken: Int)
    case pattern(PatternMatcher, must: PatternExpectation)

    /// Compiles one validated rule.
    init(_ kind: RuleKind, normalization: Normalization, path: String) throws(PolicyError) {
        switch kind {
        case .length(let min, let max):
            self = .length(min: min, max: max ?? .max)
        case .require(.named(let cls), let min):
            self = .require(cls, min: min)
        case .require(.chars(let chars), let min):
            self = .requireChars(ScalarSet(normalized(chars, normalization).unicodeScalars), min: min)
        case .classes(let min, let of):
            self = .classes(min: min, of: of)
        case .maxRepeat(let max):
            self = .maxRepeat(max: max)
        case .maxSequence(let max):
            self = .maxSequence(max: max)
        case .allowed(let classes, let chars):
            self = CompiledRule.allowed(classes, chars: normalized(chars, normalization))
        case .blocklist(let lists, let words):
            if let file = lists.first(where: { $0.hasPrefix("file:") }) {
                throw .invalid(
                    path: path + ".lists",
                    reason: "list \"\(file)\" is not loaded; resolve file lists before compiling the policy")
            }
            let entries = words.map { Array(CompiledPolicy.folded(normalized($0, normalization)).utf8) }
            self = .blocklist(
                builtin: lists.contains("builtin:common"), custom: entries.isEmpty ? nil : BlocklistTable(entries))
        case .context(let fields, let minToken):
            self = .context(fields: fields, minToken: minToken)
        case .pattern(let regex, let must, _):
            guard let matcher = PatternMatcher(regex) else {
                throw .invalid(path: path + ".regex", reason: "is not a valid regular expression")
            }
            self = .pattern(matcher, must: must)
        }
    }

    private static func allowed(_ classes: [CharacterClass], chars: String) -> CompiledRule {
        var kinds: UInt8 = 0
        let all: [ScalarKind] = [.upper, .lower, .otherLetter, .digit, .special, .space, .mark, .other]
        for kind in all where classes.contains(where: { $0.contains(kind) }) {
            kinds |= 1 << kind.rawValue
        }
        if classes.contains(.letter) || classes.contains(.special) { kinds |= 1 << ScalarKind.mark.rawValue }
        let extra = ScalarSet(chars.unicodeScalars)
        var ascii = extra.ascii
        for byte in 0..<128 where kinds & (1 << ScalarKind.asciiTable[byte].rawValue) != 0 {
            if byte < 64 { ascii.0 |= 1 << UInt64(byte) } else { ascii.1 |= 1 << UInt64(byte - 64) }
        }
        return .allowed(kinds: kinds, extra: extra, ascii: ascii)
    }
}
