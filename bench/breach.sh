#!/usr/bin/env bash
# Usage: bench/breach.sh [WORKDIR]     (default /tmp/pwaudit-breach; the corpora are built once and reused)
#   env BIG=100000000 SMALL=10000000   corpus sizes in lines (HIBP SHA-1 format, sorted, CRLF)
#   env LOOKUPS=4000000                timed lookups per corpus (one core, after one warm pass over the probes)
#   env ROWS=1000000                   rows of the import corpus (gen_corpus.py --seed 42)
#   env RUNS=2                         import rounds per policy (best time reported)
#   env PWAUDIT_SHARED=DIR             the shared/ folder (as bench/import.sh finds it)
#   env BIN=DIR                        prebuilt release binaries (pwaudit, pwaudit-breach-bench); default: build them
# Builds a sorted Pwned Passwords-format file of random hashes plus the SHA-1s of known passwords (every password of
# shared/bench/data/common-passwords.txt and half of the distinct passwords of the import corpus, so lookups hit),
# then measures, per corpus size: time to open, lookups/s warm on one core (taskset -c 0) for the first pass (pages
# mapped as read) and once mapped, the hit rate, and the bench process's peak RSS (VmHWM, which counts the corpus
# pages it touched) beside its anonymous (own) memory; what one random read costs by pread, fault and mapped page;
# then `pwaudit import` of the ROWS-row corpus against a policy without and with the big corpus, and the ratio.
# Targets (issue 15): >= 1,000,000 lookups/s, open <= 10 ms, peak RSS equal (+-10%) at SMALL and BIG, import <= 2x.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/bench/shared-dir.sh"
work=${1:-/tmp/pwaudit-breach}; mkdir -p "$work"
big=${BIG:-100000000}; small=${SMALL:-10000000}; lookups=${LOOKUPS:-4000000}; rows=${ROWS:-1000000}
runs=${RUNS:-2}
command -v /usr/bin/time > /dev/null || { apt-get update -qq && apt-get install -y -qq time > /dev/null; }
if [ -z "${BIN:-}" ]; then
    (cd "$repo" && nice swift build -c release --product pwaudit 2>&1 | tail -1 \
        && nice swift build -c release --product pwaudit-breach-bench 2>&1 | tail -1) >&2
    bin=$repo/.build/release
else
    bin=$BIN
fi
cc -O2 -o "$work/gen_hibp" "$repo/bench/breach/gen_hibp.c" -lcrypto

csv=$work/corpus-$rows.csv
if [ ! -s "$csv" ]; then
    python3 "$shared/bench/gen_corpus.py" --rows "$rows" --seed 42 -o "$csv.tmp" 2> "$work/gen-corpus.log"
    mv "$csv.tmp" "$csv"
fi
# known.txt: the passwords whose hashes the corpora hold; probes.txt: what the lookups ask (the import corpus's
# passwords in file order, so about half hit). Neither leaves the work directory.
if [ ! -s "$work/probes.txt" ]; then
    python3 - "$csv" "$shared/bench/data/common-passwords.txt" "$work" <<'PY'
import csv, hashlib, sys
rows, common, work = sys.argv[1], sys.argv[2], sys.argv[3]
with open(rows, newline="", encoding="utf-8") as f:
    passwords = [r["password"] for r in csv.DictReader(f) if "\n" not in r["password"] and "\r" not in r["password"]]
known = {p.rstrip("\n") for p in open(common, encoding="utf-8") if p.strip()}
known |= {p for p in set(passwords) if hashlib.sha256(p.encode()).digest()[0] % 2 == 0}
with open(f"{work}/known.txt", "w", encoding="utf-8") as f:
    f.writelines(p + "\n" for p in sorted(known))
with open(f"{work}/probes.txt", "w", encoding="utf-8") as f:
    f.writelines(p + "\n" for p in passwords)
PY
fi
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(wc -l < "$work/known.txt") known passwords"
for n in "$small" "$big"; do
    corpus=$work/pwned-$n.txt
    if [ ! -s "$corpus" ]; then
        nice "$work/gen_hibp" "$n" "$work/known.txt" "$corpus.tmp" 2> "$work/gen-$n.log"
        mv "$corpus.tmp" "$corpus"
    fi
done
# first_pass: the probes' first pass, which maps the pages it reads (a fresh process, the file in the page cache);
# lookups_per_s: the LOOKUPS timed ones after it, which find them mapped.
printf '%-10s %9s %10s %12s %14s %9s %13s %13s\n' lines size_MiB open_ms first_pass lookups_per_s hit_rate \
    peak_rss_MiB anon_rss_MiB
for n in "$small" "$big"; do
    corpus=$work/pwned-$n.txt
    cat "$corpus" > /dev/null  # warm page cache
    taskset -c 0 "$bin/pwaudit-breach-bench" "$corpus" "$work/probes.txt" "$lookups" > "$work/lookup-$n.txt"
    line=$(cat "$work/lookup-$n.txt")
    field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<< " $line"; }
    printf '%-10s %9d %10s %12s %14s %9s %13d %13d\n' "$n" $(( $(stat -c %s "$corpus") / 1048576 )) \
        "$(field open_ms)" "$(field first_pass_lookups_per_s)" "$(field lookups_per_s)" "$(field hit_rate)" \
        $(( $(field peak_rss_kib) / 1024 )) $(( $(field rss_anon_kib) / 1024 ))
