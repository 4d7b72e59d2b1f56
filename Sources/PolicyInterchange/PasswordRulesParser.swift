import PasswordPolicy

/// Reads Apple's password rules language exactly as Apple's reference parser does
/// (`tools/PasswordRulesParser.js` of apple/password-manager-resources), quirks included, into the parser's
/// canonical form; see docs/interop.md.
///
/// The text is read as UTF-16 code units, as JavaScript reads it. What Apple's parser reports on its console
/// (and then ignores, or answers by dropping the whole string) becomes a warning.
package struct PasswordRulesParser {
    /// A `required` or `allowed` value as written: a class name (lowercased) or a custom class's characters.
    enum Value {
        case named(String)
        case custom([UInt8])
    }

    /// One property as parsed; `nil` values are properties Apple's parser drops.
    enum Property {
        case characters(name: String, values: [Value])
        case integer(name: String, value: Int)
    }

    let input: [UInt16]
    var warnings: [String] = []

    private init(_ text: String) {
        input = Array(text.utf16)
    }

    /// Parses `text` into the canonical form Apple's parser gives, with warnings for what it dropped.
    package static func parse(_ text: String) -> (descriptor: PasswordRulesDescriptor, warnings: [String]) {
        let parsed = parseCountingKept(text)
        return (parsed.descriptor, parsed.warnings)
    }

    /// As ``parse(_:)``, with how many properties Apple's parser keeps: 0 when it discards every rule of `text`
    /// (unknown names, a syntax error that drops the whole string, values that require nothing), or `text` has none.
    package static func parseCountingKept(_ text: String) -> (
        descriptor: PasswordRulesDescriptor, warnings: [String], kept: Int
    ) {
        var parser = PasswordRulesParser(text)
        let properties = parser.parseProperties() ?? []
        var descriptor = PasswordRulesDescriptor()
        var allowedValues: [Value] = []
        var warnings = parser.warnings
        var kept = 0
        for property in properties {
            switch property {
            case .integer(let name, let value):
                kept += 1
                switch name {
                case "max-consecutive": descriptor.maxConsecutive = Swift.min(descriptor.maxConsecutive ?? .max, value)
                case "minlength": descriptor.minLength = Swift.max(descriptor.minLength ?? 0, value)
                default: descriptor.maxLength = Swift.min(descriptor.maxLength ?? .max, value)
                }
            case .characters(let name, let values):
                allowedValues += values
                guard name == "required" else {
                    if !values.isEmpty { kept += 1 }
                    continue
                }
                let set = canonicalized(values)
                if set.isEmpty {
                    warnings.append(
                        "a \"required\" property with no ASCII-printable character requires nothing; left out")
                } else {
                    descriptor.required.append(set)
                    kept += 1
                }
            }
        }
        descriptor.allowed = allowedValues.isEmpty ? .asciiPrintable : canonicalized(allowedValues)
        if descriptor.allowed.isEmpty { descriptor.allowed = .asciiPrintable }
        return (descriptor, warnings, kept)
    }

    /// `_canonicalizedPropertyValues`: the first `unicode` or `ascii-printable` wins outright; otherwise the union.
    static func canonicalized(_ values: [Value]) -> PasswordRulesCharacterSet {
        var set = PasswordRulesCharacterSet()
        for value in values {
            switch value {
            case .named("unicode"): return .unicode
            case .named("ascii-printable"): return .asciiPrintable
            case .named(let name):
                if let named = PasswordRulesCharacterSet.namedClasses.first(where: { $0.name == name }) {
                    set = set.union(named.set)
                }
            case .custom(let characters): set = set.union(PasswordRulesCharacterSet(characters))
            }
        }
        return set
    }

    // MARK: Lexer

    private static let identifierNames: Set<String> = [
        "ascii-printable", "digit", "lower", "special", "unicode", "upper",
    ]
    private static let propertyNames: Set<String> = [
        "allowed", "max-consecutive", "required", "minlength", "maxlength",
    ]
    private static let semicolon = UInt16(UInt8(ascii: ";"))
    private static let comma = UInt16(UInt8(ascii: ","))
    private static let colon = UInt16(UInt8(ascii: ":"))
    private static let open = UInt16(UInt8(ascii: "["))
    private static let close = UInt16(UInt8(ascii: "]"))
    private static let dash = UInt16(UInt8(ascii: "-"))

    private func at(_ position: Int) -> UInt16? {
        position < input.count ? input[position] : nil
    }

    private static func isIdentifierCharacter(_ unit: UInt16?) -> Bool {
        guard let unit else { return false }
        return (0x61...0x7A).contains(unit) || (0x41...0x5A).contains(unit) || unit == dash
    }

    private static func isDigit(_ unit: UInt16?) -> Bool {
        guard let unit else { return false }
        return (0x30...0x39).contains(unit)
    }

    private static func isWhitespace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x0C || unit == 0x0A || unit == 0x0D || unit == 0x09
    }

    private func skipWhitespace(_ position: Int) -> Int {
        var position = position
        while position < input.count, Self.isWhitespace(input[position]) { position += 1 }
        return position
    }

    private func identifier(at start: Int) -> (String, Int) {
        var position = start
        while position < input.count, Self.isIdentifierCharacter(input[position]) { position += 1 }
        return (String(decoding: input[start..<position].map { UInt8($0) }, as: UTF8.self), position)
    }

    // MARK: Parser

    /// `_parsePasswordRulesInternal`: the properties in order, or `nil` when the whole string is discarded.
    private mutating func parseProperties() -> [Property]? {
        var properties: [Property] = []
        var position = skipWhitespace(0)
        while position < input.count {
            guard Self.isIdentifierCharacter(input[position]) else {
                warnings.append("no property name at offset \(position); the rest is ignored")
                return properties
            }
            let (property, next) = parseProperty(position)
            if let property { properties.append(property) }
            position = skipWhitespace(next)
            if position >= input.count { break }
            if input[position] == Self.semicolon {
                position = skipWhitespace(position + 1)
                if position >= input.count { return properties }
                continue
            }
            warnings.append("unexpected text at offset \(position); Apple's parser discards all the rules")
            return nil
        }
        return properties
    }

    /// `_parsePasswordRule`: one property, or `nil` (dropped) with where parsing stopped.
    private mutating func parseProperty(_ start: Int) -> (Property?, Int) {
        let (name, afterName) = identifier(at: start)
        guard Self.propertyNames.contains(name) else {
            warnings.append("unknown property name \"\(name)\"")
            return (nil, start)
        }
        guard afterName < input.count else {
            warnings.append("property \"\(name)\" has no value")
            return (nil, afterName)
        }
        guard input[afterName] == Self.colon else {
            warnings.append("property \"\(name)\" is not followed directly by \":\"")
            return (nil, afterName)
        }
        let position = skipWhitespace(afterName + 1)
        if position >= input.count || input[position] == Self.semicolon { return (nil, position) }
        if name == "required" || name == "allowed" {
            let (values, next) = parseValues(position)
            return (values.map { .characters(name: name, values: $0) }, next)
        }
        let (value, next) = parseInteger(position)
        guard let value, value > 0 else {
            if value == 0 { warnings.append("\"\(name): 0\" is ignored") }
            return (nil, next)
        }
        return (.integer(name: name, value: value), next)
    }

    /// `_parsePasswordRequiredOrAllowedPropertyValue`.
    private mutating func parseValues(_ start: Int) -> ([Value]?, Int) {
        var values: [Value] = []
        var position = start
        while true {
            if Self.isIdentifierCharacter(at(position)) {
                let (name, next) = identifier(at: position)
                guard Self.identifierNames.contains(name.lowercased()) else {
                    warnings.append("unknown character class \"\(name)\"")
                    return (nil, position)
                }
                values.append(.named(name.lowercased()))
                position = next
            } else if at(position) == Self.open {
                let (custom, next) = parseCustomClass(position)
                if let custom, !custom.isEmpty { values.append(.custom(custom)) }
                position = next
            } else {
                warnings.append("no character class at offset \(position)")
                return (nil, position)
            }
            position = skipWhitespace(position)
            if position >= input.count || input[position] == Self.semicolon { break }
            if input[position] == Self.comma {
                position = skipWhitespace(position + 1)
                if position >= input.count {
                    warnings.append("the text ends after \",\"")
                    return (nil, position)
                }
                continue
            }
            warnings.append("expected \",\" or \";\" at offset \(position)")
            return (nil, position)
        }
        return (values, position)
    }
}
