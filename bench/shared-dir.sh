# Sourced by the bench scripts: sets `shared` to the shared/ directory (gen_corpus.py, common passwords, peers):
# $PWAUDIT_SHARED, else ../shared or ../../shared of the checkout (a worktree sits one level deeper), else /work/shared.
# Exits 66 naming the calling script when none holds bench/gen_corpus.py. Needs `repo` set to the checkout.
shared=${PWAUDIT_SHARED:-}
if [ -z "$shared" ]; then
    for candidate in "$repo/../shared" "$repo/../../shared" /work/shared; do
        if [ -f "$candidate/bench/gen_corpus.py" ]; then shared=$(cd "$candidate" && pwd); break; fi
    done
fi
[ -n "$shared" ] && [ -f "$shared/bench/gen_corpus.py" ] || {
    echo "bench/$(basename "$0"): shared/bench/gen_corpus.py not found; set PWAUDIT_SHARED=/path/to/shared" >&2
    exit 66
}
