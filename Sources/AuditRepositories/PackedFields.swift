/// Optional byte strings packed back to back in one buffer: how import batches carry many short fields between
/// threads without a `String` (and an allocation) per field.
package struct PackedFields: Sendable {
    private var bytes: [UInt8] = []
    /// Per field, its offset into `bytes` and its length; a length of -1 is nil.
    private var spans: [Int32] = []

    /// An empty buffer with room for `fields` fields of `bytes` bytes in all.
    package init(fields: Int = 0, bytes: Int = 0) {
        self.bytes.reserveCapacity(bytes)
        spans.reserveCapacity(fields * 2)
    }

    /// Appends a copy of `field`, or nil.
    package mutating func append(_ field: UnsafeRawBufferPointer?) {
        guard let field else {
            spans.append(0)
            spans.append(-1)
            return
        }
        spans.append(Int32(bytes.count))
        spans.append(Int32(field.count))
        bytes.append(contentsOf: field.assumingMemoryBound(to: UInt8.self))
    }

    /// Runs `body` with read access to the fields; what it reads is valid only during the call.
    package func withFields<R, E: Error>(_ body: (Reader) throws(E) -> R) throws(E) -> R {
        try bytes.withUnsafeBufferPointer { bytes throws(E) in
            try spans.withUnsafeBufferPointer { spans throws(E) in
                try body(Reader(bytes: UnsafeRawBufferPointer(bytes), spans: spans))
            }
        }
    }

    /// Borrowed access to the fields of a `PackedFields`.
    package struct Reader {
        let bytes: UnsafeRawBufferPointer
        let spans: UnsafeBufferPointer<Int32>

        /// Field `index` (in append order), or nil.
        package subscript(index: Int) -> UnsafeRawBufferPointer? {
            let length = Int(spans[index * 2 + 1])
            guard length >= 0 else { return nil }
            return UnsafeRawBufferPointer(start: bytes.baseAddress.map { $0 + Int(spans[index * 2]) }, count: length)
        }
    }
}
