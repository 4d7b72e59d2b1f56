import PasswordPolicy

/// Reads a whole corpus in order, checking every line's format and that each hash sorts after the one before; the
/// pages read are released as it goes, so its memory stays small whatever the file's size.
package enum CorpusVerifier {
    /// What a clean corpus holds.
    package struct Summary: Equatable, Sendable {
        /// Its format.
        package var format: BreachCorpusReference.Format
        /// Lines (hashes) in the file.
        package var lines: Int
        /// Sum of the counts, saturating.
        package var sightings: Int
        /// The file's size in bytes.
        package var bytes: Int
    }

    /// Verifies `corpus` line by line.
    /// - Throws: `CorpusError.malformed` or `.unsorted` naming the first bad line by number.
    package static func verify(_ corpus: HIBPCorpus) throws(CorpusError) -> Summary {
        let bytes = corpus.bytes
        var start = 0
        var number = 0
        var previous: CorpusKey? = nil
        var sightings = 0
        var released = 0
        while start < bytes.count {
            if start - released >= 1 << 26 {  // every 64 MiB read, let go of it
                corpus.releasePages(released..<start)
                released = start
            }
            number += 1
            let line: CorpusLine
            do {
                line = try CorpusLine.parse(bytes, at: start, digits: corpus.format.hexDigits, hex: corpus.hex)
            } catch {
                throw error.corpusError(path: corpus.path, format: corpus.format, line: number, offset: start)
            }
            if let previous, !(previous < line.key) {
                throw .unsorted(path: corpus.path, line: number, byteOffset: start)
            }
            previous = line.key
            sightings = sightings.addingReportingOverflow(line.count).overflow ? .max : sightings + line.count
            start = line.end
        }
        return Summary(format: corpus.format, lines: number, sightings: sightings, bytes: bytes.count)
    }
}
