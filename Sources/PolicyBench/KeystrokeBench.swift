import Dispatch
import Foundation
import PasswordPolicy
import PolicyAuditCLI

/// `pwaudit-bench --keystroke [ROUNDS]`: the live checklist's time from a key's bytes to its frame, on a policy with a
/// 100,000-word blocklist, a context rule and a strength rule, whose meter the checklist draws (bench/keystroke.sh).
///
/// Each sample is one `LiveChecklist.handle` call for one key: decoding, the input edit, the presenter's evaluation,
/// the view state, the frame's layout and the diff, written to a sink that discards it (the terminal's own drawing
/// time is not the program's). The policy is compiled once, before timing, as `pwaudit check` does.
func runKeystrokeBench(rounds: Int) {
    let words = generatedWords(count: 100_000)
    // The engine bench's eight rules (main.swift), with the 100,000 words and a context rule on both fields.
    let wordList = words.map { "\"\($0)\"" }.joined(separator: ",")
    let json = policyJSON.replacingOccurrences(of: "\"bench-8\"", with: "\"keystroke\"")
        .replacingOccurrences(
            of: #"{"rule":"blocklist","lists":["builtin:common"]}"#,
            with: #"{"rule":"blocklist","lists":["builtin:common"],"words":["# + wordList + "]}"
        )
        .replacingOccurrences(of: #""fields":["username"]"#, with: #""fields":["username","email"]"#)
        // A strength rule: the checklist then estimates twice a key (the rule, and the meter with its feedback).
        .replacingOccurrences(of: #""min-token":4}"#, with: #""min-token":4},{"rule":"strength","min-score":3}"#)
    precondition(
        json.contains(#""words""#) && json.contains(#""email""#) && json.contains(#""strength""#),
        "the engine bench's policy changed shape")
    var compiled: CompiledPolicy?
    let compileSeconds = seconds {
        do {
            compiled = try CompiledPolicy(PasswordPolicy(json: Data(json.utf8)))
        } catch {
            fail("the keystroke policy does not compile: \(error)")
        }
    }
    guard let policy = compiled else { fail("no policy") }
    let sink = DiscardingSink()
    let view = TerminalChecklistView(
        output: sink, drawing: .ansi, style: ChecklistStyle(usesColor: true, usesUnicode: true), width: 100)
    let checklist = LiveChecklist(policy: policy, view: view, username: "marianne.keystroke", email: "mk@example.org")
    checklist.start()
    // A word of the blocklist, then the rest of a strong password, then backspaces back to nothing.
    let typed = Array((words[4242] + "-Keystroke9!x").utf8)
    let keys: [UInt8] = typed + [UInt8](repeating: 0x7F, count: typed.count)
    var samples: [Double] = []
    samples.reserveCapacity(rounds * keys.count)
    for round in 0..<(rounds + 5) {
        for key in keys {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = checklist.handle(CollectionOfOne(key))
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            if round >= 5 { samples.append(Double(elapsed) / 1000) }  // the first rounds warm up caches
        }
    }
    samples.sort()
    let median = samples[samples.count / 2]
    let p99 = samples[min(samples.count - 1, samples.count * 99 / 100)]
    print(
        "policy: 9 rules, blocklist of \(words.count) words + builtin:common, context rule (username, email), "
            + "strength rule (min-score 3) with its meter")
    print(String(format: "compile once: %.1f ms", compileSeconds * 1000))
    print("keystrokes timed: \(samples.count) (\(rounds) rounds of \(keys.count) keys), frame bytes: \(sink.bytes)")
    print(String(format: "keystroke to frame: median %.1f µs, p99 %.1f µs, max %.1f µs", median, p99, samples.last!))
    print(String(format: "RESULT keystroke_median_us=%.1f keystroke_p99_us=%.1f", median, p99))
}

/// `count` distinct lowercase words of 6 to 12 letters, the same on every run (SplitMix64, fixed seed).
func generatedWords(count: Int) -> [String] {
    var state: UInt64 = 0x5EED_1234
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    var seen = Set<String>()
    var words: [String] = []
    words.reserveCapacity(count)
    while words.count < count {
        let length = 6 + Int(next() % 7)
        let word = String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(97 + next() % 26))) })
        if seen.insert(word).inserted { words.append(word) }
    }
    return words
}

/// An output sink that counts what it is given and keeps nothing.
final class DiscardingSink: OutputSink {
    private(set) var bytes = 0
    let isTerminal = true
    func write(_ text: String) { bytes += text.utf8.count }
    func flush() {}
    var writeFailure: Int32? { nil }
}
