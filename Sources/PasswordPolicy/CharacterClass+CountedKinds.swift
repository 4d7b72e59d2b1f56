extension CharacterClass {
    /// The kinds of scalar that count towards this class in a policy evaluated in `mode` (what `require`, `classes`
    /// and length credits count), read off the tables the evaluator counts with: general categories in `unicode`
    /// mode, Apple's ASCII classes in `apple` mode, libpwquality's byte classes in `pwquality` mode, where every byte
    /// of a non-ASCII character is "other", so that a letter such as `é` counts as `special` there.
    package func countedKinds(in mode: EvaluationMode) -> Set<ScalarKind> {
        let ascii = (0..<128).map { UInt8($0) }
        switch mode {
        case .unicode:
            return Set(ScalarKind.allCases.filter(contains))
        case .apple:
            return Set(ascii.filter { AppleClasses.contains(self, $0) }.map { ScalarKind.asciiTable[Int($0)] })
        case .pwquality:
            var kinds = Set(
                ascii.filter { PwqualityBytes.counts($0, toward: self) }.map { ScalarKind.asciiTable[Int($0)] })
            // Every kind has non-ASCII members (É, é, 中, ٣, ¡, U+00A0, U+0301, U+0080), all of whose bytes are alike.
            if PwqualityBytes.counts(0x80, toward: self) { kinds.formUnion(ScalarKind.allCases) }
            return kinds
        }
    }
}
