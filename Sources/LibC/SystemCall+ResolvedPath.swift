import Foundation

extension SystemCall {
    /// `path` with every symbolic link followed (a dangling link to its would-be target), as an absolute path; for
    /// a file that does not exist, its resolved directory joined with its name.
    ///
    /// The one resolution both sides of a clash check use: `OutputFile` for the file it would write, the SQLite store
    /// for the journals SQLite names after the database's resolved path.
    package static func resolvedPath(_ path: String) -> String {
        resolvedPath(path, depth: 0)
    }

    private static func resolvedPath(_ path: String, depth: Int) -> String {
        if let real = realPath(path) { return real }
        let directory = (path as NSString).deletingLastPathComponent
        var info = stat()
        if depth < 32, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let target = linkTarget(path) {
            let next = target.hasPrefix("/") ? target : (directory as NSString).appendingPathComponent(target)
            return resolvedPath(next, depth: depth + 1)
        }
        let base = (path as NSString).lastPathComponent
        guard let realDirectory = realPath(directory.isEmpty ? "." : directory) else { return path }
        return (realDirectory as NSString).appendingPathComponent(base)
    }

    /// `realpath(3)` as text, nil when it fails (no such file).
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
