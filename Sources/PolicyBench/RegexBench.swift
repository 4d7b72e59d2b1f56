// pwaudit-bench --regex: catastrophic-backtracking patterns against 1 KiB adversarial passwords (bench/regex.sh).
import Dispatch
import Foundation
import PasswordPolicy

/// One bench case: a classic ReDoS pattern and the 1 KiB password that makes a backtracker explode.
struct RegexCase {
    let pattern: String
    let input: String
    let inputLabel: String
}

let kib = 1024
let regexCases: [RegexCase] = {
    let a = String(repeating: "a", count: kib)
    let aBang = String(repeating: "a", count: kib - 1) + "!"
    func c(_ pattern: String, _ input: String, _ label: String) -> RegexCase {
        RegexCase(pattern: pattern, input: input, inputLabel: label)
    }
    return [
        c("(a+)+$", aBang, "a×1023 !"),
        c("(a|a)*b", a, "a×1024"),
        c("(.*a){12}", String(repeating: "a", count: 11) + String(repeating: "x", count: kib - 11), "a×11 x×1013"),
        c("(a*)*b", a, "a×1024"),
        c("(a|aa)+$", aBang, "a×1023 !"),
        c("(x+x+)+y", String(repeating: "x", count: kib), "x×1024"),
        c("^(\\w+\\s?)*$", aBang, "a×1023 !"),
        c("(.*){1,32000}[bc]", a, "a×1024"),
        c("([a-zA-Z]+)*$", String(repeating: "a", count: kib - 1) + "1", "a×1023 1"),
        c("(a|b|ab)*c", String(repeating: "ab", count: kib / 2), "ab×512"),
        c("((a+)+)+b", a, "a×1024"),
        c("^(a+)+$", String(repeating: "a", count: kib - 1) + "b", "a×1023 b"),
        c("(\\d+)*$", String(repeating: "1", count: kib - 1) + "x", "1×1023 x"),
        c("(\\w|\\d)+$", String(repeating: "1", count: kib - 1) + "!", "1×1023 !"),
        c("^(([a-z])+.)+[A-Z]([a-z])+$", aBang, "a×1023 !"),
        c(
            "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$",
            aBang, "a×1023 !"),
        c(
            "^([a-zA-Z0-9_.-])+@(([a-zA-Z0-9-])+.)+([a-zA-Z0-9]{2,4})+$",
            "a@" + String(repeating: "a", count: kib - 3) + "!", "a@ a×1021 !"),
        c("^(a?){25}a{25}$", String(repeating: "a", count: 25) + String(repeating: "a", count: kib - 25), "a×1024"),
        c("(?i)(a|A)+$", String(repeating: "aA", count: kib / 2 - 1) + "a!", "aA×511 a!"),
        c("(x\\w*)+y", String(repeating: "x", count: kib), "x×1024"),
        c("^(.+)+@", a, "a×1024"),
        c("(.*?,){11}P", String(repeating: "1,", count: kib / 2), "'1,'×512"),
        c("^(\\s*a?)*$", String(repeating: " a", count: kib / 2 - 1) + " !", "' a'×511 ' !'"),
        c("(?:a|[a-z])+!$", String(repeating: "a", count: kib - 1) + "?", "a×1023 ?"),
        c("(\\w+)\\s+\\1", a, "a×1024"),
        c("(?=a+)+b", a, "a×1024"),
    ]
}()

/// Wall-clock time, what a user waits (includes time the scheduler gave to other processes).
func nowNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// CPU time of the calling thread, unaffected by other processes competing for the cores.
func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

