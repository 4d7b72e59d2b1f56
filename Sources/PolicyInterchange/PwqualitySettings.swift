/// libpwquality's settings (`pwquality.conf`, `src/pwqprivate.h`), with its defaults and its clamps.
package struct PwqualitySettings: Equatable, Sendable {
    /// Minimum edit distance from the old password (recorded only).
    package var difok = 1
    /// Minimum length in bytes, after credits; raised to 6 when set lower, as libpwquality does.
    package var minlen = 8
    /// Digit credit: above 0 a length credit per digit up to it, below 0 at least −value digits.
    package var dcredit = 0
    /// Uppercase credit, as `dcredit`.
    package var ucredit = 0
    /// Lowercase credit, as `dcredit`.
    package var lcredit = 0
    /// Other-character credit, as `dcredit`.
    package var ocredit = 0
    /// Minimum number of byte classes present; lowered to 4 when set higher, as libpwquality does.
    package var minclass = 0
    /// Longest run of one byte allowed (0: no limit).
    package var maxrepeat = 0
    /// Longest run of one byte class allowed (0: no limit).
    package var maxclassrepeat = 0
    /// Longest ±1 run of byte values allowed (0: no limit).
    package var maxsequence = 0
    /// Whether the GECOS field's words are refused (recorded only).
    package var gecoscheck = 0
    /// Whether cracklib's dictionary check runs.
    package var dictcheck = 1
    /// Whether the user name (forwards or reversed) is refused.
    package var usercheck = 1
    /// With 4 or more: any run of that many characters of the user name is refused.
    package var usersubstr = 0
    /// PAM: whether a failing password is refused (recorded only).
    package var enforcing = 1
    /// PAM: how many times to prompt (recorded only).
    package var retry = 1
    /// PAM: whether root is checked too (recorded only).
    package var enforceForRoot = 0
    /// PAM: whether only local users are checked (recorded only).
    package var localUsersOnly = 0
    /// The space-separated words, `nil` when unset.
    package var badwords: String?
    /// cracklib's dictionary path, `nil` when unset (ignored).
    package var dictpath: String?
    /// The settings a file set explicitly, lowercased, in the order first set.
    package var explicitlySet: [String] = []

    /// libpwquality's defaults.
    package init() {}

    /// The integer settings by their (lowercase) names.
    package static let integerNames: Set<String> = [
        "difok", "minlen", "dcredit", "ucredit", "lcredit", "ocredit", "minclass", "maxrepeat", "maxclassrepeat",
        "maxsequence", "gecoscheck", "dictcheck", "usercheck", "usersubstr", "enforcing", "retry",
    ]
    /// Settings switched on by their mere presence, whatever the value.
    package static let presenceNames: Set<String> = ["enforce_for_root", "local_users_only"]
    /// Settings holding text.
    package static let stringNames: Set<String> = ["badwords", "dictpath"]

    /// Sets an integer setting as `pwquality_set_int_value` does (clamping `minlen` and `minclass`).
    package mutating func set(_ name: String, _ value: Int) {
        switch name {
        case "difok": difok = value
        case "minlen": minlen = Swift.max(value, 6)
        case "dcredit": dcredit = value
        case "ucredit": ucredit = value
        case "lcredit": lcredit = value
        case "ocredit": ocredit = value
        case "minclass": minclass = Swift.min(value, 4)
        case "maxrepeat": maxrepeat = value
        case "maxclassrepeat": maxclassrepeat = value
        case "maxsequence": maxsequence = value
        case "gecoscheck": gecoscheck = value
        case "dictcheck": dictcheck = value
        case "usercheck": usercheck = value
        case "usersubstr": usersubstr = value
        case "enforcing": enforcing = value
        case "retry": retry = value
        case "enforce_for_root": enforceForRoot = value
        case "local_users_only": localUsersOnly = value
        default: return
        }
        if !explicitlySet.contains(name) { explicitlySet.append(name) }
    }

    /// Sets a text setting; an empty value unsets it.
    package mutating func set(_ name: String, text: String) {
        let value = text.isEmpty ? nil : text
        if name == "badwords" { badwords = value } else { dictpath = value }
        if !explicitlySet.contains(name) { explicitlySet.append(name) }
    }
}
