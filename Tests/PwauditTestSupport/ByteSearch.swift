/// Finds `needle` in `haystack` (byte search, for scanning files and output for secrets).
package func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, haystack.count >= needle.count else { return false }
    let first = needle[0]
    var start = 0
    let last = haystack.count - needle.count
    return haystack.withUnsafeBufferPointer { hay in
        while start <= last {
            if hay[start] == first, hay[start..<(start + needle.count)].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }
}
