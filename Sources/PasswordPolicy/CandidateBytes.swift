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
        var (password, username, email) = (self.password, self.username, self.email)
        return password.withUTF8 { password in
            Self.withUTF8(&username) { username in
                Self.withUTF8(&email) { email in
                    body(CandidateBytes(password: password, username: username, email: email))
                }
            }
        }
    }

    private static func withUTF8<R>(_ text: inout String?, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard text != nil else { return body(nil) }
        return text!.withUTF8 { body($0) }
    }
}
