import Foundation
import PwauditTestSupport
import Testing

/// The throwaway cluster goes away with its test process: at a normal exit (the `atexit` hook) and when the process is
/// killed (the watcher), so that no aborted run leaves a server behind.
@Suite(.enabled(if: PostgresTestCluster.isEnabled, PostgresTestCluster.skipReason))
struct PostgresTestClusterTests {
    private static let exitingChild = "postgres-cluster-exits"
    private static let killedChild = "postgres-cluster-killed"

    @Test(arguments: [exitingChild, killedChild])
    func clusterIsStoppedAndRemovedWhenItsProcessEnds(child: String) throws {
        let test = child == Self.exitingChild ? "startsAndExitsInChild" : "startsAndIsKilledInChild"
        let outcome = try ChildTest.run(child, filter: "PostgresTestClusterTests/\(test)")
        if child == Self.killedChild { #expect(outcome.status == SIGKILL, "\(outcome.output)") }
        let line = try #require(
            outcome.output.split(separator: "\n").first { $0.hasPrefix("cluster: ") }, "\(outcome.output)")
        let words = line.split(separator: " ")
        let directory = String(words[1])
        let pid = try #require(pid_t(words[2]))
        #expect(directory.hasPrefix("/tmp/pwaudit-pg-"))
        // The hook runs before exit returns; the watcher polls every second and waits for the server up to 5 s.
        let gone = waitUntil(seconds: 20) {
            !FileManager.default.fileExists(atPath: directory) && (kill(pid, 0) != 0 || Self.isZombie(pid))
        }
        #expect(gone, "\(directory) and server \(pid) are gone")
    }

    @Test(
        "starts a cluster, then exits", .enabled(if: ChildTest.isChild(exitingChild), "runs only in the test's child"))
    func startsAndExitsInChild() throws {
        try Self.announce(PostgresTestCluster.shared())
    }

    @Test(
        "starts a cluster, then is killed",
        .enabled(if: ChildTest.isChild(killedChild), "runs only in the test's child"))
    func startsAndIsKilledInChild() throws {
        try Self.announce(PostgresTestCluster.shared())
        kill(getpid(), SIGKILL)
    }

    /// Prints `cluster: <directory> <postmaster pid>` for the parent.
    private static func announce(_ cluster: PostgresTestCluster) throws {
        let pidFile = try String(contentsOfFile: cluster.directory + "/data/postmaster.pid", encoding: .utf8)
        let pid = try #require(pidFile.split(separator: "\n").first)
        print("cluster: \(cluster.directory) \(pid)")
        fflush(nil)
    }

    /// Whether `pid` has ended but not been reaped yet (state `Z` in /proc).
    private static func isZombie(_ pid: pid_t) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return status.split(separator: ")").last?.split(separator: " ").first == "Z"
    }
}
