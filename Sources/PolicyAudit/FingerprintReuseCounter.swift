import AuditCrypto
import AuditRepositories
import Foundation

/// Counts how many candidates share a fingerprint while an import scores them, in bounded memory.
///
/// Each fingerprint's first 8 bytes go into a buffer; a full buffer is sorted and spilled to a temporary file as a
/// sorted run, and `summary(of:)` merges the runs of every worker's counter, counting equal neighbours. Memory is one
/// buffer (`runCapacity` words) whatever the file's size. Eight bytes of an HMAC-SHA256 are 64 random-looking bits:
/// two different passwords collide with probability about n²/2⁶⁵ (3·10⁻⁸ for a million candidates), so the figures
/// are exact in practice. The spill files hold only these
/// keyed prefixes and are deleted as soon as they are read.
final class FingerprintReuseCounter {
    /// Prefixes held in memory before a sorted run is spilled (2 MiB: small enough that peak memory stays flat
    /// from a hundred thousand rows to millions).
    static let defaultRunCapacity = 1 << 18
    private let runCapacity: Int
    private var buffer: [UInt64] = []
    private var spilled: [URL] = []

    /// A counter holding up to `runCapacity` prefixes in memory.
    init(runCapacity: Int = FingerprintReuseCounter.defaultRunCapacity) {
        self.runCapacity = runCapacity
        buffer.reserveCapacity(runCapacity)
    }

    deinit { for url in spilled { try? FileManager.default.removeItem(at: url) } }

    /// Counts one candidate's fingerprint.
    func add(_ fingerprint: Fingerprint) throws {
        buffer.append(fingerprint.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
        if buffer.count >= runCapacity { try spill() }
    }

    /// Sorts what is held in memory now, so that a later `summary` has only merging left: lets parallel workers each
    /// sort their own share when they finish.
    func sortBuffered() { buffer.sort() }

    /// The reuse figures of everything added to any of `counters` (those of parallel workers).
    static func summary(of counters: [FingerprintReuseCounter]) throws -> RunReuseSummaryRow {
        for counter in counters { counter.buffer.sort() }
        var row = RunReuseSummaryRow(distinctFingerprints: 0, sharedGroups: 0, sharedCandidates: 0, largestGroup: 0)
        var current: UInt64?
        var size = 0
        func close() {
            guard size > 0 else { return }
            row.distinctFingerprints += 1
            row.largestGroup = max(row.largestGroup, size)
            if size >= 2 {
                row.sharedGroups += 1
                row.sharedCandidates += size
            }
        }
        var sources =
            try counters.flatMap(\.spilled).map { try SortedRunReader(url: $0) }
            + counters.map { SortedRunReader(values: $0.buffer) }
        // k-way merge: repeatedly take the smallest head (k is small: one run per 2 MiB of prefixes).
        while true {
            var smallest: Int?
            for index in sources.indices where sources[index].head != nil {
                if smallest == nil || sources[index].head! < sources[smallest!].head! { smallest = index }
            }
            guard let index = smallest, let value = sources[index].head else { break }
            try sources[index].advance()
            if value == current {
                size += 1
            } else {
                close()
                current = value
                size = 1
            }
        }
        close()
        return row
    }

    private func spill() throws {
        buffer.sort()
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("pwaudit-reuse-\(UUID().uuidString).bin")
        try buffer.withUnsafeBytes { try Data($0).write(to: url) }
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        spilled.append(url)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Reads a sorted run of prefixes, from memory or from a spill file in 64 KiB chunks.
private struct SortedRunReader {
    private var values: [UInt64]
    private var position = 0
    private let handle: FileHandle?
    private let url: URL?
    /// The next value, or nil at the end.
    private(set) var head: UInt64?

    init(values: [UInt64]) {
        self.values = values
        handle = nil
        url = nil
        head = values.first
    }

    init(url: URL) throws {
        self.url = url
        handle = try FileHandle(forReadingFrom: url)
        values = []
        try refill()
    }

    mutating func advance() throws {
        position += 1
        if position < values.count {
            head = values[position]
        } else if handle != nil {
            try refill()
        } else {
            head = nil
        }
    }

    private mutating func refill() throws {
        let data = try handle?.read(upToCount: 8 * 8192) ?? Data()
        values = data.withUnsafeBytes { raw in
            (0..<(raw.count / 8)).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) }
        }
        position = 0
        head = values.first
        if values.isEmpty, let url {
            try? handle?.close()
            try? FileManager.default.removeItem(at: url)
        }
    }
}
