// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "pwaudit",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "PasswordPolicy", targets: ["PasswordPolicy"]),
        // Apple password rules and pwquality interchange (an app's AutoFill descriptor): pure Swift too.
        .library(name: "PolicyInterchange", targets: ["PolicyInterchange"]),
        // The live checklist's Presenter and View protocol (an app's password field): pure Swift too.
        .library(name: "PasswordChecklist", targets: ["PasswordChecklist"]),
        .executable(name: "pwaudit", targets: ["pwaudit"]),
    ],
    targets: [
        // Rule engine: pure Swift, no SQLite, no terminal, no file I/O. Usable from an iOS app.
        .target(name: "PasswordPolicy", dependencies: ["PasswordStrength", "PolicyPattern"]),

        // The `pattern` rule's linear-time matcher: parser → PatternNode → Thompson automaton → state-set simulation, no
        // backtracking. Foundation only, like the engine that uses it.
        .target(name: "PolicyPattern"),

        // Policy interchange: Apple password rules and pwquality.conf, read and written. Foundation and the engine only.
        .target(name: "PolicyInterchange", dependencies: ["PasswordPolicy"]),

        // The live checklist: a Presenter that evaluates each keystroke's password and hands a View protocol the rules'
        // ticks and the strength meter. Foundation and the engine only; the terminal view is the CLI's.
        .target(name: "PasswordChecklist", dependencies: ["PasswordPolicy", "PasswordStrength"]),

        // Strength estimation: zxcvbn's model (matchers, minimum-guesses search, score, feedback) and its embedded
        // ranked lists and keyboard graphs. Foundation only: usable from an iOS app like the engine.
        .target(name: "PasswordStrength"),

        // C system libraries.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

        // The platform's C library (Glibc or Darwin) under one name: the only `#if canImport(Glibc)` in Sources.
        .target(name: "LibC"),
        // Exit codes and the protocol every user-facing error conforms to; below every module that throws.
        // The engine does not depend on it (it stays Foundation-only): PolicyAudit gives PolicyError its code.
        .target(name: "ExitStatus"),
        // UTC instants: the one parser of every time pwaudit is given and the one canonical text it stores. Imports
        // nothing, so the CSV reader, the store and the use cases all read times the same way.
        .target(name: "AuditTime"),
        // SHA-256 / HMAC-SHA256 over libcrypto (and SHA-1 / MD4 for breach-corpus lookups only).
        // The fingerprint key's file (FingerprintKeyStore) lives here too: the key is read on this machine whatever the
        // store, and never goes to it.
        .target(name: "AuditCrypto", dependencies: ["CCrypto", "ExitStatus", "LibC"]),
        // What the use cases ask of a store: the repository protocols and the values they carry (stored versions and
        // runs, summaries, candidate batches), the store addresses and the provider that opens a store, and the errors of
        // the store boundary (AuditStoreError). No SQLite, no libpq: each store module implements these protocols.
        .target(name: "AuditRepositories", dependencies: ["AuditCrypto", "AuditTime", "ExitStatus"]),
        // SQLite wrapper, migrator, and the SQLite implementations of AuditRepositories' protocols.
        .target(
            name: "PolicyStore",
            dependencies: ["AuditRepositories", "AuditTime", "CSQLite", "AuditCrypto", "ExitStatus", "LibC"]),
        // PostgreSQL over libpq: the connection wrapper (parameterised text-format statements, single-row results,
        // COPY FROM STDIN, transactions), its migrator and the PostgreSQL implementations of AuditRepositories' protocols.
        .target(
            name: "PostgresStore",
            dependencies: ["AuditRepositories", "AuditTime", "CLibPQ", "AuditCrypto", "ExitStatus", "LibC"]),
        // The composition of the stores this build includes: DefaultAuditStoreProvider opens the store an address
        // names. The only module besides the executable (and tests) that names a store module.
        .target(name: "AuditStores", dependencies: ["AuditRepositories", "PolicyStore", "PostgresStore"]),
        // CSV reader: bytes in, validated records out (RFC 4180 dialects, UTF-8 checks, reject reasons). No SQLite.
        .target(name: "PolicyCSV", dependencies: ["AuditTime", "ExitStatus", "LibC"]),
        // Report models (run, comparison, history) and their renderers (table, JSON, CSV, Markdown, HTML).
        .target(name: "PolicyReports", dependencies: ["ExitStatus", "PolicyCompliance"]),
        // Standards as data (clauses, levels, citations, conflicts) judged against a parsed policy. Pure Swift, no I/O.
        .target(name: "PolicyCompliance", dependencies: ["PasswordPolicy"]),
        // Breach corpora searched in place (Have I Been Pwned's SHA-1 and NTLM files, memory-mapped): the engine's
        // BlocklistSource for "hibp:" lists, and `corpus verify`'s full check.
        .target(name: "BreachCorpus", dependencies: ["PasswordPolicy", "AuditCrypto", "ExitStatus", "LibC"]),
        // The demo's sample generator: seeded synthetic candidates and the demo policy's versions. Pure Swift, no I/O;
        // its submission times are written by AuditTime, as every stored time is.
        .target(name: "PolicyDemo", dependencies: ["AuditTime"]),
        // Tuning curves: a policy's variants (min-length, classes, require, drop, min-score) counted from a run's
        // stored tuning cells, without the passwords.
        .target(name: "PolicyTuning", dependencies: ["PasswordPolicy", "AuditRepositories", "ExitStatus"]),
        // Directory audits: an NTDS extract (secretsdump lines) and a hashcat potfile read, joined by NT hash and
        // assessed (empty password, LM hash, shared and breached NT hashes, the name in the password); the cracked
        // accounts scored through the CSV import, the directory report section. Never a hash or a password kept.
        .target(
            name: "DirectoryAudit",
            dependencies: [
                "AuditCrypto", "AuditRepositories", "BreachCorpus", "ExitStatus", "PasswordPolicy", "PolicyAudit",
                "PolicyCSV", "PolicyReports",
            ]),
        // Use cases: CSV import pipeline, scoring, rescore, report builders, demo.
        .target(
            name: "PolicyAudit",
            dependencies: [
                "PasswordPolicy", "PasswordStrength", "PolicyCompliance", "PolicyCSV", "PolicyDemo",
                "PolicyInterchange", "PolicyTuning",
                "PolicyReports", "AuditRepositories", "AuditTime", "AuditCrypto", "BreachCorpus", "CZlib", "ExitStatus",
                "LibC",
            ]),
        // Argument parsing, one file per subcommand, exit codes.
        .target(
            name: "PolicyAuditCLI",
            dependencies: [
                "PolicyAudit", "AuditRepositories", "AuditTime", "BreachCorpus", "DirectoryAudit", "PolicyCompliance",
                "PolicyCSV", "PolicyDemo", "PolicyReports", "PolicyTuning", "PasswordPolicy", "PasswordChecklist",
                "PasswordStrength", "ExitStatus", "LibC",
            ]),
        // The executable: the composition (which stores, from AuditStores) handed to the CLI.
        .executableTarget(name: "pwaudit", dependencies: ["PolicyAuditCLI", "AuditStores"]),
        // Throughput benchmark of the rule engine (bench/engine.sh), and the live checklist's keystroke-to-frame time
        // (bench/keystroke.sh), which needs the CLI's terminal view.
        .executableTarget(
            name: "pwaudit-bench", dependencies: ["PasswordPolicy", "PolicyAuditCLI"], path: "Sources/PolicyBench"),
        // Breach-corpus lookups per second, time to open and RSS (bench/breach.sh).
        .executableTarget(
            name: "pwaudit-breach-bench", dependencies: ["BreachCorpus"], path: "Sources/BreachBench"),
        // Strength estimates per CPU-second and the 1 KiB adversarial input's cost (bench/strength.sh).
        .executableTarget(
            name: "pwaudit-strength-bench", dependencies: ["PasswordStrength"], path: "Sources/StrengthBench"),

        // What several test targets share: temporary directories, the checkout and shared/ locators, the built
        // binary, canary scans, FIFO feeds. Depends on no module under test beyond AuditCrypto (the canary digests).
        .target(name: "PwauditTestSupport", dependencies: ["AuditCrypto", "LibC"], path: "Tests/PwauditTestSupport"),
        // What the use-case and CLI test targets share: the workspace, a demo and a location's files through the stores
        // this build includes.
        .target(
            name: "WorkspaceTestSupport", dependencies: ["PolicyAudit", "AuditStores", "AuditRepositories"],
            path: "Tests/WorkspaceTestSupport"),
        .testTarget(
            name: "PasswordPolicyTests",
            dependencies: [
                "PasswordPolicy", "PasswordChecklist", "PasswordStrength", "PolicyPattern", "PwauditTestSupport",
            ]),
        .testTarget(name: "PolicyPatternTests", dependencies: ["PolicyPattern"]),
        .testTarget(name: "PasswordStrengthTests", dependencies: ["PasswordStrength", "PwauditTestSupport"]),
        .testTarget(
            name: "BreachCorpusTests",
            dependencies: ["BreachCorpus", "PasswordPolicy", "AuditCrypto", "ExitStatus", "PwauditTestSupport"]),
        // The repository contract: every test runs against each AuditStore implementation (StoreUnderTest.all).
        .testTarget(
            name: "RepositoryContractTests",
            dependencies: [
                "AuditRepositories", "AuditStores", "AuditTime", "PolicyStore", "PostgresStore", "AuditCrypto",
                "PwauditTestSupport",
            ]),
        .testTarget(
            name: "PostgresStoreTests",
            dependencies: [
                "PostgresStore", "AuditRepositories", "AuditCrypto", "AuditTime", "ExitStatus", "PolicyStore",
                "PwauditTestSupport",
            ]),
        .testTarget(
            name: "DirectoryAuditTests",
            dependencies: ["DirectoryAudit", "AuditCrypto", "ExitStatus", "PwauditTestSupport"]),
        .testTarget(
            name: "PolicyComplianceTests", dependencies: ["PolicyCompliance", "PasswordPolicy", "PwauditTestSupport"]),
        .testTarget(
            name: "PolicyInterchangeTests", dependencies: ["PolicyInterchange", "PasswordPolicy", "PwauditTestSupport"]),
        .testTarget(
            name: "PolicyStoreTests",
            dependencies: [
                "AuditRepositories", "AuditTime", "PolicyStore", "PolicyCSV", "AuditCrypto", "ExitStatus",
                "PwauditTestSupport",
            ]),
        .testTarget(
            name: "PolicyAuditTests",
            dependencies: [
                "PolicyAudit", "BreachCorpus", "PolicyCSV", "PolicyCompliance", "PolicyDemo", "PolicyInterchange",
                "PolicyReports", "AuditRepositories", "AuditStores", "AuditTime", "PolicyStore", "PasswordPolicy",
                "AuditCrypto", "ExitStatus", "PolicyTuning", "LibC", "PwauditTestSupport", "WorkspaceTestSupport",
            ]),
        .testTarget(
            name: "PolicyAuditCLITests",
            dependencies: [
                "PolicyAuditCLI", "PolicyAudit", "PolicyCSV", "PolicyDemo", "PolicyReports", "PolicyCompliance",
                "AuditRepositories", "AuditTime", "AuditStores", "AuditCrypto",
                "PolicyStore", "PasswordPolicy", "PasswordChecklist", "PasswordStrength", "ExitStatus", "LibC",
                "PwauditTestSupport",
                "WorkspaceTestSupport",
            ]
        ),
    ]
)
