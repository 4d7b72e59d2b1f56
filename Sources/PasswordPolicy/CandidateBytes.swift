/// A candidate as UTF-8 bytes, what the rules read: valid only inside the call that made it.
struct CandidateBytes {
    /// The password as typed (valid UTF-8).
    var password: UnsafeBufferPointer<UInt8>
    /// The account's username, if known.
    var username: UnsafeBufferPointer<UInt8>?
    /// The account's email address, if known.
    var email: UnsafeBufferPointer<UInt8>?
}

extension Candidate {
    /// Runs `body` with the candidate's UTF-8 bytes (not copied, for native strings).
    func withBytes<R>(_ body: (CandidateBytes) -> R) -> R {
        if let result = password.utf8.withContiguousStorageIfAvailable({ passwordBytes in
            Self.withContiguousUTF8(self.username) { usernameBytes in
                Self.withContiguousUTF8(self.email) { emailBytes in
                    body(CandidateBytes(password: passwordBytes, username: usernameBytes, email: emailBytes))
                }
            }
        }), let result {
            return result
        }
        var (passwordCopy, usernameCopy, emailCopy) = (password, username, email)
        return passwordCopy.withUTF8 { password in
            Self.withUTF8(&usernameCopy) { username in
                Self.withUTF8(&emailCopy) { email in
                    body(CandidateBytes(password: password, username: username, email: email))
                }
            }
        }
    }

    /// `body` over `text`'s contiguous UTF-8 (nil for no text); `nil` overall when `text` is not contiguous.
    private static func withContiguousUTF8<R>(_ text: String?, _ body: (UnsafeBufferPointer<UInt8>?) -> R?) -> R? {
        guard let text else { return body(nil) }
        return text.utf8.withContiguousStorageIfAvailable { body($0) } ?? nil
    }

    private static func withUTF8<R>(_ text: inout String?, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard text != nil else { return body(nil) }
        return text!.withUTF8 { body($0) }
    }
}
