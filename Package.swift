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

        // Policy interchange: Apple password rules and pwquality.conf, read and written. Foundation and the engine only.
        .target(name: "PolicyInterchange", dependencies: ["PasswordPolicy"]),

        // C system libraries.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),

        // The platform's C library (Glibc or Darwin) under one name: the only `#if canImport(Glibc)` in Sources.
        .target(name: "LibC"),
        // Exit codes and the protocol every user-facing error conforms to; below every module that throws.
        // The engine does not depend on it (it stays Foundation-only): PolicyAudit gives PolicyError its code.
        .target(name: "ExitStatus"),
        // SHA-256 / HMAC-SHA256 over libcrypto.
        .target(name: "AuditCrypto", dependencies: ["CCrypto", "ExitStatus"]),
        // SQLite wrapper, migrator, repositories.
        .target(name: "PolicyStore", dependencies: ["CSQLite", "AuditCrypto", "ExitStatus", "LibC"]),
        // CSV reader: bytes in, validated records out (RFC 4180 dialects, UTF-8 checks, reject reasons). No SQLite.
        .target(name: "PolicyCSV", dependencies: ["ExitStatus", "LibC"]),
        // Report models (run, comparison, history) and their renderers (table, JSON, CSV, Markdown, HTML).
        .target(name: "PolicyReports", dependencies: ["ExitStatus"]),
        // The demo's sample generator: seeded synthetic candidates and the demo policy's versions. Pure Swift, no I/O.
        .target(name: "PolicyDemo"),
        // Use cases: CSV import pipeline, scoring, rescore, report builders, demo.
        .target(
            name: "PolicyAudit",
            dependencies: [
                "PasswordPolicy", "PolicyCSV", "PolicyDemo", "PolicyInterchange", "PolicyReports", "PolicyStore",
                "AuditCrypto", "ExitStatus", "LibC",
            ]),
        // Argument parsing, one file per subcommand, exit codes.
        .target(
            name: "PolicyAuditCLI",
            dependencies: [
                "PolicyAudit", "PolicyCSV", "PolicyDemo", "PolicyReports", "PasswordPolicy", "ExitStatus", "LibC",
            ]),
        .executableTarget(name: "pwaudit", dependencies: ["PolicyAuditCLI"]),
        // Throughput benchmark of the rule engine (bench/engine.sh).
        .executableTarget(name: "pwaudit-bench", dependencies: ["PasswordPolicy"], path: "Sources/PolicyBench"),

        // What several test targets share: temporary directories, the checkout and shared/ locators, the built
        // binary, canary scans, FIFO feeds. Depends on no module under test beyond AuditCrypto (the canary digests).
        .target(name: "PwauditTestSupport", dependencies: ["AuditCrypto"], path: "Tests/PwauditTestSupport"),
        .testTarget(name: "PasswordPolicyTests", dependencies: ["PasswordPolicy"]),
        .testTarget(
            name: "PolicyInterchangeTests", dependencies: ["PolicyInterchange", "PasswordPolicy", "PwauditTestSupport"]),
        .testTarget(
            name: "PolicyStoreTests",
            dependencies: ["PolicyStore", "PolicyCSV", "AuditCrypto", "ExitStatus", "PwauditTestSupport"]),
        .testTarget(
            name: "PolicyAuditTests",
            dependencies: [
                "PolicyAudit", "PolicyCSV", "PolicyDemo", "PolicyInterchange", "PolicyReports", "PolicyStore",
                "PasswordPolicy", "ExitStatus", "PwauditTestSupport",
            ]),
        .testTarget(
            name: "PolicyAuditCLITests",
            dependencies: [
                "PolicyAuditCLI", "PolicyAudit", "PolicyCSV", "PolicyDemo", "PolicyReports", "PolicyStore",
                "PasswordPolicy", "ExitStatus", "PwauditTestSupport",
            ]
        ),
    ]
)
