import Foundation
import PasswordPolicy

/// The settings `peer_pwquality.py` gives libpwquality (minlen=12, every credit -1, maxrepeat=2, usercheck=1,
/// dictcheck=0) as the policy `pwaudit policy add --format pwquality` makes of them, in compat mode.
let compatPolicyJSON = """
    {"name":"bench-compat","evaluation":"pwquality","normalization":"none","rules":[
      {"rule":"length","min":12},
      {"rule":"require","class":"digit"},
      {"rule":"require","class":"upper"},
      {"rule":"require","class":"lower"},
      {"rule":"require","class":"special"},
      {"rule":"max-repeat","max":2},
      {"rule":"palindrome"},
      {"rule":"context","fields":["username"],"min-token":4}
    ]}
    """

/// `pwaudit-bench --pwquality CORPUS.nul`: compat mode on one core (one thread), scoring the candidates' bytes as
/// `pwaudit import` does (`CompiledPolicySet`'s byte API), to set against libpwquality's Python binding, which also
/// runs on one core.
func runCompatBench(_ path: String) {
    let compiled: CompiledPolicy
    do {
        compiled = try CompiledPolicy(PasswordPolicy(json: Data(compatPolicyJSON.utf8)))
    } catch {
        fail("compat policy: \(error)")
    }
    // The bytes as `pwaudit import` scores them: UTF-8 fields of one buffer, through the batch API.
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    let bytes = [UInt8](data)
    var fields: [Range<Int>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == 0 {
        fields.append(start..<index)
        start = index + 1
    }
    let rows = fields.count / 2
    guard rows > 0 else { fail("no records in \(path)") }
    let set = CompiledPolicySet([compiled])
    var passed = 0
    var mask: UInt64 = 0
    let cpuStart = threadCPUSeconds()
    let wall = seconds {
        bytes.withUnsafeBufferPointer { buffer in
            withUnsafeMutablePointer(to: &mask) { mask in
                let masks = UnsafeMutableBufferPointer(start: mask, count: 1)
                for row in 0..<rows {
                    let username = UnsafeBufferPointer(rebasing: buffer[fields[2 * row]])
                    let password = UnsafeBufferPointer(rebasing: buffer[fields[2 * row + 1]])
                    set.failureMasks(password: password, username: username, email: nil, into: masks)
                    if masks[0] == 0 { passed += 1 }
                }
            }
        }
    }
    let cpu = threadCPUSeconds() - cpuStart
    print("policy: pwquality compat mode (minlen=12, d/u/l/ocredit=-1, maxrepeat=2, usercheck=1, dictcheck=0)")
    print(
        String(
            format: "RESULT peer=pwaudit_compat rows=%d seconds=%.3f rows_per_s=%.0f cpu_rows_per_s=%.0f pass=%d",
            rows, wall, Double(rows) / wall, Double(rows) / cpu, passed))
}
