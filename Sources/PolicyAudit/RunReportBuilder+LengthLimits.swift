import AuditRepositories
import Foundation
import PolicyReports

extension RunReportBuilder {
    /// The lengths a version's `length` rules allow, read from each stored rule's canonical JSON (`min`, `max`); nil
    /// when it has none.
    static func lengthLimits(_ rules: [PolicyRuleRow]) -> LengthLimits? {
        LengthLimits.combined(
            rules.filter { $0.kind == "length" }.compactMap { rule in
                guard
                    let object = try? JSONSerialization.jsonObject(with: Data(rule.definition.utf8)) as? [String: Any],
                    let min = object["min"] as? Int
                else { return nil }
                return LengthLimits(min: min, max: object["max"] as? Int)
            })
    }
}
