// pwaudit-bench: throughput of the rule engine on a NUL-separated corpus (see bench/engine.sh).
// Input: `username\0password\0` per record. Output: single-core (CPU time, the byte API `pwaudit import` uses; then
// the String API) and all-core rates, then a RESULT line.
// `pwaudit-bench --regex` times the pattern rule on catastrophic patterns instead (bench/regex.sh);
// `pwaudit-bench --regex-peer N` runs case N once with NSRegularExpression, for comparison;
// `pwaudit-bench --regex-policy` times whole policies at and past the pattern state budget;
// `pwaudit-bench --keystroke [ROUNDS]` times the live checklist's keystroke-to-frame path (bench/keystroke.sh);
// `pwaudit-bench --regex-probe REGEX RULES UNIT` times a policy of RULES copies of REGEX on UNIT repeated to 1 KiB;
// `pwaudit-bench --pwquality CORPUS.nul` times pwquality compat mode on one core (bench/engine.sh);
// `pwaudit-bench --single CORPUS.nul` prints the single-core line alone (bench/engine.sh's later rounds, pinned).
import Dispatch
import Foundation
import PasswordPolicy

let policyJSON = """
    {"name":"bench-8","rules":[
      {"rule":"length","min":12,"max":64},
      {"rule":"require","class":"upper"},
      {"rule":"require","class":"lower"},
      {"rule":"require","class":"digit"},
      {"rule":"require","class":"special"},
      {"rule":"max-repeat","max":2},
      {"rule":"blocklist","lists":["builtin:common"]},
      {"rule":"context","fields":["username"],"min-token":4}
    ]}
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("pwaudit-bench: \(message)\n".utf8))
    exit(64)
}

func loadCandidates(_ path: String) -> [Candidate] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    var candidates: [Candidate] = []
    candidates.reserveCapacity(data.count / 24)
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        let bytes = raw.bindMemory(to: UInt8.self)
        var fields: [String] = []
        var start = 0
        for index in 0..<bytes.count where bytes[index] == 0 {
            fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            start = index + 1
            if fields.count == 2 {
                candidates.append(Candidate(password: fields[1], username: fields[0]))
                fields.removeAll(keepingCapacity: true)
            }
        }
    }
    return candidates
}

/// CPU seconds used by the calling thread (unaffected by other processes competing for the cores).
func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let arguments = CommandLine.arguments
if arguments.count == 2, arguments[1] == "--regex" {
    runRegexBench()
    exit(0)
}
if arguments.count == 3, arguments[1] == "--regex-peer", let index = Int(arguments[2]),
    regexCases.indices.contains(index)
{
    runRegexPeer(index)
    exit(0)
}
if arguments.count >= 2, arguments.count <= 3, arguments[1] == "--keystroke" {
    runKeystrokeBench(rounds: arguments.count == 3 ? Int(arguments[2]) ?? 200 : 200)
    exit(0)
}
if arguments.count == 2, arguments[1] == "--regex-policy" {
    runPolicyBench()
    exit(0)
}
if arguments.count == 5, arguments[1] == "--regex-probe", let rules = Int(arguments[3]) {
    runRegexProbe(arguments[2], rules: rules, unit: arguments[4])
    exit(0)
}
if arguments.count == 3, arguments[1] == "--pwquality" {
    runCompatBench(arguments[2])
    exit(0)
}
let singleOnly = arguments.count == 3 && arguments[1] == "--single"
guard arguments.count == 2 || singleOnly else { fail("usage: pwaudit-bench [--single] CORPUS.nul") }
let compiled: CompiledPolicy
do {
    compiled = try CompiledPolicy(PasswordPolicy(json: Data(policyJSON.utf8)))
} catch {
    fail("bench policy: \(error)")
}
let corpus = NULCorpus(path: arguments[arguments.count - 1])
let rows = corpus.rows
let set = CompiledPolicySet([compiled])

/// How many of `range`'s rows pass, scored as `pwaudit import` scores them: UTF-8 fields of one buffer through the
/// batch API (no `String` per candidate), one mask per row.
@Sendable func passCount(_ range: Range<Int>) -> Int {
    var passed = 0
    var mask: UInt64 = 0
    withUnsafeMutablePointer(to: &mask) { mask in
        let masks = UnsafeMutableBufferPointer(start: mask, count: 1)
        corpus.forEach(rows: range) { password, username in
            set.failureMasks(password: password, username: username, email: nil, into: masks)
            if masks[0] == 0 { passed += 1 }
        }
    }
    return passed
}

// Single core.
let cpuStart = threadCPUSeconds()
var singlePass = 0
let single = seconds { singlePass = passCount(0..<rows) }
let singleCPU = threadCPUSeconds() - cpuStart
let singleLine = String(
    format: "single-core: %.0f rows/s (%.3f s wall; %.0f rows per CPU-second)", Double(rows) / single, single,
    Double(rows) / singleCPU)
if singleOnly {
    print(singleLine)
    exit(0)
}

// Single core through the String API (`Candidate`, as the library's users and `pwaudit check` call it).
let candidates = loadCandidates(arguments[arguments.count - 1])
var stringPass = 0
let stringCPUStart = threadCPUSeconds()
for candidate in candidates where compiled.failureMask(candidate).isEmpty { stringPass += 1 }
let stringCPU = threadCPUSeconds() - stringCPUStart
precondition(stringPass == singlePass, "the String and byte APIs' pass counts differ")

// All cores: contiguous chunks, one pass counter per chunk.
let cores = ProcessInfo.processInfo.activeProcessorCount
let chunkCount = cores * 8
let chunkSize = (rows + chunkCount - 1) / chunkCount
let passCounts = UnsafeMutableBufferPointer<Int>.allocate(capacity: chunkCount)
passCounts.initialize(repeating: 0)
nonisolated(unsafe) let sharedCounts = passCounts
let parallel = seconds {
    DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
        let low = min(chunk * chunkSize, rows)
        sharedCounts[chunk] = passCount(low..<min(low + chunkSize, rows))
    }
}
let parallelPass = passCounts.reduce(0, +)
passCounts.deallocate()
precondition(parallelPass == singlePass, "parallel and single-core pass counts differ")

// A sample of full evaluations, to report the top blocking reasons.
var reasons: [String: Int] = [:]
for candidate in candidates.prefix(100_000) {
    for code in compiled.evaluate(candidate).failingCodes { reasons[code, default: 0] += 1 }
}
let top = reasons.sorted { $0.value > $1.value }.prefix(8).map { "\($0.key)=\($0.value)" }.joined(separator: " ")

print("policy: 8 rules (length 12..64, upper, lower, digit, special, max-repeat 2, builtin:common, context username)")
print("failing codes in first 100000 rows: \(top)")
print(singleLine)
print(String(format: "single-core, String API (Candidate): %.0f rows per CPU-second", Double(rows) / stringCPU))
print(String(format: "all %d cores: %.0f rows/s (%.3f s)", cores, Double(rows) / parallel, parallel))
print(
    String(
        format: "RESULT peer=pwaudit_engine rows=%d seconds=%.3f rows_per_s=%.0f pass=%d",
        rows, parallel, Double(rows) / parallel, parallelPass))
