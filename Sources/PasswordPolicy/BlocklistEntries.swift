import Foundation

/// A large word list held compactly: its canonical entries (lowercased, distinct, in file order) as one UTF-8
/// buffer separated by LF, and, built on first use and kept, one lookup table per normalization form.
///
/// One instance per list and process: every policy version naming the list and every scoring thread share its
/// buffer and tables, so a million entries cost one buffer and one table, not a `String` each.
public final class BlocklistEntries: @unchecked Sendable {  // `tables` only under `lock`
    /// The entries, each followed by LF.
    public let joinedUTF8: [UInt8]
    /// How many entries.
    public let count: Int
    private let lock = NSLock()
    private var tables: [Normalization: BlocklistTable] = [:]

    /// Entries given as LF-terminated canonical UTF-8 (as ``init(text:)`` makes and a store keeps).
    public init(joinedUTF8: [UInt8], count: Int) {
        self.joinedUTF8 = joinedUTF8
        self.count = count
    }

    /// The entries of a blocklist file's bytes (the rules of ``BlocklistText``: one a line, `#` comment lines and
    /// blank lines skipped, surrounding spaces, tabs and CR trimmed), lowercased and de-duplicated, in file order.
    /// ASCII lines are handled as bytes: no `String` per entry.
    public convenience init(text bytes: UnsafeBufferPointer<UInt8>) {
        var joined: [UInt8] = []
        joined.reserveCapacity(bytes.count + 1)
        var seen = Set<Int>()  // hashes of entries already kept; equal hashes are compared in `insert`
        var starts: [Int: [Int]] = [:]
        var count = 0
        var lineStart = 0
        func keep(_ entry: [UInt8]) {
            let hash = entry.hashValue
            if seen.contains(hash) {
                for start in starts[hash] ?? []
                where joined[start..<(start + entry.count)].elementsEqual(entry)
                    && joined[start + entry.count] == 0x0A
                {
                    return
                }
            }
            seen.insert(hash)
            starts[hash, default: []].append(joined.count)
            joined += entry
            joined.append(0x0A)
            count += 1
        }
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var low = lineStart
            var high = lineEnd
            while low < high, [0x20, 0x09, 0x0D].contains(bytes[low]) { low += 1 }
            while high > low, [0x20, 0x09, 0x0D].contains(bytes[high - 1]) { high -= 1 }
            if high > low, bytes[low] != 0x23 {
                let line = UnsafeBufferPointer(rebasing: bytes[low..<high])
                if line.allSatisfy({ $0 < 0x80 }) {
                    keep(line.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
                } else {
                    keep(Array(String(decoding: line, as: UTF8.self).lowercased().utf8))
                }
            }
            lineStart = lineEnd + 1
        }
        self.init(joinedUTF8: joined, count: count)
    }

    /// The entries as strings (for compliance counts and displays; not for lookups).
    public var words: [String] {
        joinedUTF8.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The lookup table of the entries as `normalization` compares them, built once.
    func table(_ normalization: Normalization) -> BlocklistTable {
        lock.lock()
        defer { lock.unlock() }
        if let table = tables[normalization] { return table }
        let table = joinedUTF8.withUnsafeBufferPointer { BlocklistTable(joined: $0, normalization: normalization) }
        tables[normalization] = table
        return table
    }
}
