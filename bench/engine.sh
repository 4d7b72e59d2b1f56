#!/usr/bin/env bash
# Engine throughput benchmark: pwaudit's rule engine vs python3-pwquality on the same synthetic corpus.
# Usage: bench/engine.sh [ROWS]   (env PWAUDIT_SHARED overrides the shared bench directory)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
# The shared directory sits two levels above bench/ in the main checkout (/work/main/bench -> /work/shared)
# and two levels above the repository in a worktree (/work/wt/engine -> /work/shared).
if [ -n "${PWAUDIT_SHARED:-}" ]; then
    shared="$PWAUDIT_SHARED"
elif [ -d "$(dirname "$0")/../../shared/bench" ]; then
    shared="$(dirname "$0")/../../shared/bench"
else
    shared="$repo/../../shared/bench"
fi
[ -f "$shared/gen_corpus.py" ] || { echo "shared bench directory not found: $shared (set PWAUDIT_SHARED)" >&2; exit 66; }
rows="${1:-1000000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

csv="$work/corpus.csv"
nul="$work/corpus.nul"
python3 "$shared/gen_corpus.py" --rows "$rows" --seed 42 -o "$csv"
python3 - "$csv" "$nul" <<'PY'
import csv, sys
skipped = 0
with open(sys.argv[1], newline="", encoding="utf-8", errors="surrogateescape") as f, open(sys.argv[2], "wb") as out:
    rd = csv.reader(f)
    next(rd, None)
    for rec in rd:
        if len(rec) != 5 or not rec[3] or "\0" in rec[1] or "\0" in rec[3]:
            skipped += 1; continue
        try:
            out.write(rec[1].encode() + b"\0" + rec[3].encode() + b"\0")
        except UnicodeEncodeError:
            skipped += 1
print(f"# converted; skipped={skipped}", file=sys.stderr)
PY

(cd "$repo" && swift build -c release --product pwaudit-bench >&2)
engine_out="$("$repo/.build/release/pwaudit-bench" "$nul")"
echo "$engine_out"

if ! /usr/bin/python3 -c "import pwquality" 2>/dev/null; then
    if [ "$(id -u)" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pwquality >&2
    else
        echo "python3-pwquality missing; install it (apt-get install python3-pwquality)" >&2
        exit 69
    fi
fi
peer_out="$(/usr/bin/python3 "$shared/peer_pwquality.py" "$csv")"
echo "$peer_out"

rate() { sed -n 's/^RESULT .*rows_per_s=\([0-9]*\).*/\1/p' <<<"$1"; }
engine_rate="$(rate "$engine_out")"
peer_rate="$(rate "$peer_out")"
python3 -c "import sys; e, p = map(float, sys.argv[1:]); print(f'engine {e:.0f} rows/s vs pwquality {p:.0f} rows/s: ratio {e / p:.1f}x')" \
    "$engine_rate" "$peer_rate"

# pwquality compat mode (the same settings as peer_pwquality.py, as `policy add --format pwquality` imports them)
# against libpwquality, one core each: both run single-threaded, pinned to one CPU when taskset exists.
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
compat_out="$("${pin[@]}" "$repo/.build/release/pwaudit-bench" --pwquality "$nul")"
echo "$compat_out"
peer_pinned="$("${pin[@]}" /usr/bin/python3 "$shared/peer_pwquality.py" "$csv")"
echo "$peer_pinned"
compat_rate="$(rate "$compat_out")"
pinned_rate="$(rate "$peer_pinned")"
pass() { sed -n 's/^RESULT .* pass=\([0-9]*\).*/\1/p' <<<"$1"; }
echo "compat pass=$(pass "$compat_out") vs pwquality pass=$(pass "$peer_pinned") (same verdicts expected)"
python3 -c "import sys; e, p = map(float, sys.argv[1:]); print(f'compat mode {e:.0f} rows/s vs pwquality {p:.0f} rows/s on one core each: ratio {e / p:.1f}x')" \
    "$compat_rate" "$pinned_rate"
