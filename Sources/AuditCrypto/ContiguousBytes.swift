/// A value whose bytes can be borrowed as one contiguous buffer (`[UInt8]`, `ArraySlice`, `Data`-like types).
///
/// AuditCrypto does not import Foundation; `Foundation.Data` conforms by an empty extension where needed.
package protocol ContiguousBytes {
    /// Calls `body` with a pointer to the value's bytes, valid only for the duration of the call.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension Array: ContiguousBytes where Element == UInt8 {}
extension ArraySlice: ContiguousBytes where Element == UInt8 {}
extension ContiguousArray: ContiguousBytes where Element == UInt8 {}
