/// A forward-only supply of bytes that `CSVReader` pulls from in large chunks.
///
/// Implementations never hand out more than the destination can hold and return `0` only at the end of
/// the input. The reader owns the buffer; a source only copies into it.
package protocol ByteSource: AnyObject {
    /// Copies up to `buffer.count` bytes into `buffer` and returns how many were copied (`0` at the end).
    ///
    /// - Throws: `CSVImportError.readFailed` when the underlying descriptor reports an error.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(CSVImportError) -> Int

    /// The total size of the input in bytes when it is known up front (a regular file), else `nil`.
    var totalByteCount: Int? { get }
}
