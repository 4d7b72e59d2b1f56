/// The three versions of the demo's one policy, `corp`, embedded so that a copied binary runs the demo alone.
///
/// Each definition matches an example file rule for rule (a test keeps them in sync; only the name differs):
/// `corp@1` is `examples/seed.json`, `corp@2` is `examples/nist.json`, `corp@3` is `examples/strict.json`.
package enum DemoPolicies {
    /// One embedded version: its policy JSON, the day it comes into force and a note.
    package struct Version: Sendable {
        /// The policy definition, as in a policy file.
        package let json: String
        /// `YYYY-MM-DD` from which the version is in force.
        package let effectiveFrom: String
        /// The note stored with the version.
        package let note: String
        /// The example file it mirrors, relative to the repository root.
        package let example: String
    }

    /// The policy name every version shares.
    package static let name = "corp"

    /// `corp@1`, `corp@2`, `corp@3` in the order they are added.
    package static let versions: [Version] = [seed, nist, strict]

    /// The seed screen's four checks: 8+ characters, an uppercase letter, a digit, a special character.
    static let seed = Version(
        json: """
            {
              "name": "corp",
              "description": "The four checks of the original password-reset screen.",
              "rules": [
                {"rule": "length", "min": 8},
                {"rule": "require", "class": "upper"},
                {"rule": "require", "class": "digit"},
                {"rule": "require", "class": "special"}
              ]
            }
            """,
        effectiveFrom: "2025-01-01", note: "demo: the seed screen's composition rules", example: "examples/seed.json")

    /// NIST SP 800-63B style: 15–64 characters, not common, not the user's own name, no composition rules.
    static let nist = Version(
        json: """
            {
              "name": "corp",
              "description": "NIST SP 800-63B style: long, not common, not the user's own name; no composition rules.",
              "usage": "single-factor",
              "normalization": "nfkc",
              "rules": [
                {"rule": "length", "min": 15, "max": 64},
                {"rule": "blocklist", "lists": ["builtin:common"]},
                {"rule": "context", "fields": ["username", "email"], "min-token": 4},
                {"rule": "allowed", "classes": ["letter", "digit", "special", "space"]}
              ]
            }
            """,
        effectiveFrom: "2025-09-01", note: "demo: NIST SP 800-63B style", example: "examples/nist.json")

    /// A stricter composite: 12+ characters, all four classes, no runs or repeats, no common or personal passwords.
    static let strict = Version(
        json: """
            {
              "name": "corp",
              "description": "A stricter composite policy: 12+ characters, all four classes, no runs or repeats, \
            no common or personal passwords.",
              "normalization": "nfkc",
              "usage": "single-factor",
              "max-age-days": 365,
              "history": 5,
              "lockout-threshold": 10,
              "rules": [
                {"rule": "length", "min": 12, "max": 128},
                {"rule": "require", "class": "upper", "min": 1},
                {"rule": "require", "class": "lower", "min": 1},
                {"rule": "require", "class": "digit", "min": 1},
                {"rule": "require", "class": "special", "min": 1},
                {"rule": "max-repeat", "max": 2},
                {"rule": "max-sequence", "max": 3},
                {"rule": "blocklist", "lists": ["builtin:common"]},
                {"rule": "context", "fields": ["username", "email"], "min-token": 4}
              ]
            }
            """,
        effectiveFrom: "2026-06-01", note: "demo: stricter composite", example: "examples/strict.json")
}
