import ExitStatus
import Foundation
import LibC

/// Turns the `SIGBUS` of a corpus file that shrank while mapped into one clear line and exit 74, instead of a crash
/// report.
///
/// The kernel sends `SIGBUS` when a read reaches a page the file no longer has: someone truncated the corpus or
/// rewrote it in place (`curl … > pwned.txt`) while pwaudit searched it. Nothing can be recovered at that point, but
/// nothing is lost either: an import's rows are written in one transaction that SQLite rolls back, and the run is
/// listed as stale. Each open corpus registers its mapped range with its message, written in advance; the handler
/// only reads that table, `write(2)`s and `_exit(2)`s (all async-signal-safe). A fault outside every corpus gets the
/// default action.
enum CorpusMappingGuard {
    private struct Entry {
        var start: UInt = 0
        var end: UInt = 0
        var message: UnsafeMutablePointer<UInt8>?
        var length = 0
    }

    /// How many corpora can be open at once (a process opens a handful: one per path and format).
    private static let capacity = 64
    nonisolated(unsafe) private static let entries: UnsafeMutablePointer<Entry> = {
        let entries = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
        entries.initialize(repeating: Entry(), count: capacity)
        return entries
    }()
    private static let lock = NSLock()
    private static let installed: Void = {
        _ = entries
        var action = sigaction(informationHandler: handleBusError)
        _ = sigaction(SIGBUS, &action, nil)
    }()

    /// Registers the mapping `range` of the corpus at `path`; returns the slot to pass to ``unregister(_:)``, or nil
    /// when the table is full (that corpus then keeps the default action).
    static func register(_ range: UnsafeRawBufferPointer, path: String) -> Int? {
        installed
        let text = Array(message(path: path).utf8)
        let message = UnsafeMutablePointer<UInt8>.allocate(capacity: text.count)
        message.initialize(from: text, count: text.count)
        let start = UInt(bitPattern: range.baseAddress)
        lock.lock()
        defer { lock.unlock() }
        guard let slot = (0..<capacity).first(where: { entries[$0].message == nil }) else {
            message.deallocate()
            return nil
        }
        entries[slot] = Entry(start: start, end: start + UInt(range.count), message: message, length: text.count)
        return slot
    }

    /// Forgets the corpus in `slot` (its mapping is about to go).
    static func unregister(_ slot: Int) {
        lock.lock()
        defer { lock.unlock() }
        let message = entries[slot].message
        entries[slot] = Entry()
        message?.deallocate()
    }

    /// The line for the corpus at `path`, its bytes outside printable ASCII escaped so that a hostile file name
    /// cannot drive the terminal.
    static func message(path: String) -> String {
        let shown = path.utf8.map { byte in
            (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\")
                ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16, uppercase: true)
        }.joined()
        return """
            Error: the breach corpus \(shown) shrank while pwaudit was reading it (truncated or rewritten in place?); \
            pwaudit stopped, and an import it was running stored nothing ('pwaudit runs' lists it as stale). Replace \
            a corpus by writing the new file beside it and renaming it over the old one.

            """
    }

    private static let handleBusError: SignalInformationHandler = { signal, information, _ in
        let address = UInt(bitPattern: information?.pointee.faultAddress)
        for slot in 0..<CorpusMappingGuard.capacity {
            let entry = CorpusMappingGuard.entries[slot]
            guard let message = entry.message, entry.start <= address, address < entry.end else { continue }
            _ = write(STDERR_FILENO, message, entry.length)
            _exit(ExitCode.ioError.rawValue)
        }
        var fallback = sigaction(handler: SIG_DFL)
        _ = sigaction(signal, &fallback, nil)
        _ = raise(signal)
    }
}
