import CZlib

/// Decompresses a gzip file's bytes (a `file:` list ending in `.gz`) with the system zlib.
enum GzipDecoder {
    /// The decompressed bytes of `compressed` (one or more gzip members), or `nil` when it is not valid gzip.
    static func decompress(_ compressed: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 32: zlib detects the gzip header (https://zlib.net/manual.html#Advanced).
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        output.reserveCapacity(compressed.count * 4)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        return compressed.withUnsafeBufferPointer { input -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                output += chunk[0..<(chunk.count - Int(stream.avail_out))]
                switch status {
                case Z_STREAM_END:
                    guard stream.avail_in > 0 else { return output }
                    guard inflateReset(&stream) == Z_OK else { return nil }  // a further gzip member
                case Z_OK:
                    if stream.avail_in == 0 && stream.avail_out > 0 { return nil }  // cut short
                default:
                    return nil
                }
            }
        }
    }
}
