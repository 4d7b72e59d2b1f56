// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pwaudit",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "PasswordPolicy", targets: ["PasswordPolicy"]),
        .executable(name: "pwaudit", targets: ["pwaudit"]),
    ],
    targets: [
        // Rule engine: pure Swift, no SQLite, no terminal, no file I/O. Usable from an iOS app.
        .target(name: "PasswordPolicy"),

        // C system libraries.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),

        // Exit codes and the protocol every user-facing error conforms to; below every module that throws.
        // The engine does not depend on it (it stays Foundation-only): PolicyAudit gives PolicyError its code.
        .target(name: "ExitStatus"),
        // SHA-256 / HMAC-SHA256 over libcrypto.
        .target(name: "AuditCrypto", dependencies: ["CCrypto", "ExitStatus"]),
        // SQLite wrapper, migrator, repositories.
        .target(name: "PolicyStore", dependencies: ["CSQLite", "AuditCrypto", "ExitStatus"]),
        // Use cases: CSV import, scoring, reports, demo.
        .target(name: "PolicyAudit", dependencies: ["PasswordPolicy", "PolicyStore", "AuditCrypto", "ExitStatus"]),
        // Argument parsing, one file per subcommand, exit codes.
        .target(
            name: "PolicyAuditCLI", dependencies: ["PolicyAudit", "PolicyStore", "PasswordPolicy", "ExitStatus"]),
        .executableTarget(name: "pwaudit", dependencies: ["PolicyAuditCLI"]),
        // Throughput benchmark of the rule engine (bench/engine.sh).
        .executableTarget(name: "pwaudit-bench", dependencies: ["PasswordPolicy"], path: "Sources/PolicyBench"),

        // What several test targets share: temporary directories, the checkout and shared/ locators, the built
        // binary, canary scans, FIFO feeds. Depends on no module under test beyond AuditCrypto (the canary digests).
        .target(name: "PwauditTestSupport", dependencies: ["AuditCrypto"], path: "Tests/PwauditTestSupport"),
        .testTarget(name: "PasswordPolicyTests", dependencies: ["PasswordPolicy"]),
        .testTarget(
            name: "PolicyStoreTests", dependencies: ["PolicyStore", "AuditCrypto", "ExitStatus", "PwauditTestSupport"]),
        .testTarget(
            name: "PolicyAuditTests",
            dependencies: ["PolicyAudit", "PolicyStore", "PasswordPolicy", "ExitStatus", "PwauditTestSupport"]),
        .testTarget(
            name: "PolicyAuditCLITests",
            dependencies: [
                "PolicyAuditCLI", "PolicyAudit", "PolicyStore", "PasswordPolicy", "ExitStatus", "PwauditTestSupport",
            ]
        ),
    ]
)
