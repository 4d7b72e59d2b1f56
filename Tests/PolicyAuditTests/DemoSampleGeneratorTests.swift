import Foundation
import PwauditTestSupport
import Testing

@testable import PolicyAudit
@testable import PolicyCSV
@testable import PolicyDemo

@Suite("DemoSampleGenerator: deterministic, realistic, round-trips through the CSV reader")
struct DemoSampleGeneratorTests {
    @Test("the same rows and seed give identical output; another seed differs")
    func deterministic() {
        let first = DemoSampleGenerator(rows: 2000, seed: 7)
        #expect(
            LineStreamByteSourceTests.csvBytes(first)
                == LineStreamByteSourceTests.csvBytes(DemoSampleGenerator(rows: 2000, seed: 7)))
        #expect(first.candidates == DemoSampleGenerator(rows: 2000, seed: 7).candidates)
        #expect(first.candidates.map(\.password) != DemoSampleGenerator(rows: 2000, seed: 8).candidates.map(\.password))
        #expect(DemoSampleGenerator(rows: 2000).candidates == DemoSampleGenerator(rows: 2000, seed: 2026).candidates)
    }

    @Test("the default seed's first rows stay the same across releases")
    func stableFirstRows() {
        let rows = DemoSampleGenerator(rows: 3).candidates
        #expect(rows.map(\.username) == ["umar893", "graceturner", "xgreen"])
        #expect(rows.map(\.category) == [.short, .passphrase, .common])
    }

    @Test("produces exactly the requested number of rows, numbered from 1", arguments: [0, 1, 17, 5000])
    func rowCount(rows: Int) {
        let candidates = DemoSampleGenerator(rows: rows).candidates
        #expect(candidates.count == rows)
        #expect(candidates.map(\.id) == Array(stride(from: 1, through: rows, by: 1)))
    }

    @Test("timestamps are ISO-8601 UTC within 2025-01-01 … 2026-11-30")
    func timestamps() throws {
        let pattern = try Regex(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"#)
        for row in DemoSampleGenerator(rows: 5000).candidates {
            #expect(row.submittedAt.wholeMatch(of: pattern) != nil)
            #expect(row.submittedAt >= "2025-01-01T00:00:00Z" && row.submittedAt <= "2026-11-30T23:59:59Z")
        }
        #expect(DemoSampleGenerator.Iterator.iso8601(secondsSinceEpoch: 1_796_083_199) == "2026-11-30T23:59:59Z")
        #expect(DemoSampleGenerator.Iterator.iso8601(secondsSinceEpoch: 1_709_210_096) == "2024-02-29T12:34:56Z")
    }

    @Test("the CSV the demo streams reads back exactly, with no rejections")
    func roundTrip() throws {
        let sample = DemoSampleGenerator(rows: 20_000, seed: 99)
        let reader = try CSVReader(source: LineStreamByteSource(demoSample: sample), chunkSize: 4096)
        let validator = try CSVRowValidator(firstLine: reader.firstLine)
        #expect(validator.header.names == ["id", "username", "email", "password", "submitted_at"])
        var rows: [CandidateRow] = []
        while let record = try reader.next() {
            switch validator.validate(record) {
            case .accepted(let row): rows.append(row)
            case .rejected(let rejection): Issue.record("rejected \(rejection)")
            }
        }
        let expected = sample.candidates.enumerated().map { index, row in
            CandidateRow(
                line: index + 2, password: row.password, username: row.username, email: row.email,
                externalID: String(row.id), submittedAt: row.submittedAt)
        }
        #expect(rows == expected)
    }

    @Test("the mix holds every kind, each looking like its kind")
    func mixHasEachCategory() {
        let rows = DemoSampleGenerator(rows: 20_000).candidates
        let byCategory = Dictionary(grouping: rows, by: \.category)
        for category in DemoCategory.allCases {
            let share = Double(byCategory[category]?.count ?? 0) / Double(rows.count)
            #expect(abs(share - Double(category.perMille) / 1000) < 0.015, "\(category) share \(share)")
        }
        let passwords = { (category: DemoCategory) in byCategory[category, default: []].map(\.password) }
        let common = Set(DemoWordLists.commonPasswords)
        #expect(passwords(.common).allSatisfy(common.contains))
        #expect(passwords(.short).allSatisfy { (1...7).contains($0.count) })
        #expect(passwords(.strong).allSatisfy { (12...24).contains($0.count) && $0.allSatisfy(\.isASCII) })
        #expect(passwords(.passphrase).allSatisfy { $0.contains(" ") || $0.contains("-") })
        #expect(passwords(.passphrase).contains { $0.count >= 15 })
        let unicode = passwords(.unicode)
        #expect(unicode.allSatisfy { !$0.allSatisfy(\.isASCII) })
        for marker in ["ñ", "п", "密", "🔑", "１", "\u{0301}"] {
            #expect(unicode.contains { $0.unicodeScalars.contains(marker.unicodeScalars.first!) }, "no \(marker)")
        }
        #expect(
            byCategory[.personal, default: []].allSatisfy { row in
                let local = String(row.email.prefix { $0 != "@" }).lowercased()
                return row.password.lowercased().hasPrefix(row.username.lowercased())
                    || row.password.lowercased().hasPrefix(local)
            })
    }

    @Test("pass rates under the three demo policies clearly differ")
    func passRatesDiffer() {
        let rows = DemoSampleGenerator(rows: 20_000).candidates
        func rate(_ passes: (DemoCandidate) -> Bool) -> Double {
            Double(rows.filter(passes).count) / Double(rows.count)
        }
        let seed = rate(DemoPolicyEstimate.seed)
        let nist = rate(DemoPolicyEstimate.nist)
        let strict = rate(DemoPolicyEstimate.strict)
        #expect((0.30...0.45).contains(seed), "seed policy \(seed)")
        #expect((0.10...0.20).contains(nist), "NIST-style \(nist)")
        #expect((0.05...0.12).contains(strict), "strict \(strict)")
    }

    @Test("printing a candidate never shows its password")
    func descriptionRedactsPassword() {
        let row = DemoCandidate(
            id: 1, username: "ann", email: "ann@example.com", password: "Tr0ub4dor&3",
            submittedAt: "2025-01-01T00:00:00Z",
            category: .mutated)
        var dumped = ""
        dump(row, to: &dumped)
        #expect(
            !row.description.contains("Tr0ub4dor") && !dumped.contains("Tr0ub4dor") && !"\(row)".contains("Tr0ub4dor"))
    }
}