done
# What one random read of the warm big corpus costs here, by each way a lookup could make it (bench/breach/io-floor.c):
# a lookup whose memory stays bounded pays one of pread, first touch or re-fault; only mapped pages are cheaper.
cc -O2 -o "$work/io-floor" "$repo/bench/breach/io-floor.c"
cat "$work/pwned-$big.txt" > /dev/null
echo "one random read of the $big-line corpus, microseconds (one core):" $(taskset -c 0 "$work/io-floor" "$work/pwned-$big.txt")

policies=$work/policies; mkdir -p "$policies"
base='{"rule": "length", "min": 8}, {"rule": "blocklist", "lists": ["builtin:common"]}, {"rule": "context"}'
echo "{\"name\": \"base\", \"rules\": [$base]}" > "$policies/base.json"
echo "{\"name\": \"breach\", \"rules\": [$base, {\"rule\": \"blocklist\", \"id\": \"breached\", \"lists\": [\"hibp:$work/pwned-$big.txt\"]}]}" \
    > "$policies/breach.json"
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
best() { if [ -z "$1" ]; then echo "$2"; else awk -v a="$1" -v b="$2" 'BEGIN { print (b < a ? b : a) }'; fi; }
cat "$csv" > /dev/null
declare -A seconds rss
for round in $(seq "$runs"); do
    for policy in base breach; do
        db=$work/import-$policy.db; rm -f "$db" "$db-wal" "$db-shm" "$db.key"
        "$bin/pwaudit" init --db "$db" > /dev/null
        "$bin/pwaudit" policy add "$policies/$policy.json" --db "$db" > /dev/null
        t0=$EPOCHREALTIME
        /usr/bin/time -o "$work/time.txt" -f '%M' "$bin/pwaudit" import "$csv" --db "$db" --policy "$policy" \
            > "$work/import-$policy.txt" 2>&1 || { cat "$work/import-$policy.txt" >&2; exit 1; }
        t1=$EPOCHREALTIME
        seconds[$policy]=$(best "${seconds[$policy]:-}" "$(elapsed "$t0" "$t1")")
        rss[$policy]=$(tail -1 "$work/time.txt")
    done
done
printf '%-28s %9s %10s\n' import seconds peak_MiB
printf '%-28s %9s %10d\n' "$rows rows, base policy" "${seconds[base]}" $(( rss[base] / 1024 ))
printf '%-28s %9s %10d\n' "$rows rows, + hibp $big" "${seconds[breach]}" $(( rss[breach] / 1024 ))
awk -v a="${seconds[base]}" -v b="${seconds[breach]}" 'BEGIN { printf "import ratio with/without corpus: %.2f (target <= 2)\n", b / a }'
grep -h "unlock\|refused\|blocklist" "$work/import-breach.txt" | head -5 || true

# Word lists (issue 15 item 2): a 1,000,000-entry `file:` list, loaded from the file and from a stored version, by
# `pwaudit check` of one password: wall time and peak RSS against the same policy without the list; and how many
# word_list rows two versions sharing the list leave.
words=$work/words-1000000.txt
[ -s "$words" ] || python3 -c "
import random
r = random.Random(7)
print('\\n'.join('w%d-%08x' % (i, r.getrandbits(32)) for i in range(1000000)))" > "$words"
echo '{"name": "nolist", "rules": [{"rule": "length", "min": 8}]}' > "$policies/nolist.json"
echo '{"name": "wl", "rules": [{"rule": "length", "min": 8}, {"rule": "blocklist", "lists": ["file:'"$words"'"]}]}' > "$policies/wl.json"
echo '{"name": "wl2", "rules": [{"rule": "length", "min": 10}, {"rule": "blocklist", "lists": ["file:'"$words"'"]}]}' > "$policies/wl2.json"
db=$work/words.db; rm -f "$db" "$db-wal" "$db-shm" "$db.key"
"$bin/pwaudit" init --db "$db" > /dev/null
for p in nolist wl wl2; do "$bin/pwaudit" policy add "$policies/$p.json" --db "$db" > /dev/null; done
measure() {  # best wall seconds and its peak KiB over 3 runs of: pwaudit check --policy $1 (one password)
    local best="" kib=0
    for _ in 1 2 3; do
        echo "w5-unlisted" | /usr/bin/time -o "$work/time.txt" -f '%e %M' "$bin/pwaudit" check --policy "$1" --db "$db" \
            > /dev/null 2>&1 || true
        read -r s k < <(tail -1 "$work/time.txt")
        if [ -z "$best" ] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$s; kib=$k; fi
    done
    echo "$best $kib"
}
read -r s0 k0 < <(measure nolist)
read -r s1 k1 < <(measure wl)
read -r s2 k2 < <(measure "$policies/wl.json")
printf '%-44s %9s %10s\n' "word list (1,000,000 entries)" seconds peak_MiB
printf '%-44s %9s %10d\n' "check, stored version without the list" "$s0" $(( k0 / 1024 ))
printf '%-44s %9s %10d\n' "check, stored version with the list" "$s1" $(( k1 / 1024 ))
printf '%-44s %9s %10d\n' "check, policy file with the list" "$s2" $(( k2 / 1024 ))
awk -v a="$s0" -v b="$s1" -v c="$k0" -v d="$k1" \
    'BEGIN { printf "stored list load: +%.3f s, +%.0f MiB (targets <= 0.2 s, <= 64 MiB)\n", b - a, (d - c) / 1024 }'
echo "word_list rows for 2 versions sharing the list: $(sqlite3 "$db" 'SELECT count(*) FROM word_list')"
