import Foundation

/// A compiled `pattern` rule regular expression, shared across threads.
///
/// `NSRegularExpression` is immutable after creation and documented as safe to use from several threads.
final class PatternMatcher: @unchecked Sendable {
    private let regex: NSRegularExpression

    init?(_ pattern: String) {
        guard let regex = try? NSRegularExpression(pattern: Self.strictAnchors(pattern)) else { return nil }
        self.regex = regex
    }

    /// Whether the regular expression matches anywhere in `text`.
    func matches(_ text: String) -> Bool {
        regex.firstMatch(in: text, options: [], range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Rewrites every unescaped `$` outside a character class to `\z`.
    ///
    /// ICU's `$` also matches before a final line terminator, so `^[a-z]+$` would accept `"abc\n"`;
    /// in a password rule `$` must mean the very end.
    static func strictAnchors(_ pattern: String) -> String {
        let scalars = Array(pattern.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        var classDepth = 0
        var quoting = false
        while index < scalars.count {
            let scalar = scalars[index]
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            if quoting {
                out.append(scalar)
                if scalar == "\\", next == "E" {
                    out.append("E")
                    quoting = false
                    index += 1
                }
            } else if scalar == "\\" {
                out.append(scalar)
                if let next {
                    out.append(next)
                    quoting = next == "Q"
                    index += 1
                }
            } else if scalar == "[" {
                classDepth += 1
                out.append(scalar)
            } else if scalar == "]", classDepth > 0 {
                classDepth -= 1
                out.append(scalar)
            } else if scalar == "$", classDepth == 0 {
                out.append(contentsOf: "\\z".unicodeScalars)
            } else {
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }
}
