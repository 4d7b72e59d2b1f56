import Foundation

/// Normalizes passwords to a Unicode normalization form, skipping the work for ASCII.
public enum PasswordNormalizer {
    /// Returns `password` in the given normalization form.
    ///
    /// An all-ASCII string is already in NFC and NFKC, and so is one whose every scalar ``NFKCQuickCheck`` knows to
    /// be stable (most non-ASCII passwords): either is returned unchanged without calling Foundation, which would
    /// return the same scalars; nor is Foundation asked what ``NFKCQuickCheck/quickNormalized(_:_:)`` answers. The
    /// audit import uses the NFKC result's UTF-8 as its fingerprint input.
    public static func normalized(_ password: String, _ form: Normalization) -> String {
        if form == .none || isASCII(password) || NFKCQuickCheck.leavesUnchanged(password) {
            return password
        }
        if let quick = NFKCQuickCheck.quickNormalized(Array(password.unicodeScalars), form) {
            return String(String.UnicodeScalarView(quick))
        }
        return foundationNormalized(password, form)
    }

    /// `password` in `form` by Foundation, for what the quick checks leave (their callers ask them first).
    static func foundationNormalized(_ password: String, _ form: Normalization) -> String {
        switch form {
        case .nfkc: return password.precomposedStringWithCompatibilityMapping
        case .nfc: return password.precomposedStringWithCanonicalMapping
        case .none: return password
        }
    }

    /// Whether every UTF-8 byte of `string` is below 0x80.
    static func isASCII(_ string: String) -> Bool {
        if let answer = string.utf8.withContiguousStorageIfAvailable({ bytes in
            bytes.allSatisfy { $0 < 0x80 }
        }) {
            return answer
        }
        return string.utf8.allSatisfy { $0 < 0x80 }
    }
}

/// Returns `password` in the given normalization form; see ``PasswordNormalizer/normalized(_:_:)``.
public func normalized(_ password: String, _ form: Normalization) -> String {
    PasswordNormalizer.normalized(password, form)
}
