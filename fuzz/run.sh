#!/usr/bin/env bash
# Builds one libFuzzer target (swiftc -sanitize=fuzzer,address) and runs it for SECONDS on its corpus.
# Usage: fuzz/run.sh csv|policy|engine|pattern|passwordrules|pwquality|strength SECONDS [extra libFuzzer flags…]
#        fuzz/run.sh TARGET build        (build only)
# Builds go to fuzz/.build (not part of the package build; `swift build`/`swift test` never see fuzz/).
# New corpus entries are written to fuzz/.build/corpus-TARGET (the seeds in fuzz/corpus/TARGET stay as committed);
# crashes to fuzz/.build/artifacts-TARGET/.
set -euo pipefail
fuzz="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$fuzz/.." && pwd)"
target="${1:?usage: fuzz/run.sh csv|policy|engine|pattern|passwordrules|pwquality|strength SECONDS}"
seconds="${2:?usage: fuzz/run.sh TARGET SECONDS}"
shift 2
build="$fuzz/.build"
mkdir -p "$build"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -package-name pwaudit -swift-version 6)

engine_module() {
    # The rule engine as a static library + module, instrumented, over the two modules it imports (PasswordStrength,
    # the `strength` rule's estimator; PolicyPattern, the `pattern` rule's matcher), each instrumented too.
    for module in PasswordStrength PolicyPattern; do
        swiftc "${flags[@]}" -emit-library -static -emit-module -module-name "$module" \
            -emit-module-path "$build/$module.swiftmodule" -o "$build/lib$module.a" \
            $(find "$repo/Sources/$module" -name '*.swift' | sort)
    done
    swiftc "${flags[@]}" -emit-library -static -emit-module -module-name PasswordPolicy -I "$build" \
        -emit-module-path "$build/PasswordPolicy.swiftmodule" -o "$build/libPasswordPolicy.a" \
        $(find "$repo/Sources/PasswordPolicy" -name '*.swift' | sort)
}
engine_libraries=(-lPasswordPolicy -lPolicyPattern -lPasswordStrength)

case "$target" in
csv)
    # The reader (Sources/PolicyCSV: no SQLite, no libcrypto) compiled into the target's own module, over the three
    # modules it imports (AuditTime, its time parser; ExitStatus, for CSVImportError's exit code; LibC).
    for module in AuditTime ExitStatus LibC; do
        swiftc "${flags[@]}" -emit-library -static -emit-module -module-name "$module" \
            -emit-module-path "$build/$module.swiftmodule" -o "$build/lib$module.a" \
            $(find "$repo/Sources/$module" -name '*.swift' | sort)
    done
    swiftc "${flags[@]}" -module-name FuzzCSV -I "$build" -L "$build" -lAuditTime -lExitStatus -lLibC -o "$build/fuzz-csv" \
        "$fuzz/Sources/csv/main.swift" $(find "$repo/Sources/PolicyCSV" -name '*.swift' | sort)
    ;;
policy | engine | pattern)
    engine_module
    swiftc "${flags[@]}" -module-name "Fuzz$target" -I "$build" -L "$build" "${engine_libraries[@]}" \
        -o "$build/fuzz-$target" "$fuzz/Sources/$target/main.swift"
    ;;
passwordrules | pwquality)
    # The interchange parsers (Sources/PolicyInterchange) over the instrumented engine.
    engine_module
    swiftc "${flags[@]}" -emit-library -static -emit-module -module-name PolicyInterchange -I "$build" \
        -emit-module-path "$build/PolicyInterchange.swiftmodule" -o "$build/libPolicyInterchange.a" \
        $(find "$repo/Sources/PolicyInterchange" -name '*.swift' | sort)
    swiftc "${flags[@]}" -module-name "Fuzz$target" -I "$build" -L "$build" -lPolicyInterchange "${engine_libraries[@]}" \
        -o "$build/fuzz-$target" "$fuzz/Sources/$target/main.swift"
    ;;
strength)
    # The strength estimator (Sources/PasswordStrength, Foundation only), instrumented, on its own.
    swiftc "${flags[@]}" -emit-library -static -emit-module -module-name PasswordStrength \
        -emit-module-path "$build/PasswordStrength.swiftmodule" -o "$build/libPasswordStrength.a" \
        $(find "$repo/Sources/PasswordStrength" -name '*.swift' | sort)
    swiftc "${flags[@]}" -module-name Fuzzstrength -I "$build" -L "$build" -lPasswordStrength \
        -o "$build/fuzz-strength" "$fuzz/Sources/strength/main.swift"
    ;;
*)
    echo "unknown target '$target' (csv, policy, engine, pattern, passwordrules, pwquality, strength)" >&2
    exit 64
    ;;
esac
[ "$seconds" = build ] && exit 0

corpus="$build/corpus-$target"
artifacts="$build/artifacts-$target"
mkdir -p "$corpus" "$artifacts"
dict=()
[ -f "$fuzz/$target.dict" ] && dict=(-dict="$fuzz/$target.dict")
echo "fuzz-$target: ${seconds}s, corpus $corpus + seeds $fuzz/corpus/$target" >&2
exec "$build/fuzz-$target" -max_total_time="$seconds" -print_final_stats=1 -max_len=4096 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$artifacts/" ${dict[@]+"${dict[@]}"} "$@" "$corpus" "$fuzz/corpus/$target"
