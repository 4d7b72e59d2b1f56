#!/usr/bin/env bash
# Pattern-rule bench: classic catastrophic-backtracking patterns against 1 KiB adversarial passwords.
# Prints pwaudit's time per match (release build, through CompiledPolicy.failureMask) or "refused at load",
# then, per case, one run of ICU's backtracking NSRegularExpression (what the pattern rule used before) under
# a timeout. Then whole policies at the per-policy state budget (the worst a policy may cost), one state past it, and
# QA's hostile 20-rule policy. Usage: bench/regex.sh [PEER_TIMEOUT_SECONDS]   (default 2; 0 skips the peer)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
peer_timeout="${1:-2}"
(cd "$repo" && swift build -c release --product pwaudit-bench >&2)
bin="$repo/.build/release/pwaudit-bench"
echo "## pwaudit pattern rule (linear-time automaton)"
table="$("$bin" --regex)"
echo "$table"
echo
echo "## Worst accepted policies: the whole budget of 1,000 automaton states (and one state over)"
"$bin" --regex-policy
[ "$peer_timeout" = 0 ] && exit 0
echo
echo "## NSRegularExpression (ICU backtracking), one run per case, killed after ${peer_timeout}s"
echo "| # | NSRegularExpression |"
echo "|---|---|"
cases="$(sed -n 's/^RESULT .*cases=\([0-9]*\).*/\1/p' <<<"$table")"
for ((i = 0; i < cases; i++)); do
    if out="$(timeout "$peer_timeout" "$bin" --regex-peer "$i" 2>/dev/null)"; then
        echo "| $((i + 1)) | $out |"
    else
        echo "| $((i + 1)) | > ${peer_timeout} s (killed) |"
    fi
done
