import Foundation
import PasswordPolicy
import PwauditTestSupport
import Testing

/// The scoring loop's fast paths (rules read from the scan's counts without a check, the context rule's ASCII value
/// beside a non-ASCII password, the normalizer's quick check) give the verdicts of the full checks: over the bench
/// corpus, every candidate's mask from the byte API equals the rules `evaluate(_:)` fails, which runs every rule's
/// full check, for the bench's policy under each normalization.
@Suite struct FastPathDifferentialTests {
    static let policies = ["nfkc", "nfc", "none"].map { form in
        try! CompiledPolicy(
            PasswordPolicy(
                json: Data(
                    """
                    {"name":"bench-\(form)","normalization":"\(form)","rules":[
                      {"rule":"length","min":12,"max":64},{"rule":"require","class":"upper"},
                      {"rule":"require","class":"lower"},{"rule":"require","class":"digit"},
                      {"rule":"require","class":"special"},{"rule":"max-repeat","max":2},
                      {"rule":"require","class":"letter","min":8},
                      {"rule":"max-sequence","max":3},{"rule":"classes","min":3},
                      {"rule":"blocklist","lists":["builtin:common"]},
                      {"rule":"context","fields":["username","email"],"min-token":4}
                    ]}
                    """.utf8)))
    }

    @Test(
        "over the bench corpus, the byte API's masks are the rules evaluate fails, under NFKC, NFC and none",
        .enabled(if: SharedBench.isAvailable, "needs the shared bench kit and python3"))
    func corpusMasksEqualFullChecks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("corpus.csv").path
        _ = try SharedBench.generate(["--rows", "100000", "--seed", "7"], output: csv)
        let records = CSVRecords.parse(try String(contentsOfFile: csv, encoding: .utf8)).dropFirst()
        let set = CompiledPolicySet(Self.policies)
        var masks = [UInt64](repeating: 0, count: Self.policies.count)
        var (rows, nonASCII, failing, wrong) = (0, 0, 0, 0)
        for record in records where record.count == 5 && !record[3].isEmpty {
            let candidate = Candidate(password: record[3], username: record[1], email: record[2])
            rows += 1
            if !candidate.password.utf8.allSatisfy({ $0 < 0x80 }) { nonASCII += 1 }
            let password = Array(candidate.password.utf8)
            let username = Array(record[1].utf8)
            let email = Array(record[2].utf8)
            password.withUnsafeBufferPointer { password in
                username.withUnsafeBufferPointer { username in
                    email.withUnsafeBufferPointer { email in
                        masks.withUnsafeMutableBufferPointer {
                            set.failureMasks(password: password, username: username, email: email, into: $0)
                        }
                    }
                }
            }
            for (index, policy) in Self.policies.enumerated() {
                var full: UInt64 = 0
                for (bit, outcome) in policy.evaluate(candidate).outcomes.enumerated() where !outcome.passed {
                    full |= 1 << UInt64(bit)
                }
                if full != 0 { failing += 1 }
                if full != masks[index] { wrong += 1 }
            }
        }
        #expect(rows > 99_000)
        #expect(nonASCII > 2_000, "the corpus has non-ASCII passwords")
        #expect(failing > rows, "the rules fail often")
        #expect(wrong == 0)
    }
}
