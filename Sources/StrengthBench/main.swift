import Foundation
import PasswordStrength

// pwaudit-strength-bench CANDIDATES [ROUNDS]: estimates every candidate of CANDIDATES (records separated by LF,
// fields password, username, e-mail separated by US, 0x1F; written by bench/strength.sh) on this one thread with the
// username and e-mail as user inputs, ROUNDS times (best round reported), and times the 1 KiB adversarial input
// (repeats, keyboard walks, every l33t character; StrengthBoundsTests builds the same one). Prints candidates per
// CPU-second, the adversarial input's best and median milliseconds, and a checksum of the scores.
//
// pwaudit-strength-bench --digest CANDIDATES: one line a candidate, a 64-bit FNV-1a digest of everything the estimate
// and the candidate matches hold (guesses to the bit, every match's kind, span, token, details and guesses, the
// feedback), never a password: two builds' outputs compared line by line show a speed change altered nothing. It stops
// with exit status 1 where `score` (what an import stores) differs from the estimate.

/// This process's CPU time in seconds.
func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

var arguments = CommandLine.arguments
let digestMode = arguments.count >= 2 && arguments[1] == "--digest"
if digestMode { arguments.remove(at: 1) }
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: pwaudit-strength-bench [--digest] CANDIDATES [ROUNDS]\n".utf8))
    exit(64)
}
let text = try String(contentsOfFile: arguments[1], encoding: .utf8)
let candidates = text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
    let fields = line.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
    return (password: fields[0], inputs: Array(fields.dropFirst()))
}
if digestMode {
    let estimator = StrengthEstimator()
    var out = ""
    for (index, candidate) in candidates.enumerated() {
        let estimate = estimator.estimate(candidate.password, userInputs: candidate.inputs)
        // What an import stores must be the estimate's, to the bit.
        let scored = estimator.score(candidate.password, userInputs: candidate.inputs)
        if scored.score != estimate.score || scored.guessesLog10.bitPattern != estimate.guessesLog10.bitPattern {
            FileHandle.standardError.write(Data("score differs from the estimate on line \(index + 1)\n".utf8))
            exit(1)
        }
        let described =
            String(describing: estimate) + "|" + String(estimate.guesses.bitPattern) + "|"
            + estimate.sequence.map { String($0.guesses.bitPattern) }.joined(separator: ",") + "|"
            + String(describing: estimator.matches(candidate.password, userInputs: candidate.inputs))
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in described.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        out += String(hash, radix: 16) + "\n"
    }
    FileHandle.standardOutput.write(Data(out.utf8))
    exit(0)
}
let rounds = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 1) : 1
let estimator = StrengthEstimator()
_ = estimator.estimate("warm-up", userInputs: ["warm"])
var best = Double.infinity
var checksum = 0
for _ in 0..<rounds {
    let started = cpuSeconds()
    var sum = 0
    for candidate in candidates { sum &+= estimator.estimate(candidate.password, userInputs: candidate.inputs).score }
    best = min(best, cpuSeconds() - started)
    checksum = sum
}
let l33t = "4@8({[<3691!|70$5+7%2"
var adversarial = ""
while adversarial.utf8.count < 1024 { adversarial += l33t + "qwertyuiop" + "aaaaaaaa" + "1qaz2wsx" + "abcdefgh" }
adversarial = String(adversarial.utf8.prefix(1024).map { Character(Unicode.Scalar($0)) })
var times: [Double] = []
for _ in 0..<21 {
    let started = cpuSeconds()
    _ = estimator.estimate(adversarial)
    times.append((cpuSeconds() - started) * 1000)
}
times.sort()
print(
    String(
        format:
            "RESULT peer=pwaudit rows=%d cpu_seconds=%.3f rows_per_cpu_s=%.0f adversarial_1kib_best_ms=%.3f "
            + "adversarial_1kib_median_ms=%.3f (score sum %d)",
        candidates.count, best, Double(candidates.count) / best, times[0], times[times.count / 2], checksum))
