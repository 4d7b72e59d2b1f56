/// The Unicode normalization form a policy applies to passwords before any rule sees them.
public enum Normalization: String, Sendable, Equatable, CaseIterable {
    /// Compatibility composition (NFKC): fullwidth `１` becomes `1`, `ﬁ` becomes `fi`. The default.
    case nfkc
    /// Canonical composition (NFC): `e` + U+0301 becomes `é`; compatibility forms are kept.
    case nfc
    /// No normalization: the password is evaluated scalar by scalar as typed.
    case none
}
