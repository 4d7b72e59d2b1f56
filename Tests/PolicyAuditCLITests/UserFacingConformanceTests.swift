import Foundation
import PwauditTestSupport
import Testing

/// Issue 11, item 5: no error type in `Sources/` can reach the command line without its own exit code and message,
/// because every one conforms to `UserFacingError` (the compiler then demands both, switch by switch).
@Suite("Every error type is a UserFacingError")
struct UserFacingConformanceTests {
    /// Error types that never leave their module: the engine turns a `PatternError` into a `PolicyError`, BreachCorpus a
    /// line's `Problem` into a `CorpusError`, the policy loader a `GzipDecoder.Failure` into a `PolicyFileError`.
    static let internalOnly: Set<String> = ["PatternError", "Problem", "Failure"]

    static let sources = SourceTree.root.appendingPathComponent("Sources")

    /// Every Swift file under `Sources/`, as text.
    static func sourceTexts() throws -> [String] {
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        return try files.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map {
            try String(contentsOf: $0, encoding: .utf8)
        }
    }

    /// The names of the types whose declaration (`…: A, B {`) or extension lists `conformance` among what they
    /// inherit.
    static func types(_ kind: String, conformingTo conformance: String, in texts: [String]) throws -> Set<String> {
        let regex = try NSRegularExpression(pattern: #"\b\#(kind)\s+(\w+)\s*:\s*([^{]*)\{"#)
        var names: Set<String> = []
        for text in texts {
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let name = Range(match.range(at: 1), in: text), let list = Range(match.range(at: 2), in: text)
                else { continue }
                let inherited = text[list].split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                if inherited.contains(conformance) { names.insert(String(text[name])) }
            }
        }
        return names
    }

    @Test("each type declared ': Error' has a UserFacingError conformance, and the engine's is outside the engine")
    func everyErrorConforms() throws {
        let texts = try Self.sourceTexts()
        var plainErrors: Set<String> = []
        var userFacing: Set<String> = []
        for kind in ["enum", "struct", "class"] {
            plainErrors.formUnion(try Self.types(kind, conformingTo: "Error", in: texts))
            userFacing.formUnion(try Self.types(kind, conformingTo: "UserFacingError", in: texts))
        }
        userFacing.formUnion(try Self.types("extension", conformingTo: "UserFacingError", in: texts))
        #expect(userFacing.count >= 16, "\(userFacing.sorted())")  // the scan found the error types
        #expect(plainErrors.subtracting(userFacing).subtracting(Self.internalOnly).isEmpty)
        #expect(plainErrors.contains("PolicyError") && userFacing.contains("PolicyError"))
    }

    @Test("no conformance falls back on a default: case")
    func noDefault() throws {
        for text in try Self.sourceTexts() where text.contains("UserFacingError") {
            let exitCode = text.components(separatedBy: "var exitCode: ExitCode").dropFirst().first ?? ""
            let body = exitCode.components(separatedBy: "\n    }\n").first ?? ""
            #expect(!body.contains("default:"), "\(body)")
        }
    }
}
