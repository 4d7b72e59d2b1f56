/// How a policy's rules read a password: pwaudit's own Unicode semantics, or those of the system a policy was
/// imported from (see docs/policy-format.md and docs/interop.md).
public enum EvaluationMode: String, Sendable, Equatable, CaseIterable {
    /// pwaudit's semantics: length in Unicode scalars after normalization, classes by general category. The default.
    case unicode
    /// Apple's password rules: `upper` is A–Z, `lower` a–z, `digit` 0–9, `special` the ASCII punctuation and symbols
    /// plus space; no other character belongs to a class.
    case apple
    /// libpwquality's checks (as Debian's 1.4.5 runs them): the password's UTF-8 bytes are counted and classified
    /// one by one (every byte of a non-ASCII character is "other"), and a palindrome fails the `palindrome` rule.
    case pwquality
}
