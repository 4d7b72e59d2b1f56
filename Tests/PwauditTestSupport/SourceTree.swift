import Foundation

/// The repository checkout the tests were built from.
package enum SourceTree {
    /// The checkout's root: this file is `<root>/Tests/PwauditTestSupport/SourceTree.swift`.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `relativePath` under the root.
    package static func path(_ relativePath: String) -> String { root.appendingPathComponent(relativePath).path }

    /// The repository's `examples/NAME`.
    package static func example(_ name: String) -> String { path("examples/\(name)") }

    /// The number of `case` declarations of the enum in the file at `relativePath` (4-space indented: not a
    /// `switch`'s), for tests that check an error table covers every case.
    package static func caseDeclarationCount(in relativePath: String) throws -> Int {
        let text = try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("    case ") }.count
    }
}
