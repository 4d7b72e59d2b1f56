import Foundation
import LibC
import Testing

/// A throwaway PostgreSQL cluster for the tests: `initdb` in a new directory under `/tmp`, a server listening only on a
/// Unix socket in that directory, started once per test process (on first use) and stopped and removed when the
/// process ends.
///
/// `initdb` and `postgres` refuse to run as root, so as root the cluster belongs to an unprivileged user: `postgres`
/// (which Debian's `postgresql` package creates), else `nobody`, through `runuser`. The cluster is stopped and removed
/// by an `atexit` hook and, should the process die without running it (SIGKILL, a crash), by a watcher started with
/// it: a shell in its own session that polls the test process every second and then stops the server (SIGQUIT,
/// immediate shutdown) and removes the directory. Authentication is `trust`, except for members of the role
/// `password_login`, which need their password (`scram-sha-256`).
///
/// The server's binaries are looked for in `/usr/lib/postgresql/<major>/bin` (Debian's place, newest first), then on
/// `PATH`. Without them the PostgreSQL tests skip (``isEnabled`` is false, ``skipReason`` says why), except when
/// `CI=true`, where they run and fail.
package final class PostgresTestCluster: Sendable {
    /// The directory holding `data/`, the socket and `server.log`.
    package let directory: String
    /// The port, which names the socket file (`.s.PGSQL.<port>`); nothing listens on TCP.
    package let port = 5432
    /// The superuser `initdb` creates.
    package static let superuser = "pwaudit_test"
    /// The role whose members must give a password (pg_hba.conf: `local all +password_login scram-sha-256`).
    package static let passwordGroup = "password_login"
    private let binaries: String

    /// The directory with `initdb`, `pg_ctl`, `postgres` and `createdb`, or nil when no server is installed.
    package static let serverBinaries: String? = {
        let names = ["initdb", "pg_ctl", "postgres", "createdb", "psql"]
        func complete(_ directory: String) -> Bool {
            names.allSatisfy { FileManager.default.isExecutableFile(atPath: directory + "/" + $0) }
        }
        let debian = "/usr/lib/postgresql"
        let majors = ((try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? []).compactMap(Int.init)
        for major in majors.sorted(by: >) where complete("\(debian)/\(major)/bin") { return "\(debian)/\(major)/bin" }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map(String.init).first(where: complete)
    }()

    /// Whether CI requires the PostgreSQL tests to run (`CI=true`), so that a missing server fails them.
    package static let isRequired = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether the PostgreSQL tests run here: a server is installed, or CI requires one.
    package static let isEnabled = serverBinaries != nil || isRequired

    /// The one line a skipped PostgreSQL test says.
    package static let skipReason: Comment =
        "PostgreSQL tests skipped: no server binaries (initdb, pg_ctl, postgres) in /usr/lib/postgresql/*/bin or on PATH; install postgresql (CI=true makes this a failure)"

    /// The cluster of this test process, started on first use; the error, if it could not start.
    private static let started: Result<PostgresTestCluster, PostgresTestClusterError> = Result {
        () throws(PostgresTestClusterError) -> PostgresTestCluster in
        guard let binaries = serverBinaries else { throw .noServer }
        return try PostgresTestCluster(binaries: binaries)
    }

    /// The cluster of this test process, starting it on first use.
    /// - Throws: `PostgresTestClusterError` when no server is installed or it does not start (also when `CI=true`).
    package static func shared() throws -> PostgresTestCluster { try started.get() }

    private init(binaries: String) throws(PostgresTestClusterError) {
        self.binaries = binaries
        var template = Array("/tmp/pwaudit-pg-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw .setup("mkdtemp: \(SystemCall.describe(errno))") }
        directory = String(cString: created)
        let owner = Self.serverUser
        if let owner {
            chmod(directory, 0o755)
            guard chown(directory, owner.uid, owner.gid) == 0 else {
                throw .setup("chown \(directory) to \(owner.name): \(SystemCall.describe(errno))")
            }
        }
        Self.clusterToRemove = directory
        atexit { PostgresTestCluster.removeAtExit() }
        try startWatcher()
        try runAsServerUser(
            "initdb", ["-D", "data", "-U", Self.superuser, "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync"])
        let hba = """
            local all +\(Self.passwordGroup) scram-sha-256
            local all all trust

            """
        do {
            try hba.write(toFile: directory + "/data/pg_hba.conf", atomically: false, encoding: .utf8)
        } catch { throw .setup("cannot write pg_hba.conf: \(error)") }
        let options = "-k \(directory) -h '' -p \(port) -F -c max_connections=200 -c password_encryption=scram-sha-256"
        try runAsServerUser("pg_ctl", ["-D", "data", "-l", "server.log", "-w", "-t", "60", "-o", options, "start"])
        try psql("CREATE ROLE \(Self.passwordGroup) NOLOGIN")
    }

    // MARK: Databases

    /// A libpq URI for `database` over the cluster's socket, as `user` (the superuser by default).
    package func uri(database: String, user: String = superuser, password: String? = nil) -> String {
        let secret = password.map { ":" + Self.percentEncoded($0) } ?? ""
        return "postgresql://\(user)\(secret)@/\(database)?host=\(directory)&port=\(port)"
    }

    /// Creates a new, empty database with a unique name and returns it; it is dropped when the value is released.
    package func createDatabase() throws -> PostgresTestDatabase {
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try client("createdb", ["-h", directory, "-p", "\(port)", "-U", Self.superuser, name])
        return PostgresTestDatabase(cluster: self, name: name, uri: uri(database: name))
    }

    /// Runs `sql` with `psql` as the superuser in `database`, stopping at the first error.
    package func psql(_ sql: String, database: String = "postgres") throws(PostgresTestClusterError) {
        try client(
            "psql",
            [
                "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", directory, "-p", "\(port)", "-U", Self.superuser,
                "-d", database, "-c", sql,
            ])
    }

    func dropDatabase(_ name: String) {
        try? client("dropdb", ["-h", directory, "-p", "\(port)", "-U", Self.superuser, "--force", name])
    }

    /// The server's log so far (what it wrote to `server.log`).
    package func serverLog() -> String {
        (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8)) ?? ""
    }

    // MARK: Processes

    /// The user the server runs as: nil when this process is not root (it runs as this process's user).
    private static let serverUser: (name: String, uid: uid_t, gid: gid_t)? = {
        guard geteuid() == 0 else { return nil }
        for name in ["postgres", "nobody"] {
            if let entry = getpwnam(name) { return (name, entry.pointee.pw_uid, entry.pointee.pw_gid) }
        }
        return nil
    }()

    /// Runs one of the server's programs in `directory`, as the server's user.
    private func runAsServerUser(_ program: String, _ arguments: [String]) throws(PostgresTestClusterError) {
        let command =
            "cd \(Self.quoted(directory)) && exec "
            + ([binaries + "/" + program] + arguments).map(Self.quoted)
            .joined(separator: " ")
        if let owner = Self.serverUser {
            try run("/usr/sbin/runuser", ["-u", owner.name, "--", "/bin/sh", "-c", command], name: program)
        } else {
            try run("/bin/sh", ["-c", command], name: program)
        }
    }

    /// Runs one of the client programs (`createdb`, `psql`) as this process's user.
    private func client(_ program: String, _ arguments: [String]) throws(PostgresTestClusterError) {
        try run(binaries + "/" + program, arguments, name: program)
    }

    /// Runs `path` to its end (at most 90 s), its output to a file; throws with that output if it fails.
    private func run(_ path: String, _ arguments: [String], name: String) throws(PostgresTestClusterError) {
        let output = directory + "/\(name)-\(UUID().uuidString).out"
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer {
            close(descriptor)
            close(null)
            unlink(output)
        }
        let environment = ["PATH=/usr/bin:/bin", "LC_ALL=C", "PGCONNECT_TIMEOUT=10"]
        let child: SpawnedChild
        do {
            child = try SpawnedChild(
                path, arguments, stdin: null, stdout: descriptor, stderr: descriptor, environment: environment)
        } catch { throw .setup("cannot start \(path): \(error)") }
        let ending = child.wait(seconds: 90)
        guard ending == .exited(0) else {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            throw .commandFailed(command: name, output: text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Starts the dead-man watcher: a shell in its own session, ignoring terminal signals, that waits for this process
    /// to end and then stops the server and removes the directory.
    private func startWatcher() throws(PostgresTestClusterError) {
        let script = """
            trap '' HUP INT TERM QUIT
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            pid=$(head -n 1 \(Self.quoted(directory + "/data/postmaster.pid")) 2>/dev/null)
            if [ -n "$pid" ]; then
                kill -QUIT "$pid" 2>/dev/null
                for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
            fi
            rm -rf \(Self.quoted(directory))
            """
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        do {
            _ = try SpawnedChild("/bin/sh", ["-c", script], stdin: null, stdout: null, stderr: null, newSession: true)
        } catch { throw .setup("cannot start the cluster's watcher: \(error)") }
    }

    /// The directory of the started cluster, for the `atexit` hook (which can capture nothing); written once, before
    /// the hook is registered, under the lazy initialisation of `started`.
    nonisolated(unsafe) private static var clusterToRemove: String?

    /// Stops the server (immediate shutdown) and removes its directory; runs when the test process exits.
    private static func removeAtExit() {
        guard let directory = clusterToRemove else { return }
        let pidFile = directory + "/data/postmaster.pid"
        if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
            let pid = text.split(separator: "\n").first.flatMap({ pid_t($0) }), pid > 0
        {
            kill(pid, SIGQUIT)
            for _ in 0..<50 where kill(pid, 0) == 0 { usleep(100_000) }
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}

/// A database of the test cluster, dropped (`dropdb --force`) when released.
package final class PostgresTestDatabase: Sendable {
    /// The cluster it lives in.
    package let cluster: PostgresTestCluster
    /// Its name.
    package let name: String
    /// A libpq URI connecting to it as the superuser.
    package let uri: String

    init(cluster: PostgresTestCluster, name: String, uri: String) {
        self.cluster = cluster
        self.name = name
        self.uri = uri
    }

    deinit { cluster.dropDatabase(name) }
}

/// Why the test cluster is not there.
package enum PostgresTestClusterError: Error, CustomStringConvertible {
    /// No server binaries were found (and CI requires them).
    case noServer
    /// Preparing the directory failed.
    case setup(String)
    /// A server program failed: its name and output.
    case commandFailed(command: String, output: String)

    package var description: String {
        switch self {
        case .noServer: "\(PostgresTestCluster.skipReason) — CI=true requires a server"
        case .setup(let reason): "the PostgreSQL test cluster could not be prepared: \(reason)"
        case .commandFailed(let command, let output): "\(command) failed for the PostgreSQL test cluster: \(output)"
        }
    }
}