func runRegexBench() {
    print("| # | pattern | 1 KiB input | pwaudit wall: mean | median | CPU: max | answer |")
    print("|---|---|---|---|---|---|---|")
    var worst = 0.0
    for (index, bench) in regexCases.enumerated() {
        let rule: [String: Any] = ["rule": "pattern", "regex": bench.pattern, "must": "match"]
        let json = try! JSONSerialization.data(withJSONObject: ["name": "bench-regex", "rules": [rule]])
        let label = "`\(bench.pattern.replacingOccurrences(of: "|", with: "\\|"))`"
        let compiled: CompiledPolicy
        do {
            compiled = try CompiledPolicy(PasswordPolicy(json: json))
        } catch {
            print("| \(index + 1) | \(label) | \(bench.inputLabel) | refused at load | — | — | \(error) |")
            continue
        }
        let candidate = Candidate(password: bench.input)
        var walls: [UInt64] = []
        var maximumCPU: UInt64 = 0
        var total: UInt64 = 0
        var matched = false
        while walls.count < 5 || (total < 200_000_000 && walls.count < 2_000) {
            let start = nowNanoseconds()
            let cpuStart = threadCPUNanoseconds()
            matched = compiled.failureMask(candidate).isEmpty
            maximumCPU = max(maximumCPU, threadCPUNanoseconds() - cpuStart)
            let elapsed = nowNanoseconds() - start
            total += elapsed
            walls.append(elapsed)
        }
        walls.sort()
        let meanMs = Double(total) / Double(walls.count) / 1e6
        worst = max(worst, Double(maximumCPU) / 1e6)
        print(
            String(
                format: "| %d | %@ | %@ | %.3f ms | %.3f ms | %.3f ms | %@ |", index + 1, label, bench.inputLabel,
                meanMs, Double(walls[walls.count / 2]) / 1e6, Double(maximumCPU) / 1e6,
                matched ? "match" : "no match"))
    }
    print(String(format: "RESULT peer=pwaudit_regex cases=%d worst_cpu_ms=%.3f", regexCases.count, worst))
}

/// Runs case `index` once with ICU's backtracking NSRegularExpression (`$` as `\z`) and prints the time.
func runRegexPeer(_ index: Int) {
    let bench = regexCases[index]
    guard let regex = try? NSRegularExpression(pattern: bench.pattern.replacingOccurrences(of: "$", with: "\\z")) else {
        print("refused")
        return
    }
    let start = nowNanoseconds()
    let range = NSRange(bench.input.startIndex..., in: bench.input)
    let matched = regex.firstMatch(in: bench.input, options: [], range: range) != nil
    print(String(format: "%.3f ms (%@)", Double(nowNanoseconds() - start) / 1e6, matched ? "match" : "no match"))
}

/// The best and median thread CPU time, in ms, of `compiled.failureMask` on `password` (≥ 5 runs, ≤ 0.5 s).
func cpuMilliseconds(_ compiled: CompiledPolicy, _ password: String) -> (best: Double, median: Double) {
    let candidate = Candidate(password: password)
    var times: [UInt64] = []
    var total: UInt64 = 0
    while times.count < 5 || (total < 500_000_000 && times.count < 1_000) {
        let start = threadCPUNanoseconds()
        _ = compiled.failureMask(candidate)
        let elapsed = threadCPUNanoseconds() - start
        total += elapsed
        times.append(elapsed)
    }
    times.sort()
    return (Double(times[0]) / 1e6, Double(times[times.count / 2]) / 1e6)
}

/// A whole policy of `pattern` rules timed on one 1 KiB password: how bad the worst accepted policy can be.
struct PolicyCase {
    let label: String
    let patterns: [String]
    let unit: String
}

