#!/usr/bin/env bash
# Live checklist benchmark: time from a key's bytes to its frame (decode, evaluate, lay out, diff) in
# `pwaudit check` on a terminal, with a policy of a 100,000-word blocklist (generated deterministically) plus
# builtin:common, a context rule and a strength rule (min-score 3, its meter line drawn). Prints the median and p99
# per keystroke; the goal is a median of at most 1 ms.
# Usage: bench/keystroke.sh [ROUNDS]   (a round types a 19-character password that starts with a blocklisted word,
# then deletes it: 38 keys)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
swift build -c release --product pwaudit-bench >&2
"$(swift build -c release --show-bin-path)/pwaudit-bench" --keystroke "${1:-200}"
