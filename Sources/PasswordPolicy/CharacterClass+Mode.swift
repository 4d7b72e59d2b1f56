extension CharacterClass {
    /// Whether `scalar` belongs to this class as a policy evaluated in `mode` reads its classes (what an `allowed`
    /// rule's class admits): Apple's ASCII meanings in `apple` mode, the general-category ones otherwise.
    package func contains(_ scalar: Unicode.Scalar, mode: EvaluationMode) -> Bool {
        if mode == .apple { return scalar.isASCII && AppleClasses.contains(self, UInt8(scalar.value)) }
        return contains(ScalarKind(scalar))
    }
}
