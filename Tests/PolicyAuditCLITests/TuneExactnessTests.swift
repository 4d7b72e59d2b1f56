import Foundation
import Testing

@testable import PolicyAuditCLI

/// Issue 24, Done-when 1: for every varied value of a 1,000-row fixture, the variant written as a real policy file and
/// imported with the same CSV unlocks exactly the count `pwaudit tune` gives, for min-length, classes, require, drop
/// and a two-key grid, in each evaluation mode (default, apple, pwquality with length credits) and with
/// `"normalization": "none"`.
@Suite("pwaudit tune is exact")
struct TuneExactnessTests {
    /// One evaluation setting of the base policy.
    struct Mode: Sendable, CustomTestStringConvertible {
        let name: String
        /// Top-level members of the policy file besides `name` and `rules`.
        let header: String
        /// The length rule's extra members (credits).
        let lengthExtra: String

        var testDescription: String { name }

        static let all = [
            Mode(name: "default", header: "", lengthExtra: ""),
            Mode(name: "apple", header: #""evaluation": "apple","#, lengthExtra: ""),
            Mode(
                name: "pwquality", header: #""evaluation": "pwquality","#,
                lengthExtra: #", "credits": {"digit": 1, "upper": 2, "lower": 1, "special": 1}"#),
            Mode(name: "normalization-none", header: #""normalization": "none","#, lengthExtra: ""),
        ]
    }

    /// 1,000 passwords of every length from 1 to 30 and every mix of classes, with characters the modes read
    /// differently: non-ASCII letters and digits, a ligature and full-width letters NFKC changes, a combining accent,
    /// an emoji, spaces inside.
    static let csv: String = {
        let pieces = [
            "a", "b", "z", "Q", "X", "3", "7", "0", "!", "#", "-", " ", "é", "Ü", "ß", "ﬁ", "Ａ", "٣", "😀", "e\u{301}",
            "password", "Summer", "2024", "qwerty", "ab", "12",
        ]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var text = "id,username,password\n"
        for index in 0..<1_000 {
            var password = ""
            let target = 1 + next(30)
            while password.unicodeScalars.count < target { password += pieces[next(pieces.count)] }
            if index % 17 == 0 { password = ["password", "qwerty", "123456", "letmein"][index % 4] }
            password = password.trimmingCharacters(in: .whitespaces)
            if password.isEmpty { password = "x" }
            text += "\(index),user\(index),\"\(password)\"\n"
        }
        return text
    }()

    /// The base policy's rules as JSON members, by id; the length rule is written by `lengthRule`.
    static let otherRules: [(id: String, json: String)] = [
        ("up", #"{"rule": "require", "id": "up", "class": "upper"}"#),
        ("dig", #"{"rule": "require", "id": "dig", "class": "digit"}"#),
        ("cls", #"{"rule": "classes", "id": "cls", "min": 3, "of": ["upper", "lower", "digit", "special"]}"#),
        ("bl", #"{"rule": "blocklist", "id": "bl", "lists": ["builtin:common"]}"#),
        ("rep", #"{"rule": "max-repeat", "id": "rep", "max": 3}"#),
    ]

    static func lengthRule(_ min: Int, _ mode: Mode) -> String {
        #"{"rule": "length", "id": "len", "min": \#(min), "max": 40\#(mode.lengthExtra)}"#
    }

    /// A policy file of `rules` named `name` in `mode`.
    static func policy(_ name: String, _ mode: Mode, _ rules: [String]) -> String {
        "{\"name\": \"\(name)\", \(mode.header) \"rules\": [\n" + rules.joined(separator: ",\n") + "\n]}\n"
    }

    /// The base's rules with the composition rules (`up`, `dig`, `cls`) replaced by `replacement`.
    static func composition(_ mode: Mode, _ replacement: [String]) -> [String] {
        [lengthRule(10, mode)] + replacement + otherRules.filter { ["bl", "rep"].contains($0.id) }.map(\.json)
    }

    static func classesRule(_ count: Int) -> [String] {
        count == 0
            ? [] : [#"{"rule": "classes", "id": "k", "min": \#(count), "of": ["upper", "lower", "digit", "special"]}"#]
    }

    @Test("every tuned count equals the import of the variant", arguments: Mode.all)
    func everyTunedCountEqualsTheImportOfTheVariant(_ mode: Mode) throws {
        let sandbox = try ImportSandbox(policies: [])
        let file = try sandbox.write("passwords.csv", Self.csv)
        let base = [Self.lengthRule(10, mode)] + Self.otherRules.map(\.json)
        // Per tuned setting (`min-length=12`, `min-length=6&classes=2`), the variant's rules.
        var variants: [(setting: String, rules: [String])] = []
        let lengths = Array(1...22) + [40]
        for length in lengths {
            variants.append(("min-length=\(length)", [Self.lengthRule(length, mode)] + Self.otherRules.map(\.json)))
        }
        for count in 0...4 {
            variants.append(("classes=\(count)", Self.composition(mode, Self.classesRule(count))))
        }
        let sets = [["upper", "digit"], ["lower", "special"], ["letter", "space"], ["digit"]]
        for set in sets {
            let rules = set.map { #"{"rule": "require", "id": "r-\#($0)", "class": "\#($0)"}"# }
            variants.append(("require=\(set.joined(separator: ","))", Self.composition(mode, rules)))
        }
        for dropped in ["len"] + Self.otherRules.map(\.id) {
            let rules =
                (dropped == "len" ? [] : [Self.lengthRule(10, mode)])
                + Self.otherRules.filter { $0.id != dropped }.map(\.json)
            variants.append(("drop=\(dropped)", rules))
        }
        for length in [6, 10, 14] {
            for count in [0, 2, 4] {
                let rules =
                    [Self.lengthRule(length, mode)] + Self.classesRule(count)
                    + Self.otherRules.filter { ["bl", "rep"].contains($0.id) }.map(\.json)
                variants.append(("min-length=\(length)&classes=\(count)", rules))
            }
        }
        var policyArguments = ["--policy", "base"]
        try addPolicy(Self.policy("base", mode, base), in: sandbox)
        for (index, variant) in variants.enumerated() {
            try addPolicy(Self.policy("v\(index)", mode, variant.rules), in: sandbox)
            policyArguments += ["--policy", "v\(index)"]
        }
        let imported = sandbox.run(["import", file] + policyArguments)
        try #require(imported.code == .success || imported.code == .findings, "\(imported.err)")
        var imports: [String: Int64] = [:]
        for (index, variant) in variants.enumerated() {
            imports[variant.setting] = try sandbox.integer(
                "SELECT s.unlocked FROM run_version_summary s JOIN v_policy_version v ON v.id = s.policy_version_id"
                    + " WHERE s.run_id = 1 AND v.reference = 'v\(index)@1'")
        }

        let sweeps: [[String]] = [
            ["min-length=1..22,40"], ["classes=0..4"], ["require=upper,digit/lower,special/letter,space/digit"],
            ["drop=len,up,dig,cls,bl,rep"], ["min-length=6,10,14", "classes=0,2,4"],
        ]
        var checked = 0
        for sweep in sweeps {
            let tuned = sandbox.run(
                ["tune", "--from", "base@1", "--run", "1", "--format", "json"] + sweep.flatMap { ["--vary", $0] })
            try #require(tuned.code == .success, "\(sweep): \(tuned.err)")
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(tuned.out.utf8)) as? [String: Any])
            let keys = try #require(json["varied"] as? [String])
            let settings = try #require(json["settings"] as? [[String: Any]])
            for setting in settings {
                let name = keys.map { key in "\(key)=\(setting[key].map { "\($0)" } ?? "?")" }.joined(separator: "&")
                let count = try #require((setting["unlocked"] as? [String: Any])?["count"] as? Int)
                let expected = try #require(imports[name], "no variant for \(name)")
                #expect(Int64(count) == expected, "\(mode.name) \(name): tune \(count), import \(expected)")
                checked += 1
            }
        }
        #expect(checked == variants.count)
        // The base as stored is the min-length=10 setting.
        let stored = try sandbox.integer(
            "SELECT s.unlocked FROM run_version_summary s JOIN v_policy_version v ON v.id = s.policy_version_id"
                + " WHERE s.run_id = 1 AND v.reference = 'base@1'")
        #expect(imports["min-length=10"] == stored)
        // The fixture separates the settings: not every count is the same.
        #expect(Set(imports.values).count > 10)
    }

    private func addPolicy(_ text: String, in sandbox: ImportSandbox) throws {
        let path = try sandbox.write("policy-\(UUID().uuidString).json", text)
        let added = sandbox.run(["policy", "add", path])
        try #require(added.code == .success, "\(added.err)\n\(text)")
    }
}
