#!/usr/bin/env bash
# Engine throughput benchmark: pwaudit's rule engine vs python3-pwquality on the same synthetic corpus.
# Usage: bench/engine.sh [ROWS]   (env PWAUDIT_SHARED overrides the shared bench directory; ROUNDS, see below)
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
        # A fresh container has no package lists: install fails with "Unable to locate package" without update.
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pwquality >&2
    else
        echo "python3-pwquality missing; install it (apt-get update && apt-get install python3-pwquality)" >&2
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
# against python3-pwquality's check(), one core each: both single-threaded, pinned to one CPU when taskset exists,
# both timed over the check loop alone in thread CPU time (the machine is shared), on the same NUL corpus.
# ROUNDS (default 1) rounds alternate the default mode, compat mode and check(); the last two lines give each ratio
# per round and the median of the rounds (the figure to quote), the default mode's from the single-core line of a
# pinned `pwaudit-bench --single` run (the first, unpinned run above also times the String API and all cores).
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
check_py="$work/check.py"
cat > "$check_py" <<'PY'
import sys, time, pwquality
s = pwquality.PWQSettings()
for o in ["minlen=12", "dcredit=-1", "ucredit=-1", "lcredit=-1", "ocredit=-1", "maxrepeat=2", "usercheck=1", "dictcheck=0"]:
    s.set_option(o)
f = open(sys.argv[1], "rb").read().split(b"\0")
rows = [(f[i + 1].decode(), f[i].decode() or None) for i in range(0, len(f) - 1, 2)]
passed = 0
t0 = time.thread_time()
for pw, user in rows:
    try:
        s.check(pw, None, user)
        passed += 1
    except pwquality.PWQError:
        pass
dt = time.thread_time() - t0
print(f"RESULT peer=pwquality_check rows={len(rows)} cpu_seconds={dt:.3f} cpu_rows_per_s={len(rows) / dt:.0f} pass={passed}")
PY
cpu_rate() { sed -n 's/^RESULT .*cpu_rows_per_s=\([0-9]*\).*/\1/p' <<<"$1"; }
single_rate() { sed -n 's/^single-core: .*; \([0-9]*\) rows per CPU-second.*/\1/p' <<<"$1"; }
pass() { sed -n 's/^RESULT .* pass=\([0-9]*\).*/\1/p' <<<"$1"; }
default_rates=() compat_rates=() check_rates=()
for round in $(seq "${ROUNDS:-1}"); do
    round_out="$("${pin[@]}" "$repo/.build/release/pwaudit-bench" --single "$nul")"
    echo "round $round: $(grep '^single-core: ' <<<"$round_out")"
    default_rates+=("$(single_rate "$round_out")")
    compat_out="$("${pin[@]}" "$repo/.build/release/pwaudit-bench" --pwquality "$nul")"
    echo "$compat_out"
    check_out="$("${pin[@]}" /usr/bin/python3 "$check_py" "$nul")"
    echo "$check_out"
    echo "compat pass=$(pass "$compat_out") vs pwquality pass=$(pass "$check_out") (same verdicts expected)"
    compat_rates+=("$(cpu_rate "$compat_out")")
    check_rates+=("$(cpu_rate "$check_out")")
done
python3 - "${default_rates[*]}" "${compat_rates[*]}" "${check_rates[*]}" <<'PY'
import statistics, sys
default, compat, check = ([float(x) for x in arg.split()] for arg in sys.argv[1:])
for name, rates in (("default mode", default), ("compat mode", compat)):
    ratios = [e / p for e, p in zip(rates, check)]
    rounds = " ".join(f"{r:.1f}x" for r in ratios)
    print(f"{name} {statistics.median(rates):.0f} rows per CPU-second vs pwquality check() {statistics.median(check):.0f}, "
          f"one core each (CPU time): ratio {statistics.median(ratios):.1f}x (median of {len(ratios)}; rounds {rounds})")
PY
