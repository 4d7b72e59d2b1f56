import Foundation

/// zxcvbn's guess estimates for one match, each kind by its formula, with the submatch floors.
enum GuessEstimation {
    static let bruteforceCardinality = 10.0
    static let minimumSubmatchGuessesSingleScalar = 10.0
    static let minimumSubmatchGuessesMultipleScalars = 50.0
    static let minimumYearSpace = 20
    static let referenceYear = 2017

    /// The match's guesses within a password of `passwordLength` scalars: its formula, at least 10 (one scalar)
    /// or 50 (more) when the match covers only part of the password.
    /// `password` is the one the match was found in (its token is `password[match.start...match.end]`).
    static func guesses(_ match: StrengthMatch, password: [Unicode.Scalar]) -> Double {
        var floor = 1.0
        if match.length < password.count {
            floor = match.length == 1 ? minimumSubmatchGuessesSingleScalar : minimumSubmatchGuessesMultipleScalars
        }
        return max(formula(match, token: password[match.start...match.end]), floor)
    }

    /// `guesses`' floor applied to a formula's value for a match of `length` scalars in a password of `count`.
    @inline(__always) static func floored(_ formula: Double, length: Int, in count: Int) -> Double {
        var floor = 1.0
        if length < count {
            floor = length == 1 ? minimumSubmatchGuessesSingleScalar : minimumSubmatchGuessesMultipleScalars
        }
        return max(formula, floor)
    }

    private static func formula(_ match: StrengthMatch, token: ArraySlice<Unicode.Scalar>) -> Double {
        switch match.pattern {
        case .bruteforce:
            let guesses = pow10(token.count)
            let floor =
                token.count == 1 ? minimumSubmatchGuessesSingleScalar + 1 : minimumSubmatchGuessesMultipleScalars + 1
            return max(guesses, floor)
        case .dictionary(let detail):
            return Double(detail.rank) * uppercaseVariations(token) * l33tVariations(token, detail)
                * (detail.reversed ? 2 : 1)
        case .spatial(let graph, let turns, let shiftedCount):
            return spatialGuesses(length: token.count, graph: graph, turns: turns, shiftedCount: shiftedCount)
        case .repeat(_, let baseGuesses, let repeatCount, _):
            return baseGuesses * repeatCount
        case .sequence(_, _, let ascending):
            var base: Double
            let first = token.first ?? " "
            if "aAzZ019".unicodeScalars.contains(first) {
                base = 4
            } else if ScalarText.isDigit(first) {
                base = 10
            } else {
                base = 26
            }
            if !ascending { base *= 2 }
            return base * Double(token.count)
        case .recentYear(let year):
            return Double(max(abs(year - referenceYear), minimumYearSpace))
        case .date(let year, _, _, let separator):
            var guesses = Double(max(abs(year - referenceYear), minimumYearSpace) * 365)
            if !separator.isEmpty { guesses *= 4 }
            return guesses
        }
    }

