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

        // SHA-256 / HMAC-SHA256 over libcrypto.
        .target(name: "AuditCrypto", dependencies: ["CCrypto"]),
        // SQLite wrapper, migrator, repositories.
        .target(name: "PolicyStore", dependencies: ["CSQLite", "AuditCrypto"]),
        // Use cases: CSV import, scoring, reports, demo.
        .target(name: "PolicyAudit", dependencies: ["PasswordPolicy", "PolicyStore", "AuditCrypto"]),
        // Argument parsing, one file per subcommand, exit codes.
        .target(name: "PolicyAuditCLI", dependencies: ["PolicyAudit", "PolicyStore", "PasswordPolicy"]),
        .executableTarget(name: "pwaudit", dependencies: ["PolicyAuditCLI"]),
        // Throughput benchmark of the rule engine (bench/engine.sh).
        .executableTarget(name: "pwaudit-bench", dependencies: ["PasswordPolicy"], path: "Sources/PolicyBench"),

        .testTarget(name: "PasswordPolicyTests", dependencies: ["PasswordPolicy"]),
        .testTarget(name: "PolicyStoreTests", dependencies: ["PolicyStore", "AuditCrypto"]),
        .testTarget(name: "PolicyAuditTests", dependencies: ["PolicyAudit", "PolicyStore", "PasswordPolicy"]),
        .testTarget(
            name: "PolicyAuditCLITests",
            dependencies: ["PolicyAuditCLI", "PolicyAudit", "PolicyStore", "PasswordPolicy"]
        ),
    ]
)
