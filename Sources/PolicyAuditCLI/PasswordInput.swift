import PolicyCSV

/// What has been typed at the live checklist: the one place the candidate lives while the user edits it.
///
/// Backspace deletes the last grapheme (what the user sees as one character: `é` typed as `e` plus a combining
/// accent, or an emoji sequence, goes at once), as a text field does; the mask shows one character per grapheme.
/// The input stops growing at `CSVRowValidator.maximumPasswordBytes` bytes, the longest password an import accepts.
struct PasswordInput {
    /// The candidate.
    private(set) var text = ""
    /// The longest input kept, in UTF-8 bytes.
    static let maximumBytes = CSVRowValidator.maximumPasswordBytes

    /// Typed characters (graphemes).
    var length: Int { text.count }

    /// Appends `scalar`; false (nothing changes) when the input is full.
    mutating func insert(_ scalar: Unicode.Scalar) -> Bool {
        guard text.utf8.count + UTF8.width(scalar) <= Self.maximumBytes else { return false }
        text.unicodeScalars.append(scalar)
        return true
    }

    /// Deletes the last character; false when there is none.
    mutating func deleteBackward() -> Bool {
        guard !text.isEmpty else { return false }
        text.removeLast()
        return true
    }

    /// Deletes everything; false when there was nothing.
    mutating func deleteAll() -> Bool {
        guard !text.isEmpty else { return false }
        text = ""
        return true
    }
}
