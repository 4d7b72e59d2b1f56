/// libpwquality's settings (`pwquality.conf`, `src/pwqprivate.h`), with its defaults and its clamps.
package struct PwqualitySettings: Equatable, Sendable {
    package var difok = 1
    /// Raised to 6 when set lower, as libpwquality does.
    package var minlen = 8
    package var dcredit = 0
    package var ucredit = 0
    package var lcredit = 0
    package var ocredit = 0
    /// Lowered to 4 when set higher, as libpwquality does.
    package var minclass = 0
    package var maxrepeat = 0
    package var maxclassrepeat = 0
    package var maxsequence = 0
    package var gecoscheck = 0
    package var dictcheck = 1
    package var usercheck = 1
    package var usersubstr = 0
    package var enforcing = 1
    package var retry = 1
    package var enforceForRoot = 0
    package var localUsersOnly = 0
    /// The space-separated words, `nil` when unset.
    package var badwords: String?
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
