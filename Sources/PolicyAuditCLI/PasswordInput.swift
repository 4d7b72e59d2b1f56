import PolicyCSV

/// What has been typed at the live checklist: the one place the candidate lives while the user edits it.
///
/// Backspace deletes the last grapheme (what the user sees as one character: `é` typed as `e` plus a combining
/// accent, or an emoji sequence, goes at once), as a text field does; the mask shows one character per grapheme.
///
/// The text is kept up to `CSVRowValidator.maximumPasswordBytes` bytes, the longest password an import accepts. What
/// is typed or pasted beyond is counted, never kept: while any of it is there the input is `isOverLong`, refused as
/// `password-too-long` as line mode refuses a longer line, and never judged as the cut text. Backspace takes those
/// uncounted scalars off first (one per key: a grapheme there is not assembled), so that an input edited back
/// under the limit is exactly the first bytes typed, as in a text field; Ctrl-U empties it all.
struct PasswordInput {
    /// The candidate, or its first `maximumBytes` bytes while `isOverLong`.
    private(set) var text = ""
    /// The scalars typed past the limit (counted, not kept).
    private var excessScalars = 0
    /// The longest input kept, in UTF-8 bytes.
    static let maximumBytes = CSVRowValidator.maximumPasswordBytes

    /// Typed characters: graphemes kept, plus scalars beyond the limit.
    var length: Int { text.count + excessScalars }

    /// Whether more was typed than an import accepts: the input is refused, whatever the rules say of `text`.
    var isOverLong: Bool { excessScalars > 0 }

    /// Appends `scalar`, or counts it past the limit once the text is full (and everything after it, so that the
    /// text stays what was typed first).
    mutating func insert(_ scalar: Unicode.Scalar) {
        if excessScalars > 0 || text.utf8.count + UTF8.width(scalar) > Self.maximumBytes {
            excessScalars += 1
        } else {
            text.unicodeScalars.append(scalar)
        }
    }

    /// Deletes the last character (a scalar past the limit first); false when there is none.
    mutating func deleteBackward() -> Bool {
        if excessScalars > 0 {
            excessScalars -= 1
            return true
        }
        guard !text.isEmpty else { return false }
        text.removeLast()
        return true
    }

    /// Deletes everything; false when there was nothing.
    mutating func deleteAll() -> Bool {
        guard !text.isEmpty || excessScalars > 0 else { return false }
        text = ""
        excessScalars = 0
        return true
    }
}
