import ExitStatus
import Foundation
import LibC
import Synchronization

/// Turns the `SIGBUS` of a corpus file that shrank while mapped into one clear line and exit 74, instead of a crash
/// report.
///
/// The kernel sends `SIGBUS` when a read reaches a page the file no longer has: someone truncated the corpus or
/// rewrote it in place (`curl … > pwned.txt`) while pwaudit searched it. Nothing can be recovered at that point, but
/// nothing is lost either: an import's rows are written in one transaction that SQLite rolls back, and the run is
/// listed as stale. Each open corpus registers its mapped range with its message, written in advance; the handler
/// only reads that table, `write(2)`s and `_exit(2)`s (all async-signal-safe), once for the process however many
/// threads fault. Any other `SIGBUS` (a fault outside every corpus, one sent by `kill`) goes to the action there was
/// before (the Swift runtime's crash report, or the default).
package enum CorpusMappingGuard {
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
    /// The action `SIGBUS` had before the guard's (set once, before the guard is installed).
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
    /// Set by the first thread that reports a corpus fault; the others wait for its `_exit`.
    private static let reporting = Atomic<Bool>(false)
    private static let installed: Void = {
        _ = entries
        _ = reporting.load(ordering: .relaxed)
        previous.initialize(to: sigaction())
        var action = sigaction(informationHandler: handleBusError)
        _ = sigaction(SIGBUS, &action, previous)
    }()

    /// Installs the guard's `SIGBUS` action now (once per process; registering a corpus also does). A program that
    /// puts in its own `SIGBUS` handler that passes faults on (the live checklist's) calls this first.
    package static func install() { installed }

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
        // The handler reads without the lock: the message, which it tests first, is published last.
        entries[slot].start = start
        entries[slot].end = start + UInt(range.count)
        entries[slot].length = text.count
        entries[slot].message = message
        return slot
    }

    /// Forgets the corpus in `slot` (its mapping is about to go).
    static func unregister(_ slot: Int) {
        lock.lock()
        defer { lock.unlock() }
        let message = entries[slot].message
        entries[slot].message = nil  // first, so that the handler no longer matches the range
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
        // Only the kernel's faults (si_code > 0) carry an address; a SIGBUS sent by kill carries a pid there.
        let isFault = (information?.pointee.si_code ?? 0) > 0
        let address = isFault ? UInt(bitPattern: information?.pointee.faultAddress) : 0
        for slot in 0..<CorpusMappingGuard.capacity where isFault {
            let entry = CorpusMappingGuard.entries[slot]
            guard let message = entry.message, entry.start <= address, address < entry.end else { continue }
            if CorpusMappingGuard.reporting.exchange(true, ordering: .relaxed) {
                while true { _ = pause() }  // another thread is reporting and will end the process
            }
            _ = write(STDERR_FILENO, message, entry.length)
            _exit(ExitCode.ioError.rawValue)
        }
        // Not a corpus's: the action there was before. A fault recurs when this returns; a sent signal is raised.
        _ = sigaction(signal, CorpusMappingGuard.previous, nil)
        if !isFault || CorpusMappingGuard.previous.pointee.isDefaultAction { _ = raise(signal) }
    }
}
