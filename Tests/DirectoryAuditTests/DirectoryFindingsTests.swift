import AuditCrypto
import Foundation
import PwauditTestSupport
import Testing

@testable import DirectoryAudit

/// A generated extract and potfile: the findings' counts equal those counted here from the plaintexts themselves.
@Suite("Directory findings count what the generated extract holds")
struct DirectoryFindingsTests {
    /// One generated account: its name, its password, whether an LM hash is stored, its privileged group.
    struct Generated {
        var name: String
        var password: String
        var lm: Bool
        var group: String?
    }

    /// A deterministic sample: shared passwords, empty ones, names in passwords, non-ASCII ones, LM hashes.
    static func sample(count: Int) -> [Generated] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let common = ["Winter2024!", "Passw0rd", "Welcome1", "Зима2024", "ünïcødé-Paß"]
        return (0..<count).map { index in
            let name = "user\(index)"
            let password: String
            switch next() % 10 {
            case 0: password = common[Int(next() % UInt64(common.count))]
            case 1: password = ""
            case 2: password = "\(name)!2024"
            case 3: password = name.uppercased()
            default: password = "unique-\(index)-\(next() % 1_000_000)"
            }
            return Generated(
                name: name, password: password, lm: next() % 7 == 0, group: next() % 13 == 0 ? "Domain Admins" : nil)
        }
    }

    static func hex(_ password: String) -> String { Hex.encode(NTLMHash.digest(password)) }

    @Test("cracked, empty, LM, shared, breached and name-in-password counts")
    func counts() throws {
        let sample = Self.sample(count: 2_000)
        // The extract: every account, plus lines counted apart.
        var extract = "[*] Dumping Domain Credentials (domain\\uid:rid:lmhash:nthash)\n"
        for (index, account) in sample.enumerated() {
            let lm = account.lm ? "e52cac67419a9a224a3b108f3fa6cb6d" : "aad3b435b51404eeaad3b435b51404ee"
            extract += "CORP\\\(account.name):\(1000 + index):\(lm):\(Self.hex(account.password)):::\n"
            if index % 100 == 0 {
                extract += "CORP\\\(account.name)_history0:\(1000 + index):\(lm):\(Self.hex("old\(index)")):::\n"
            }
        }
        extract += "CORP\\HOST$:5000:aad3b435b51404eeaad3b435b51404ee:\(Self.hex("machine")):::\n"
        // The potfile cracks every other distinct non-empty password, some written as $HEX[…].
        let distinct = Array(Set(sample.map(\.password).filter { !$0.isEmpty })).sorted()
        let cracked = Set(distinct.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
        var potfile = ""
        for (index, password) in cracked.sorted().enumerated() {
            let plain = index % 5 == 0 ? "$HEX[\(Hex.encode(Array(password.utf8)))]" : password
            potfile += "\(Self.hex(password)):\(plain)\n"
        }
        // The breach corpus: a third of the distinct passwords, the empty one included.
        let breached = Set(distinct.enumerated().filter { $0.offset % 3 == 0 }.map(\.element) + [""])
        let corpus = Dictionary(uniqueKeysWithValues: breached.map { (NTDigest(bytes: NTLMHash.digest($0))!, 42) })
        let groups = GroupMembership(
            members: sample.compactMap { account in account.group.map { ($0, "corp\\\(account.name.uppercased())") } })

        let reading = ExtractParser().parse(text: extract)
        #expect(reading.malformed == [])
        #expect(reading.historyLines == 20)
        #expect(reading.machineAccounts == 1)
        let assessments = try DirectoryFindings.assess(
            reading.accounts, potfile: Potfile(text: potfile), groups: groups,
            breachCounts: { $0.map { corpus[$0] ?? 0 } })
        let counts = DirectoryCounts(assessments)

        // Counted independently, from the plaintexts.
        let uses = Dictionary(sample.map { ($0.password, 1) }, uniquingKeysWith: +)
        let isCracked = { (account: Generated) in account.password.isEmpty || cracked.contains(account.password) }
        #expect(counts.accounts == sample.count)
        #expect(counts.cracked == sample.filter(isCracked).count)
        #expect(counts.emptyPassword == sample.filter { $0.password.isEmpty }.count)
        #expect(counts.lmHash == sample.filter(\.lm).count)
        #expect(counts.sharedHash == sample.filter { uses[$0.password]! > 1 }.count)
        #expect(counts.breached == sample.filter { breached.contains($0.password) }.count)
        #expect(counts.breachBuckets == [0, 0, counts.breached, 0, 0])
        let nameIn = sample.filter { account in
            isCracked(account) && account.password.lowercased().contains(account.name.lowercased())
        }
        #expect(counts.usernameInPassword == nameIn.count)
        #expect(counts.privileged == sample.filter { $0.group != nil }.count)
        #expect(counts.privilegedCracked == sample.filter { $0.group != nil && isCracked($0) }.count)
        var groupSizes: [Int: Int] = [:]
        for (_, used) in uses where used > 1 { groupSizes[used, default: 0] += 1 }
        #expect(counts.reuseGroupsBySize == groupSizes)
        let mixed = Set(
            uses.keys.filter { password in
                let holders = sample.filter { $0.password == password }
                return holders.contains { $0.group != nil } && holders.contains { $0.group == nil }
            })
        #expect(
            counts.privilegedSharingWithOrdinary
                == sample.filter { $0.group != nil && mixed.contains($0.password) }.count)
        var lengths: [Int: Int] = [:]
        for account in sample where isCracked(account) && !account.password.isEmpty {
            lengths[account.password.unicodeScalars.count, default: 0] += 1
        }
        #expect(counts.crackedLengths == lengths)
        // Sanity: the sample exercises every finding.
        #expect(counts.cracked > 0 && counts.emptyPassword > 0 && counts.sharedHash > 0 && counts.breached > 0)
        #expect(counts.usernameInPassword > 0 && counts.privilegedSharingWithOrdinary > 0 && counts.lmHash > 0)
    }

    @Test(
        "the name in the password",
        arguments: [
            ("alice", "alice", UsernameMatch.equal), ("Alice", "ALICE", .equal), ("bob", "xBob2024", .contained),
            ("al", "al2024", .none), ("carol", "c4rol", .none),
        ])
    func nameInPassword(username: String, password: String, expected: UsernameMatch) {
        #expect(AccountAssessment.usernameMatch(password: password, username: username) == expected)
    }

    @Test("a groups file of GROUP:user lines and a directory of files named after groups")
    func groupFiles() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("groups.txt")
        try "# comment\nDomain Admins:CORP\\Alice\nEnterprise Admins:alice\nno colon here\n\nBackup:bob\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let folder = directory.path("groups")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "CORP\\carol\r\nalice\n".write(toFile: folder + "/Schema Admins.txt", atomically: true, encoding: .utf8)
        let groups = try GroupMembership(paths: [file, folder])
        #expect(groups.groups(of: "ALICE") == ["Domain Admins", "Enterprise Admins", "Schema Admins"])
        #expect(groups.groups(of: "other\\carol") == ["Schema Admins"])
        #expect(groups.groups(of: "dave") == [])
        #expect(groups.malformed.map(\.line) == [4])
        #expect(throws: DirectoryAuditError.self) { try GroupMembership(paths: [directory.path("missing")]) }
    }
}
