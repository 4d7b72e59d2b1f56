#!/usr/bin/env bash
# Usage: bench/strength.sh [WORKDIR]      (default /tmp/pwaudit-strength; corpus and venv are built once and reused)
#   env ROWS=100000        candidates (gen_corpus.py --seed 42), those PyPI zxcvbn accepts: <= 72 scalars, no line break
#   env PY_ROWS=ROWS       how many of them the two Python peers score (their rate is per CPU-second all the same)
#   env ROUNDS=3           rounds of pwaudit's estimator over the candidates (best reported)
#   env PWAUDIT_SHARED=DIR the shared/ folder (as bench/import.sh finds it)
#   env BIN=DIR            a prebuilt release pwaudit-strength-bench; default: build it
# Candidates per CPU-second on one core (taskset -c 0) for pwaudit's PasswordStrength, PyPI zxcvbn-rs-py 0.3.0 (the
# Rust port) and PyPI zxcvbn 4.5.0 (the Python port, the oracle), each with the username and e-mail as user inputs,
# on the same candidates in one run; and the 1 KiB adversarial input's cost (best and median of 21, milliseconds).
# Targets (issue 23): >= 10x zxcvbn-rs-py; 1 KiB adversarial <= 5 ms. The peers go into a venv in WORKDIR.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/bench/shared-dir.sh"
work=${1:-/tmp/pwaudit-strength}; mkdir -p "$work"
rows=${ROWS:-100000}; py_rows=${PY_ROWS:-$rows}; rounds=${ROUNDS:-3}
if [ -z "${BIN:-}" ]; then
    (cd "$repo" && nice swift build -c release --product pwaudit-strength-bench 2>&1 | tail -1) >&2
    bin=$repo/.build/release
else
    bin=$BIN
fi
venv=$work/venv
if ! "$venv/bin/python3" -c "import zxcvbn, zxcvbn_rs_py" 2> /dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check zxcvbn==4.5.0 zxcvbn-rs-py==0.3.0
fi
csv=$work/corpus-$rows.csv
if [ ! -s "$csv" ]; then
    python3 "$shared/bench/gen_corpus.py" --rows "$rows" --seed 42 -o "$csv.tmp" 2> "$work/gen-corpus.log"
    mv "$csv.tmp" "$csv"
fi
# candidates.us: password, username, e-mail separated by US (0x1F), one candidate a line; it never leaves WORKDIR.
cands=$work/candidates-$rows.us
if [ ! -s "$cands" ]; then
    python3 - "$csv" "$cands" <<'PY'
import csv, sys
with open(sys.argv[1], newline="", encoding="utf-8") as f, open(sys.argv[2], "w", encoding="utf-8") as out:
    for rec in csv.reader(f):
        if len(rec) != 5 or rec[0] == "id" or not rec[3] or len(rec[3]) > 72: continue
        if any(c in field for field in rec[1:4] for c in "\n\r\x1f\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"): continue
        out.write("\x1f".join([rec[3], rec[1], rec[2]]) + "\n")
PY
fi
peer() {  # peer NAME MODULE-EXPRESSION: candidates per CPU-second of a Python port on this core
    taskset -c 0 "$venv/bin/python3" - "$cands" "$py_rows" "$1" <<'PY'
import sys, time
path, limit, name = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if name == "zxcvbn":
    from zxcvbn import zxcvbn as estimate
    score = lambda r: r["score"]
else:
    from zxcvbn_rs_py import zxcvbn as estimate
    score = lambda r: int(r.score)
rows = [line.rstrip("\n").split("\x1f") for line in open(path, encoding="utf-8")][:limit]
estimate("warm-up", user_inputs=["warm"])
t0 = time.process_time()
total = sum(score(estimate(r[0], user_inputs=r[1:])) for r in rows)
dt = time.process_time() - t0
print(f"RESULT peer={name} rows={len(rows)} cpu_seconds={dt:.3f} rows_per_cpu_s={len(rows) / dt:.0f} (score sum {total})")
PY
}
ours=$(taskset -c 0 "$bin/pwaudit-strength-bench" "$cands" "$rounds")
rs=$(peer zxcvbn-rs-py)
py=$(peer zxcvbn)
printf '%s\n%s\n%s\n' "$ours" "$rs" "$py"
rate() { sed -n 's/.* rows_per_cpu_s=\([0-9]*\).*/\1/p' <<< "$1"; }
python3 -c "import sys; o, r, p = map(float, sys.argv[1:]); print(f'pwaudit/zxcvbn-rs-py = {o / r:.1f}x  pwaudit/zxcvbn = {o / p:.1f}x  (target >= 10x zxcvbn-rs-py)')" \
    "$(rate "$ours")" "$(rate "$rs")" "$(rate "$py")"
