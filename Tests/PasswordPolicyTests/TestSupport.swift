import Foundation
import Testing

@testable import PasswordPolicy

/// Compiles a policy made of one rule written as JSON.
func compile(rule: String, normalization: String = "nfkc") throws -> CompiledPolicy {
    try compile(#"{"name":"t","normalization":"\#(normalization)","rules":[\#(rule)]}"#)
}

/// Compiles a whole policy written as JSON.
func compile(_ json: String) throws -> CompiledPolicy {
    try CompiledPolicy(PasswordPolicy(json: Data(json.utf8)))
}

/// Parses a policy, returning the error it throws (or nil).
func parseError(_ json: String) -> PolicyError? {
    do {
        _ = try PasswordPolicy(json: Data(json.utf8))
        return nil
    } catch {
        return error
    }
}

/// The code of the only rule of `policy` for `password`.
func code(_ policy: CompiledPolicy, _ password: String, username: String? = nil, email: String? = nil) -> String {
    policy.evaluate(Candidate(password: password, username: username, email: email)).outcomes[0].code
}

let seedPolicyJSON = """
    {"name":"seed","rules":[{"rule":"length","min":8},{"rule":"require","class":"upper"},
    {"rule":"require","class":"digit"},{"rule":"require","class":"special"}]}
    """
