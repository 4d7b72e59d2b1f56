#!/usr/bin/env bash
# Insert benchmark for PolicyStore: 1M candidates + 3M attempts through AttemptWriter into a fresh file DB.
# Builds a throwaway release package in a temp dir that links this checkout's sources (Package.swift untouched).
# Usage: bench/store-insert/run.sh   (env: ROWS=1000000 VERSIONS=3 BATCH=50000 DB=/tmp/x.db PRAGMAS="PRAGMA …;…")
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${BENCH_WORK:-/tmp/pwaudit-store-insert-bench}
mkdir -p "$work/Sources/bench"
for module in CSQLite CCrypto AuditCrypto PolicyStore; do ln -sfn "$root/Sources/$module" "$work/Sources/$module"; done
cp "$root/bench/store-insert/main.swift" "$work/Sources/bench/main.swift"
cat > "$work/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "store-insert-bench",
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3"),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto"),
        .target(name: "AuditCrypto", dependencies: ["CCrypto"]),
        .target(name: "PolicyStore", dependencies: ["CSQLite", "AuditCrypto"]),
        .executableTarget(name: "bench", dependencies: ["PolicyStore", "AuditCrypto"]),
    ]
)
SWIFT
(cd "$work" && swift build -c release --product bench 2>&1 | tail -1)
"$work/.build/release/bench"
