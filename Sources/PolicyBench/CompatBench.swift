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

/// `pwaudit-bench --pwquality CORPUS.nul`: compat mode on one core (one thread), to set against libpwquality's
/// Python binding, which also runs on one core.
func runCompatBench(_ path: String) {
    let compiled: CompiledPolicy
    do {
        compiled = try CompiledPolicy(PasswordPolicy(json: Data(compatPolicyJSON.utf8)))
    } catch {
        fail("compat policy: \(error)")
    }
    let candidates = loadCandidates(path)
    guard !candidates.isEmpty else { fail("no records in \(path)") }
    var passed = 0
    let cpuStart = threadCPUSeconds()
    let wall = seconds {
        for candidate in candidates where compiled.failureMask(candidate).isEmpty { passed += 1 }
    }
    let cpu = threadCPUSeconds() - cpuStart
    print("policy: pwquality compat mode (minlen=12, d/u/l/ocredit=-1, maxrepeat=2, usercheck=1, dictcheck=0)")
    print(
        String(
            format: "RESULT peer=pwaudit_compat rows=%d seconds=%.3f rows_per_s=%.0f cpu_rows_per_s=%.0f pass=%d",
            candidates.count, wall, Double(candidates.count) / wall, Double(candidates.count) / cpu, passed))
}