    /// 10ⁿ as a `Double` (exact while representable; infinity past 10³⁰⁸).
    static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= bruteforceCardinality }
        return result
    }

    /// zxcvbn's `nCk`, with its float division (the same rounding as Python's).
    static func nCk(_ n: Int, _ k: Int) -> Double {
        if k > n { return 0 }
        if k == 0 { return 1 }
        var r = 1.0
        var m = Double(n)
        for d in 1...k {
            r *= m
            r /= Double(d)
            m -= 1
        }
        return r
    }

    static func uppercaseVariations(_ word: ArraySlice<Unicode.Scalar>) -> Double {
        // zxcvbn returns 1 when the word has no A–Z or is all lower case; a word with an A–Z is never its own lower
        // case form, so the first test decides.
        var asciiUpper = 0
        var firstUpper = -1
        var lastUpper = -1
        var asciiLower = false
        for (offset, scalar) in word.enumerated() {
            if ScalarText.isASCIIUpper(scalar) {
                asciiUpper += 1
                if firstUpper < 0 { firstUpper = offset }
                lastUpper = offset
            } else if ScalarText.isASCIILower(scalar) {
                asciiLower = true
            }
        }
        if asciiUpper == 0 { return 1 }
        let count = word.count
        // ^[A-Z][^A-Z]+$, ^[^A-Z]+[A-Z]$, ^[^a-z]+$
        if count >= 2 && asciiUpper == 1 && firstUpper == 0 { return 2 }
        if count >= 2 && asciiUpper == 1 && lastUpper == count - 1 { return 2 }
        if !asciiLower { return 2 }
        var upper = 0
        var lower = 0
        for scalar in word {
            if scalar.isASCII {
                if ScalarText.isASCIIUpper(scalar) { upper += 1 } else if ScalarText.isASCIILower(scalar) { lower += 1 }
            } else {
                if scalar.properties.isUppercase { upper += 1 }
                if scalar.properties.isLowercase { lower += 1 }
            }
        }
        var variations = 0.0
        if min(upper, lower) >= 1 {
            for i in 1...min(upper, lower) { variations += nCk(upper + lower, i) }
        }
        return variations
    }

    static func l33tVariations(_ token: ArraySlice<Unicode.Scalar>, _ detail: DictionaryMatch) -> Double {
        if !detail.isL33t { return 1 }
        var variations = 1.0
        let lower = ScalarText.lowered(token)
        for substitution in detail.substitutions {
            let subbed = lower.filter { $0 == substitution.typed }.count
            let unsubbed = lower.filter { $0 == substitution.letter }.count
            variations *= l33tFactor(subbed: subbed, unsubbed: unsubbed)
        }
        return variations
    }

    /// `l33tVariations` for a token read under the substitution set `substitutions` (those of its typed characters
    /// present in the token are the match's, in the set's order), `lower` the token lower-cased scalar by scalar.
    static func l33tVariations(
        _ token: ArraySlice<Unicode.Scalar>, lower: ArraySlice<Unicode.Scalar>,
        substitutions: [(typed: Unicode.Scalar, letter: Unicode.Scalar)]
    ) -> Double {
        var variations = 1.0
        for substitution in substitutions where token.contains(substitution.typed) {
            var subbed = 0
            var unsubbed = 0
            for scalar in lower {
                if scalar == substitution.typed { subbed += 1 } else if scalar == substitution.letter { unsubbed += 1 }
            }
            variations *= l33tFactor(subbed: subbed, unsubbed: unsubbed)
        }
        return variations
    }

    /// One substitution's factor: 2 when the token holds only its typed or only its letter form, else the ways of
    /// choosing which of the `subbed + unsubbed` places are substituted, up to the smaller count (zxcvbn's sum of
    /// binomials).
    private static func l33tFactor(subbed: Int, unsubbed: Int) -> Double {
        if subbed == 0 || unsubbed == 0 { return 2 }
        var possibilities = 0.0
        for i in 1...min(subbed, unsubbed) { possibilities += nCk(subbed + unsubbed, i) }
        return possibilities
    }

    static func spatialGuesses(length: Int, graph: String, turns: Int, shiftedCount: Int) -> Double {
        let shape = graph == "qwerty" || graph == "dvorak" ? AdjacencyGraph.keyboard : AdjacencyGraph.keypad
        var guesses = 0.0
        if length >= 2 {
            for i in 2...length {
                let possibleTurns = min(turns, i - 1) + 1
                if possibleTurns > 1 {
                    for j in 1..<possibleTurns {
                        guesses += nCk(i - 1, j - 1) * shape.keys * pow(shape.degree, j)
                    }
                }
            }
        }
        if shiftedCount > 0 {
            let unshifted = length - shiftedCount
            if unshifted == 0 {
                guesses *= 2
            } else {
                var variations = 0.0
                for i in 1...min(shiftedCount, unshifted) { variations += nCk(shiftedCount + unshifted, i) }
                guesses *= variations
            }
        }
        return guesses
    }

    private static func pow(_ base: Double, _ exponent: Int) -> Double { Foundation.pow(base, Double(exponent)) }
}
