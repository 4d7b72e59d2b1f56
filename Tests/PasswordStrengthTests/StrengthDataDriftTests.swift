import Foundation
import PwauditTestSupport
import Testing

@testable import PasswordStrength

/// `Sources/PasswordStrength/EmbeddedData/` is what `scripts/embed-strength-data.py` makes of PyPI zxcvbn 4.5.0,
/// byte for byte, and the tables built from it give each word its line number as rank.
struct StrengthDataDriftTests {
    @Test(.enabled(if: ZxcvbnOracle.python != nil, .init(rawValue: ZxcvbnOracle.unavailable)))
    func embeddedDataIsWhatTheScriptProduces() throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-strength-data")
        _ = try ZxcvbnOracle.run(script: "embed-strength-data.py", [directory.url.path])
        let embedded = SourceTree.path("Sources/PasswordStrength/EmbeddedData")
        let produced = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        let present = try FileManager.default.contentsOfDirectory(atPath: embedded).sorted()
        #expect(produced == present, "rerun scripts/embed-strength-data.py")
        for name in produced {
            let expected = FileManager.default.contents(atPath: directory.path(name))
            let actual = FileManager.default.contents(atPath: embedded + "/" + name)
            #expect(
                expected == actual, "\(name) differs from the script's output: rerun scripts/embed-strength-data.py")
        }
    }

    @Test func everyListedWordHasItsLineNumberAsRank() throws {
        let table = RankedWordTable.embedded
        #expect(
            table.names == [
                "passwords", "english_wikipedia", "female_names", "surnames", "us_tv_and_film", "male_names",
            ])
        for (list, (_, words)) in EmbeddedFrequencyLists.all.enumerated() {
            for (line, word) in words.split(separator: "\n").enumerated() {
                let entry = try #require(table.entry(of: word.utf8))
                #expect(table.rank(entry: entry, list: list) == line + 1)
            }
        }
        #expect(table.maximumWordLength == 23)
    }

    @Test func graphsHaveZxcvbnsShape() {
        #expect(AdjacencyGraph.all.map(\.name) == ["qwerty", "dvorak", "keypad", "mac_keypad"])
        #expect(AdjacencyGraph.all.map(\.keyCount) == [94, 94, 15, 16])
        #expect(AdjacencyGraph.keyboard.keys == 94)
        #expect(AdjacencyGraph.keypad.keys == 15)
        // qwerty's "q": [None, "1!", "2@", "wW", "aA", None].
        let q = AdjacencyGraph.all[0].neighbours["q"]?.map { ScalarText.string($0) }
        #expect(q == ["", "1!", "2@", "wW", "aA", ""])
    }
}
