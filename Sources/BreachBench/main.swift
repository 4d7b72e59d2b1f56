import BreachCorpus
import Foundation

// pwaudit-breach-bench CORPUS PROBES [LOOKUPS]: opens a Pwned Passwords SHA-1 file and looks up the passwords of
// PROBES (one per line) on this one thread, cycling through them: one pass that maps the pages (timed on its own), then
// LOOKUPS timed ones. Prints the time to open, both rates, the hit rate, and the process's peak and current RSS
// (bench/breach.sh).

/// A `/proc/self/status` field in KiB (0 where there is none, as on macOS).
func status(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: pwaudit-breach-bench CORPUS PROBES [LOOKUPS]\n".utf8))
    exit(64)
}
let probes = try String(contentsOfFile: arguments[2], encoding: .utf8).split(separator: "\n").map { Array($0.utf8) }
let lookups = arguments.count > 3 ? Int(arguments[3]) ?? 2_000_000 : 2_000_000
let rssBeforeOpen = status("VmRSS")
let opened = DispatchTime.now().uptimeNanoseconds
let corpus = try HIBPCorpus(path: arguments[1], format: .sha1)
let openMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - opened) / 1e6
// The first pass maps the pages it reads (a fresh process, the file in the page cache); the timed ones find them
// mapped.
var hits = 0
let firstPassStarted = DispatchTime.now().uptimeNanoseconds
for probe in probes {
    hits += probe.withUnsafeBufferPointer { corpus.occurrences(of: $0) } > 0 ? 1 : 0
}
let firstPassSeconds = Double(DispatchTime.now().uptimeNanoseconds - firstPassStarted) / 1e9
let started = DispatchTime.now().uptimeNanoseconds
var found = 0
probes.withUnsafeBufferPointer { probes in
    for index in 0..<lookups {
        found &+= probes[index % probes.count].withUnsafeBufferPointer { corpus.occurrences(of: $0) }
    }
}
let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
if let fault = corpus.fault { FileHandle.standardError.write(Data("fault: \(fault.userMessage)\n".utf8)) }
print(
    String(
        format:
            "open_ms=%.3f first_pass_lookups_per_s=%.0f lookups=%d seconds=%.3f lookups_per_s=%.0f hit_rate=%.3f "
            + "rss_before_open_kib=%d peak_rss_kib=%d rss_anon_kib=%d rss_file_kib=%d (checksum %d)",
        openMilliseconds, Double(probes.count) / firstPassSeconds, lookups, seconds, Double(lookups) / seconds,
        Double(hits) / Double(max(probes.count, 1)),
        rssBeforeOpen, status("VmHWM"), status("RssAnon"), status("RssFile"), found))
