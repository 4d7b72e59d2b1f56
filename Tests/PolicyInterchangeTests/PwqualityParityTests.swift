import Foundation
import PasswordPolicy
import PwauditTestSupport
import Testing

@testable import PolicyInterchange

/// Compat mode's verdicts equal libpwquality's (python3-pwquality) on 100,000 generated candidates per conf file,
/// non-ASCII ones included.
@Suite(
    .enabled(
        if: PwqualityPeer.isAvailable && SharedBench.isAvailable,
        "needs python3-pwquality (apt-get install python3-pwquality) and the shared corpus generator"))
struct PwqualityParityTests {
    static let confs: [(name: String, text: String)] = [
        ("positive-credits", "minlen = 12\ndcredit = 2\nucredit = 1\nlcredit 1\nocredit=2\ndictcheck = 0\n"),
        (
            "minclass-maxsequence",
            "minlen=8\nminclass=3\nmaxsequence = 3\nmaxrepeat=2\nmaxclassrepeat=4\ndictcheck=0\nusercheck=0\n"
        ),
        (
            "usercheck-badwords",
            "minlen 10\nusercheck=1\nusersubstr=4\nbadwords = password acme Qwerty admin letmein dragon ab\n"
                + "dcredit=-1 # at least one digit\nDICTCHECK 0\n"
        ),
    ]

    @Test(arguments: confs.map(\.name))
    func compatModeAgreesWithLibpwqualityOnEveryCandidate(_ name: String) throws {
        let directory = try TemporaryDirectory(prefix: "pwaudit-parity")
        let conf = try directory.write("pwquality.conf", try #require(Self.confs.first { $0.name == name }).text)
        let csv = directory.path("corpus.csv")
        _ = try SharedBench.generate(["--rows", "100000", "--seed", "13"], output: csv)
        let pairsPath = directory.path("pairs.bin")
        let written = Int(
            try PwqualityPeer.run(PwqualityPeer.converter, [csv, pairsPath]).trimmingCharacters(
                in: .whitespacesAndNewlines))
        let verdicts = try PwqualityPeer.run(PwqualityPeer.checker, [conf], input: pairsPath).split(separator: "\n")

        let bytes = try #require(FileManager.default.contents(atPath: pairsPath))
        let fields = [UInt8](bytes).split(separator: 0, omittingEmptySubsequences: false)
        let policy = try PwqualityImporter.policy(
            fromConf: Array(try #require(FileManager.default.contents(atPath: conf))), name: name
        ).policy
        let compiled = try CompiledPolicy(policy)
        try #require(verdicts.count == written && written ?? 0 >= 99_000)
        var agree = 0
        var nonASCII = 0
        var disagreements: [String] = []
        for index in 0..<verdicts.count {
            let password = String(decoding: fields[2 * index], as: UTF8.self)
            let user = String(decoding: fields[2 * index + 1], as: UTF8.self)
            if password.utf8.contains(where: { $0 >= 0x80 }) { nonASCII += 1 }
            let passes = compiled.failureMask(Candidate(password: password, username: user.isEmpty ? nil : user))
                .isEmpty
            if passes == (verdicts[index] == "0") {
                agree += 1
            } else if disagreements.count < 5 {
                disagreements.append("candidate \(index): libpwquality \(verdicts[index])")
            }
        }
        let passed = verdicts.filter { $0 == "0" }.count
        print("parity \(name): \(agree)/\(verdicts.count) verdicts agree (\(passed) pass; \(nonASCII) non-ASCII)")
        #expect(nonASCII > 0)
        #expect(passed > 0 && passed < verdicts.count)
        #expect(agree == verdicts.count, "\(disagreements)")
    }
}
