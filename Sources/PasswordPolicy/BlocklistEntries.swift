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
        // Pass 1: every entry, lowercased, LF-terminated; pass 2 keeps each once (an open-addressing set over the
        // entries' offsets, FNV-1a), in file order.
        var all: [UInt8] = []
        all.reserveCapacity(bytes.count + 1)
        var starts: [Int] = []
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var low = lineStart
            var high = lineEnd
            while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 || bytes[low] == 0x0D { low += 1 }
            while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 || bytes[high - 1] == 0x0D {
                high -= 1
            }
            if high > low, bytes[low] != 0x23 {
                starts.append(all.count)
                let line = UnsafeBufferPointer(rebasing: bytes[low..<high])
                if line.allSatisfy({ $0 < 0x80 }) {
                    for byte in line { all.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
                } else {
                    all += String(decoding: line, as: UTF8.self).lowercased().utf8
                }
                all.append(0x0A)
            }
            lineStart = lineEnd + 1
        }
        starts.append(all.count)
        let (joined, count) = Self.distinct(all, starts: starts)
        self.init(joinedUTF8: joined, count: count)
    }

    /// The entries of `all` (entry `i` at `starts[i]..<starts[i + 1]`, LF included) each once, in order.
    private static func distinct(_ all: [UInt8], starts: [Int]) -> ([UInt8], Int) {
        let entries = starts.count - 1
        var capacity = 16
        while capacity < entries * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        var joined: [UInt8] = []
        joined.reserveCapacity(all.count)
        var count = 0
        all.withUnsafeBufferPointer { all in
            for index in 0..<entries {
                let entry = UnsafeBufferPointer(rebasing: all[starts[index]..<starts[index + 1]])
                var slot = Int(truncatingIfNeeded: BlocklistLookup.fnv(entry)) & (capacity - 1)
                var duplicate = false
                while slots[slot] != 0 {
                    let other = Int(slots[slot]) - 1
                    if starts[other + 1] - starts[other] == entry.count,
                        all[starts[other]..<starts[other + 1]].elementsEqual(entry)
                    {
                        duplicate = true
                        break
                    }
                    slot = (slot + 1) & (capacity - 1)
                }
                guard !duplicate else { continue }
                slots[slot] = Int32(index + 1)
                joined += entry
                count += 1
            }
        }
        return (joined, count)
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
