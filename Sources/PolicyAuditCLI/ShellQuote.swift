/// Quoting for paths printed inside commands the user may copy into a POSIX shell.
enum ShellQuote {
    /// `text` as one shell word: unchanged when it holds only safe characters, else single-quoted.
    static func word(_ text: String) -> String {
        let safe =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "/._-+:,@%=".unicodeScalars.contains(scalar))
            }
        return safe ? text : "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
