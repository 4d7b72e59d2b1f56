import AuditCrypto
import Foundation
import LibC
import PasswordPolicy

/// A Have I Been Pwned Pwned Passwords file, searched in place: memory-mapped, never read whole.
///
/// Opening maps the file, checks its first and last lines and samples 1,024 lines (`CorpusSamples`; no scan), so it
/// costs about the same for a million lines as for a billion. A lookup hashes the password (SHA-1, or MD4 of UTF-16LE
/// for NTLM) and runs an interpolation search over the lines (``HIBPCorpus/search(_:)``), checking every line it reads
/// for format and order. Safe to query from many threads; the process's own memory does not grow with the file (the
/// pages read are the kernel's page cache). A file truncated while mapped ends the process with one clear line
/// (``CorpusMappingGuard``), not a crash.
package final class HIBPCorpus: BlocklistSource, @unchecked Sendable {
    /// The file's path, as given.
    package let path: String
    /// How its lines are keyed.
    package let format: BreachCorpusReference.Format
    /// The mapped file.
    let bytes: UnsafeBufferPointer<UInt8>
    /// ``CorpusLine/hexValues``, held as a pointer so that lookups touch no array.
    let hex: UnsafeMutablePointer<UInt8>
    /// Evenly spaced lines read at open, where every search starts (set once in `init`).
    private(set) var samples = CorpusSamples.empty
    private let lock = NSLock()
    private var firstFault: CorpusError?
    /// The mapping's slot in ``CorpusMappingGuard`` (set once in `init`).
    private var guardSlot: Int?
    /// The open file, kept to tell whether it changed since it was mapped (``fault``).
    private let descriptor: Int32
    /// The mapping's length: the whole file, of which ``bytes`` leaves out trailing line ends.
    private let mappedSize: Int
    /// The file's size and modification time when it was mapped.
    private let identity: [Int]

    /// Maps the corpus at `path` and checks its first and last lines.
    /// - Throws: `CorpusError` when the file is missing, unreadable, empty, or its first or last line is malformed,
    ///   of another format, or out of order.
    package init(path: String, format: BreachCorpusReference.Format) throws(CorpusError) {
        self.path = path
        self.format = format
        let file: RegularFile
        do {
            file = try RegularFile(path: path)
        } catch .missing {
            throw .missing(path: path)
        } catch .unreadable(let reason) {
            throw .unreadable(path: path, reason: reason)
        } catch {
            throw .unreadable(path: path, reason: "not a regular file")
        }
        let descriptor = file.descriptor
        let status = file.status
        let size = Int(status.st_size)
        guard size > 0 else {
            close(descriptor)
            throw .empty(path: path)
        }
        guard let base = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), base != MAP_FAILED else {
            let reason = SystemCall.describe(errno)
            close(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
        _ = madvise(base, size, MADV_RANDOM)
        self.descriptor = descriptor
        mappedSize = size
        identity = Self.identity(status)
        // Line ends after the last line are not a line (an editor's or a concatenation's blank line at the end).
        let start = base.assumingMemoryBound(to: UInt8.self)
        var end = size
        while end > 0, start[end - 1] == 0x0A || start[end - 1] == 0x0D { end -= 1 }
        bytes = UnsafeBufferPointer(start: start, count: end)
        hex = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        hex.initialize(from: CorpusLine.hexValues, count: 256)
        guardSlot = CorpusMappingGuard.register(UnsafeRawBufferPointer(start: base, count: size), path: path)
        guard end > 0 else { throw .empty(path: path) }
        try checkEnds()
        samples = try CorpusSamples(self)
    }

    deinit {
        if let guardSlot { CorpusMappingGuard.unregister(guardSlot) }
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), mappedSize)
        close(descriptor)
        hex.deallocate()
    }

    /// The first fault a lookup met (a malformed or unsorted line), or ``CorpusError/changed(path:)`` when the file
    /// was written since it was mapped (its lines may have moved under the lookups), or `nil`. Lookups after a fault
    /// answer 0 for the damaged stretch, so a caller reports this error once evaluation is over instead of trusting
    /// the results.
    package var fault: CorpusError? {
        lock.lock()
        defer { lock.unlock() }
        if firstFault == nil {
            var status = stat()
            if fstat(descriptor, &status) != 0 || Self.identity(status) != identity {
                firstFault = .changed(path: path)
            }
        }
        return firstFault
    }

    /// What tells a file's contents changed: its size and modification time (not the change time, which moves when
    /// a new file is renamed over the path and unlinks this one, leaving its contents as they were).
    private static func identity(_ status: stat) -> [Int] {
        [Int(status.st_size), status.st_mtim.tv_sec, status.st_mtim.tv_nsec]
    }

    /// How many times `password` (UTF-8) was seen; 0 when absent (or when a damaged line was met: see ``fault``).
    package func occurrences(of password: UnsafeBufferPointer<UInt8>) -> Int {
        withUnsafeTemporaryAllocation(byteCount: 20, alignment: 8) { digest in
            switch format {
            case .sha1: SHA1.digest(UnsafeRawBufferPointer(password), into: digest.baseAddress!)
            case .ntlm: NTLMHash.digest(utf8: password, into: digest.baseAddress!)
            }
            let length = format == .sha1 ? SHA1.byteCount : NTLMHash.byteCount
            let key = CorpusKey(digest: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(digest)[0..<length]))
            do throws(CorpusError) {
                return try search(key)
            } catch {
                record(error)
                return 0
            }
        }
    }

    /// Drops this process's mapping of the pages of `range` (the kernel keeps them cached; a later read maps them
    /// again), so that a sequential pass over a large file does not hold it all in the process's RSS.
    package func releasePages(_ range: Range<Int>) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = range.lowerBound / page * page
        let end = range.upperBound / page * page
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress! + start), end - start, MADV_DONTNEED)
    }

    /// The count of the line whose hash is `digest` (16 or 20 bytes), for tests and `corpus` tools.
    package func occurrences(ofDigest digest: [UInt8]) throws(CorpusError) -> Int {
        let key = digest.withUnsafeBytes { CorpusKey(digest: $0) }
        return try search(key)
    }

    /// Parses the line at `start`, turning a problem into the error for this file.
    @inline(__always)
    func line(at start: Int) throws(CorpusError) -> CorpusLine {
        do {
            return try CorpusLine.parse(bytes, at: start, digits: format.hexDigits, hex: hex)
        } catch {
            throw error.corpusError(path: path, format: format, line: nil, offset: start)
        }
    }

    private func checkEnds() throws(CorpusError) {
        let first = try line(at: 0)
        var lastStart = bytes.count - 1
        while lastStart > 0, bytes[lastStart] == 0x0A || bytes[lastStart] == 0x0D { lastStart -= 1 }
        while lastStart > 0, bytes[lastStart - 1] != 0x0A { lastStart -= 1 }
        guard lastStart > 0 else { return }
        let last = try line(at: lastStart)
        guard first.key < last.key else { throw .unsorted(path: path, line: nil, byteOffset: lastStart) }
    }

    private func record(_ error: CorpusError) {
        lock.lock()
        if firstFault == nil { firstFault = error }
        lock.unlock()
    }
}

extension CorpusLine.Problem {
    /// The error for `path`, whose line `line` (when known) starts at `offset`.
    func corpusError(
        path: String, format: BreachCorpusReference.Format, line: Int?, offset: Int
    ) -> CorpusError {
        switch self {
        case .malformed(let reason):
            return .malformed(path: path, line: line, byteOffset: offset, reason: reason)
        case .hashDigits(let digits) where line == nil && offset == 0:
            return .wrongFormat(path: path, expected: format, digits: digits)
        case .hashDigits(let digits):
            let other = digits == 32 ? " (an NTLM hash in a SHA-1 corpus?)" : digits == 40 ? " (a SHA-1 hash?)" : ""
            return .malformed(
                path: path, line: line, byteOffset: offset,
                reason: "has a \(digits)-digit hash where \(format.hexDigits) are expected\(other)")
        }
    }
}
