/// Large word lists, stored once per distinct content (by the SHA-256 of the file they came from), as policy
/// versions name them by reference: `PolicyLibrary` stores a version's lists as it adds it and fetches them when it
/// loads one.
package protocol WordListRepository {
    /// Stores a list's canonical entries (LF-terminated UTF-8) under `sha256`, unless a list with that SHA-256 is
    /// already stored (then nothing changes).
    func store(sha256: String, entryCount: Int, entries: [UInt8]) throws
    /// The stored list `sha256`: its entry count and entries, or `nil`.
    func list(sha256: String) throws -> (entryCount: Int, entries: [UInt8])?
    /// How many distinct lists are stored.
    func count() throws -> Int
}
