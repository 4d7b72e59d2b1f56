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
    /// The policy the Apple password rules `argument` gives describe, named `name`, with warnings for what Apple's
    /// parser ignores: the text of the file at `path` (`argument` resolved) when one is there, else `argument` itself.
    ///
    /// What would store an allow-everything policy by mistake is refused: an empty argument or file, an argument that
    /// names no file and of which Apple's parser keeps no rule (a mistyped file name is such a string), and a file of
    /// which it keeps no rule.
    /// - Throws: `PolicyConversionError.emptyPasswordRules`, `.noPasswordRules`, `.everyPasswordRuleDiscarded`;
    ///   `PolicyFileError` for a file that cannot be read or a result that is not a valid policy.
    package static func importPasswordRules(argument: String, path: String, name: String) throws -> (
        policy: PasswordPolicy, warnings: [String]
    ) {
        let isFile = !argument.isEmpty && FileManager.default.fileExists(atPath: path)
        let text = isFile ? String(decoding: try PolicyFileLoader.contents(of: path), as: UTF8.self) : argument
        if text.allSatisfy(\.isWhitespace) {
            throw PolicyConversionError.emptyPasswordRules(file: isFile ? argument : nil)
        }
        var (descriptor, warnings, kept) = PasswordRulesParser.parseCountingKept(text)
        guard kept > 0 else {
            throw isFile
                ? PolicyConversionError.everyPasswordRuleDiscarded(file: argument, reasons: warnings)
                : PolicyConversionError.noPasswordRules(argument: argument, reasons: warnings)
        }
        do {
            let policy = try PasswordRulesImporter.policy(from: descriptor, name: name, warnings: &warnings)
            return (policy, warnings)
        } catch {
            throw PolicyFileError.invalid(path: isFile ? argument : "passwordrules", error: error)
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
