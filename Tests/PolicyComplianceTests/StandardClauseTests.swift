import Foundation
import PasswordPolicy
import Testing

@testable import PolicyCompliance

/// For each standard: a policy that meets every required clause, and a policy failing each clause in turn.
@Suite("Standards clause by clause")
struct StandardClauseTests {
    private static func standard(_ id: String) throws -> ComplianceStandard {
        try #require(ComplianceCatalog.standard(id: id))
    }

    /// The checks a policy can fail (the others always pass or need evidence or a declared attribute).
    private static func canFail(_ check: ClauseCheck) -> Bool {
        switch check {
        case .evidence, .strengthGuidance, .lengthInCodePoints, .noTruncation, .lockoutConfigured,
            .maxAgeWhenSoleFactor:
            false
        default: true
        }
    }

    @Test("every standard of the issue is in the catalog, clause ids unique")
    func catalog() {
        let ids = ComplianceCatalog.standards.map(\.id)
        #expect(
            ids == [
                "nist-800-63b-4", "nist-800-63b-3", "owasp-asvs-5.0", "owasp-asvs-4.0.3", "pci-dss-4.0.1",
                "cis-password-2021", "microsoft-2024", "ncsc", "bsi-orp4",
            ])
        let clauses = ComplianceCatalog.standards.flatMap(\.clauses).map(\.id)
        #expect(Set(clauses).count == clauses.count)
        for conflict in ComplianceCatalog.conflicts {
            #expect(Set(conflict.sideA + conflict.sideB).isSubset(of: Set(clauses)), "\(conflict.id)")
        }
    }

    @Test("the compliant policy passes every required clause a policy can show", arguments: CompliancePolicies.cases)
    func compliant(_ testCase: CompliancePolicies.Case) throws {
        let result = ComplianceEvaluator.evaluate(
            try testCase.compliant(), against: try Self.standard(testCase.standard))
        for finding in result.findings where finding.severity == .required {
            #expect([.pass, .notApplicable, .needsEvidence].contains(finding.verdict), "\(finding.clause): \(finding)")
        }
        #expect(result.status != .fails)
        for finding in result.findings where finding.severity == .recommended {
            #expect(finding.verdict != .fail, "\(finding.clause) (recommended) fails the compliant policy")
        }
    }

    @Test(
        "each failing policy fails its clause, and the standard turns red when the clause is required",
        arguments: CompliancePolicies.cases)
    func failing(_ testCase: CompliancePolicies.Case) throws {
        let standard = try Self.standard(testCase.standard)
        for (clause, makePolicy) in testCase.failing {
            let result = ComplianceEvaluator.evaluate(try makePolicy(), against: standard)
            let finding = try #require(result.findings.first { $0.clause == clause }, "\(clause)")
            #expect(finding.verdict == .fail, "\(clause): \(finding)")
            if finding.severity == .required { #expect(result.status == .fails, "\(clause)") }
            let compliant = ComplianceEvaluator.evaluate(try testCase.compliant(), against: standard)
            #expect(
                compliant.findings.first { $0.clause == clause }?.verdict != .fail, "\(clause) in the compliant one")
        }
    }

    @Test(
        "every clause a policy can fail, required or recommended, has a failing case",
        arguments: CompliancePolicies.cases)
    func coverage(_ testCase: CompliancePolicies.Case) throws {
        let standard = try Self.standard(testCase.standard)
        let failable = standard.clauses.filter { Self.canFail($0.check) && $0.severity != .informational }
        #expect(!failable.isEmpty)
        let covered = Set(testCase.failing.map(\.clause))
        for clause in failable { #expect(covered.contains(clause.id), "\(clause.id) has no failing policy") }
    }
}
