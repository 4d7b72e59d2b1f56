/// Parses blocklist files: one entry a line, `#` starts a comment line, blank lines ignored.
public enum BlocklistText {
    /// The entries of a blocklist file's text, trimmed of surrounding whitespace and CR.
    public static func entries(in text: String) -> [String] {
        var result: [String] = []
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let trimmed = line.trimmed(of: [" ", "\t", "\r"])
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            result.append(String(trimmed))
        }
        return result
    }
}

extension Substring {
    fileprivate func trimmed(of set: Set<Character>) -> Substring {
        var slice = self
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return slice
    }
}
