extension RejectReason {
    /// Why a password given on its own (one line of `pwaudit check`) is refused, with the same reasons and in the
    /// same order as `CSVRowValidator` applies to a row's password field: `password-too-long`, `invalid-utf8`,
    /// `nul-byte`, `empty-password`; nil when it can be scored.
    package static func forPassword(_ bytes: UnsafeRawBufferPointer) -> RejectReason? {
        if bytes.count > CSVRowValidator.maximumPasswordBytes { return .passwordTooLong }
        if !CSVUTF8.isValid(bytes) { return .invalidUTF8 }
        if let base = bytes.baseAddress, Platform.containsNUL(base, count: bytes.count) { return .nulByte }
        if bytes.isEmpty { return .emptyPassword }
        return nil
    }
}
