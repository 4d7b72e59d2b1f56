import CZlib

/// Decompresses a gzip file's bytes (a `file:` list ending in `.gz`) with the system zlib.
enum GzipDecoder {
    /// Why the bytes gave no text.
    enum Failure: Error, Equatable {
        /// Not gzip, damaged, or cut short.
        case invalid
        /// It decompresses to more than the limit (a gzip bomb, or a file that is no word list).
        case exceedsLimit
    }

    /// The decompressed bytes of `compressed` (one or more gzip members), at most `limit` of them.
    /// - Throws: `Failure.invalid` when it is not valid gzip, `.exceedsLimit` as soon as the output passes `limit`
    ///   (also for input zlib cannot take in one piece, 4 GiB or more, which is far beyond any limit we set).
    static func decompress(_ compressed: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        guard compressed.count < Int(UInt32.max) else { throw .exceedsLimit }
        var stream = z_stream()
        // windowBits 15 + 32: zlib detects the gzip header (https://zlib.net/manual.html#Advanced).
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .invalid
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        output.reserveCapacity(min(compressed.count * 4, limit))
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        return try compressed.withUnsafeBufferPointer { input throws(Failure) -> [UInt8] in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                guard output.count + produced <= limit else { throw .exceedsLimit }
                output += chunk[0..<produced]
                switch status {
                case Z_STREAM_END:
                    guard stream.avail_in > 0 else { return output }
                    // Zeros after the last member are padding (tape blocks), which gzip itself accepts.
                    let rest = UnsafeBufferPointer(start: stream.next_in, count: Int(stream.avail_in))
                    if !rest.contains(where: { $0 != 0 }) { return output }
                    guard inflateReset(&stream) == Z_OK else { throw .invalid }  // a further gzip member
                case Z_OK:
                    if stream.avail_in == 0 && stream.avail_out > 0 { throw .invalid }  // cut short
                default:
                    throw .invalid
                }
            }
        }
    }
}
