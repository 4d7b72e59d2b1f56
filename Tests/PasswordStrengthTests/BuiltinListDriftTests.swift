import Foundation
import Testing

@testable import PasswordStrength

/// Issue 23, item 5: the built-in blocklists' words (`CommonPasswords`, the head of the embedded `passwords` list) are
/// the head of PyPI zxcvbn 4.5.0's list, as `scripts/zxcvbn-top-passwords.py` prints it.
struct BuiltinListDriftTests {
    @Test(.enabled(if: ZxcvbnOracle.python != nil, .init(rawValue: ZxcvbnOracle.unavailable)))
    func topTenThousandIsThePackagesHead() throws {
        let printed = try ZxcvbnOracle.run(script: "zxcvbn-top-passwords.py", ["10000"])
        let words = String(decoding: printed, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(words.count == 10_000)
        #expect(CommonPasswords.top(10_000) == words)
    }

    @Test func topIsAHeadOfTheRankedList() {
        let all = EmbeddedFrequencyLists.passwords.split(separator: "\n").map(String.init)
        #expect(CommonPasswords.top(10_000) == Array(all.prefix(10_000)))
        #expect(CommonPasswords.top(500) == Array(all.prefix(500)))
        #expect(CommonPasswords.top(40_000).count == all.count)
    }
}