/// Policies that use the whole state budget (1,000 states: two rules of 500) with the costliest state shapes,
/// then the same plus one state, and QA's hostile policy (20 rules of `(.*){3000}x`).
let policyCases: [PolicyCase] = [
    PolicyCase(
        label: "2 × `(.*){166}x` (500 states each)", patterns: Array(repeating: "(.*){166}x", count: 2), unit: "a"),
    PolicyCase(
        label: "2 × `(?:\\w*){166}x` (500 states each)", patterns: Array(repeating: "(?:\\w*){166}x", count: 2),
        unit: "中"),
    PolicyCase(
        label: "2 × `(?:[\\p{Lu}\\p{Ll}\\p{Nd}\\p{Lo}]*){166}x` (500 states each)",
        patterns: Array(repeating: "(?:[\\p{Lu}\\p{Ll}\\p{Nd}\\p{Lo}]*){166}x", count: 2), unit: "中"),
    PolicyCase(
        label: "2 × `(?:(?:\\b\\|\\B).*){71}x` (499 states each)",
        patterns: Array(repeating: "(?:(?:\\b|\\B).*){71}x", count: 2), unit: "中"),
    PolicyCase(
        label: "2 × 166 distinct `[丁…]*` classes of 61 ranges (500 states each, a 100 KB pattern)",
        patterns: Array(repeating: distinctClassesPattern, count: 2), unit: "丁"),
    PolicyCase(
        label: "10 × `(.*a){12}` (49 states each)", patterns: Array(repeating: "(.*a){12}", count: 10), unit: "x"),
    PolicyCase(
        label: "2 × `(.*){166}x` + `y` (one state over)", patterns: Array(repeating: "(.*){166}x", count: 2) + ["y"],
        unit: "a"),
    PolicyCase(
        label: "20 × `(.*){3000}x` (QA's policy)", patterns: Array(repeating: "(.*){3000}x", count: 20), unit: "a"),
]

/// 166 different classes, each `丁` and 60 other scalars (one binary search of 61 ranges per state and scalar, as
/// no two states share a class), each repeated by `*`, then `x`: 500 states.
let distinctClassesPattern: String = {
    var pattern = ""
    for copy in 0..<166 {
        pattern += "(?:[\\x{4e01}"
        for offset in 0..<60 { pattern += "\\x{" + String(0x20000 + 300 * copy + 2 * offset, radix: 16) + "}" }
        pattern += "]*)"
    }
    return pattern + "x"
}()

/// Times each of ``policyCases`` through `CompiledPolicy.failureMask`, or says how its load was refused.
func runPolicyBench() {
    print("| policy | 1 KiB input | CPU: best | median | load |")
    print("|---|---|---|---|---|")
    var worst = 0.0
    for policy in policyCases {
        let rules = policy.patterns.map { ["rule": "pattern", "regex": $0, "must": "match"] }
        let json = try! JSONSerialization.data(withJSONObject: ["name": "bench-policy", "rules": rules])
        let password = String(repeating: policy.unit, count: kib)
        let input = "\(policy.unit)×\(kib)"
        do {
            let compiled = try CompiledPolicy(PasswordPolicy(json: json))
            let time = cpuMilliseconds(compiled, password)
            worst = max(worst, time.median)
            print(
                String(
                    format: "| %@ | %@ | %.3f ms | %.3f ms | accepted |", policy.label, input, time.best, time.median))
        } catch {
            print("| \(policy.label) | \(input) | — | — | refused: \(error) |")
        }
    }
    print(String(format: "RESULT peer=pwaudit_regex_policy worst_accepted_median_ms=%.3f", worst))
}

/// `--regex-probe REGEX RULES PASSWORD`: a policy of RULES copies of REGEX, timed on PASSWORD (repeated to 1 KiB).
func runRegexProbe(_ pattern: String, rules: Int, unit: String) {
    let shown = pattern.count > 60 ? pattern.prefix(60) + "… (\(pattern.count) characters)" : pattern
    var password = ""
    while password.unicodeScalars.count + unit.unicodeScalars.count <= kib { password += unit }
    let rule: [String: Any] = ["rule": "pattern", "regex": pattern, "must": "match"]
    let json = try! JSONSerialization.data(
        withJSONObject: ["name": "probe", "rules": Array(repeating: rule, count: rules)])
    do {
        let compiled = try CompiledPolicy(PasswordPolicy(json: json))
        let time = cpuMilliseconds(compiled, password)
        print(
            String(
                format: "%d × %@ on %d scalars: CPU best %.3f ms, median %.3f ms", rules, shown,
                password.unicodeScalars.count, time.best, time.median))
    } catch {
        print("\(rules) × \(shown): refused: \(error)")
    }
}
