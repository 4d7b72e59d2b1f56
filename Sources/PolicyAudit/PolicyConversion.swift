import Foundation
import PasswordPolicy
import PolicyInterchange

/// The formats a policy is read from and written to (`policy add --format`, `policy export --format`).
package enum PolicyFormat: String, CaseIterable, Sendable {
    /// pwaudit's own policy JSON (docs/policy-format.md).
    case json
    /// Apple's password rules (`passwordrules`, `UITextInputPasswordRules`).
    case passwordrules
    /// libpwquality's `pwquality.conf`.
    case pwquality
}

/// Converts policies between pwaudit JSON and other systems' formats; the stored definition is always pwaudit JSON.
package enum PolicyConversion {
    /// The policy Apple password rules `text` describe, named `name`, with warnings for what Apple's parser ignores.
    /// - Throws: `PolicyFileError.invalid` (source "passwordrules") when the result is not a valid policy.
    package static func importPasswordRules(_ text: String, name: String, source: String) throws -> (
        policy: PasswordPolicy, warnings: [String]
    ) {
        do {
            return try PasswordRulesImporter.policy(from: text, name: name)
        } catch {
            throw PolicyFileError.invalid(path: source, error: error)
        }
    }

    /// The policy the `pwquality.conf` at `path` (absolute) sets, named `name`, with warnings.
    /// - Throws: `PolicyFileError` for an unreadable file or an invalid result, `PolicyConversionError.invalidConf`
    ///   for a file libpwquality refuses.
    package static func importPwqualityConf(path: String, name: String) throws -> (
        policy: PasswordPolicy, warnings: [String]
    ) {
        let bytes = [UInt8](try PolicyFileLoader.contents(of: path))
        do {
            return try PwqualityImporter.policy(fromConf: bytes, name: name)
        } catch let error as InterchangeError {
            throw PolicyConversionError.invalidConf(path: path, error: error)
        } catch let error as PolicyError {
            throw PolicyFileError.invalid(path: path, error: error)
        }
    }

    /// `policy` written as `format`, with a note for each rule (or part) the format leaves out.
    ///
    /// - Parameter lossy: For `passwordrules`, leave out what it cannot express instead of refusing.
    /// - Throws: `PolicyConversionError.unexpressible` for `passwordrules` with such rules and `lossy` false.
    package static func export(
        _ policy: PasswordPolicy, definition: String, as format: PolicyFormat, lossy: Bool
    ) throws(PolicyConversionError) -> (text: String, notes: [String]) {
        switch format {
        case .json:
            return (definition + "\n", [])
        case .passwordrules:
            let export = policy.passwordRules()
            var left: [String] = []  // one entry per rule, even when several of its parts are left out
            for rule in export.unexpressed where !left.contains("\(rule.ruleID) (\(rule.rule))") {
                left.append("\(rule.ruleID) (\(rule.rule))")
            }
            if !lossy, !left.isEmpty { throw .unexpressible(format: "passwordrules", rules: left) }
            return (export.descriptor + "\n", export.unexpressed.map(note))
        case .pwquality:
            let conf = PwqualityConfExporter.conf(for: policy)
            return (conf.text, conf.unexpressed.map(note))
        }
    }

    private static func note(_ rule: UnexpressedRule) -> String {
        "left out rule \(rule.ruleID) (\(rule.rule)): \(rule.reason)"
    }
}
