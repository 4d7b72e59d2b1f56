import Foundation
import Testing

@testable import PasswordPolicy

@Suite("Example policies")
struct ExamplePolicyTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples").standardized

    @Test("examples/*.json parse and compile", arguments: ["seed", "nist"])
    func parses(name: String) throws {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("\(name).json"))
        let policy = try PasswordPolicy(json: data)
        #expect(policy.name == name)
        _ = try CompiledPolicy(policy)
    }

    @Test("the nist example accepts a long Unicode passphrase and rejects the user's name")
    func nist() throws {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("nist.json"))
        let policy = try CompiledPolicy(PasswordPolicy(json: data))
        #expect(policy.evaluate(Candidate(password: "grüne äpfel 🍏 unter dem baum", username: "anna")).unlocksReset)
        #expect(
            policy.evaluate(Candidate(password: "anna-loves-long-walks", username: "anna")).failingCodes
                == ["context.contains-username"])
    }
}
