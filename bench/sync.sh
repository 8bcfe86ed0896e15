#!/usr/bin/env bash
# Benchmark: `git checkpoint sync` of many diverged stories against plain git moving the same refs.
#
# Usage: bench/sync.sh                 (BENCH_STORIES=1000 by default)
#        BENCH_STORIES=200 bench/sync.sh
#        BENCH_RUNS=5 bench/sync.sh    (measured runs, default 3; the median ratio is reported)
#        BENCH_KEEP=1 bench/sync.sh    (keep the temp dir, for profiling)
#
# Builds the release binary, makes a bare remote and two clones A and B, saves BENCH_STORIES
# stories in A and pushes them, fetches them in B, then saves every story once more on each
# side (A pushes): every story has diverged between B and the remote. B is then copied twice:
#   (a) in copy 1: git-checkpoint sync            (fetch, merge every story, push everything)
#   (b) in copy 2: git fetch of the same refs into remote-tracking refs, plus git push of the
#       same refs to the same names (forced, since plain git cannot push a diverged ref at all:
#       this is the transport cost without any merging)
# and prints both times and the ratio (target: at most 2x). Then, in fresh copies of a clone
# that has no stories yet, (c) git-checkpoint fetch of all of them against (d) a plain git fetch
# of the same refspecs (target: at most 1.2x). A report, not a gate: exit 0.
# Each run uses fresh copies of B and the remote, and the two sides alternate which goes first.
# Automatic gc is off in the copies (gc.auto=0, receive.autogc=false) on both sides: a
# background `gc --auto` started by one measurement would otherwise run during the next.

set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/common.sh"
bench_params STORIES=1000 RUNS=3
TARGET=2.0
FETCH_TARGET=1.2

build_release
hermetic_env sync
install_copies BIN
cd "$tmp"
git init -q --bare -b main o.git
git clone -q o.git A 2>/dev/null
git -C A commit -q --allow-empty -m init
git -C A push -q origin main
git clone -q o.git B

ms() { echo $(( $(date +%s%N) / 1000000 )); }
echo "==> preparing $STORIES stories diverged on both sides (this takes a while)"
for i in $(seq 1 "$STORIES"); do
    (cd A && "$BIN" save "s$i" --title "Story $i" --todo "T1 — first" --todo "T2 — second" \
        --decision "shared decision" --next "start" >/dev/null 2>&1)
done
(cd A && "$BIN" push origin >/dev/null)
(cd B && "$BIN" fetch origin >/dev/null)
for i in $(seq 1 "$STORIES"); do
    (cd A && "$BIN" save "s$i" --done T1 --next "from A" >/dev/null 2>&1)
    (cd B && "$BIN" save "s$i" --todo "T3 — from B" --next "from B" >/dev/null 2>&1)
done
(cd A && "$BIN" push origin >/dev/null)

git -C o.git config receive.autogc false
git -C B config gc.auto 0

# One measurement of each side on fresh copies; sets $ours and $plain (ms).
fresh() {
    rm -rf "o$1.git" "B$1"
    cp -a o.git "o$1.git" && cp -a B "B$1"
    git -C "B$1" remote set-url origin "$tmp/o$1.git"
}
measure_ours() {
    fresh 1
    local t0 t1
    t0=$(ms)
    (cd B1 && "$BIN" sync origin >/dev/null 2>&1)
    t1=$(ms)
    ours=$((t1 - t0))
}
measure_plain() {
    fresh 2
    local t0 t1
    t0=$(ms)
    git -C B2 fetch -q --no-tags origin '+refs/checkpoints/*:refs/remotes/origin/checkpoints/*' \
        '+refs/notes/checkpoints*:refs/remotes/origin/notes/checkpoints*'
    git -C B2 push -q --force origin 'refs/checkpoints/*:refs/checkpoints/*' \
        'refs/notes/checkpoints:refs/notes/checkpoints'
    t1=$(ms)
    plain=$((t1 - t0))
}

ratios=()
for run in $(seq 1 "$RUNS"); do
    if ((run % 2)); then measure_ours; measure_plain; else measure_plain; measure_ours; fi
    r=$(awk -v a="$ours" -v b="$plain" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    ratios+=("$r")
    printf '==> run %d: git-checkpoint sync %d ms, git fetch + git push %d ms, ratio %sx\n' \
        "$run" "$ours" "$plain" "$r"
done

# Fetch of new stories: a clone that has none of them yet (plain `git clone` takes no
# checkpoint refs) fetches all of them, (c) with git-checkpoint fetch (which also creates the
# local story refs and integrates the notes) and (d) with a plain git fetch of the same refspecs
# into the remote-tracking refs, each in a fresh copy of that clone.
git clone -q o.git C
git -C C config gc.auto 0
measure_fetch() { # $1 = copy name, then the command run in it; sets $took (ms)
    local copy=$1 t0 t1
    shift
    rm -rf "$copy" && cp -a C "$copy"
    t0=$(ms)
    (cd "$copy" && "$@" >/dev/null 2>&1) || { echo "error: $* failed" >&2; exit 1; }
    t1=$(ms)
    took=$((t1 - t0))
}
fetch_ratios=()
for run in $(seq 1 "$RUNS"); do
    for side in $( ((run % 2)) && echo "ours plain" || echo "plain ours"); do
        if [[ $side == ours ]]; then
            measure_fetch C1 "$BIN" fetch origin
            fetched=$took
        else
            measure_fetch C2 git fetch -q --no-tags origin \
                '+refs/checkpoints/*:refs/remotes/origin/checkpoints/*' \
                '+refs/notes/checkpoints*:refs/remotes/origin/notes/checkpoints*'
            plain_fetch=$took
        fi
    done
    r=$(awk -v a="$fetched" -v b="$plain_fetch" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    fetch_ratios+=("$r")
    printf '==> fetch run %d: git-checkpoint fetch %d ms, git fetch %d ms, ratio %sx\n' \
        "$run" "$fetched" "$plain_fetch" "$r"
done
[[ $(git -C C1 for-each-ref refs/checkpoints | wc -l) == "$STORIES" ]] ||
    { echo "error: git-checkpoint fetch did not create $STORIES stories" >&2; exit 1; }

lost=0
for i in $(seq 1 "$STORIES"); do
    for r in "$(git -C A rev-parse "refs/checkpoints/s$i")" "$(git -C B rev-parse "refs/checkpoints/s$i")"; do
        git -C o1.git merge-base --is-ancestor "$r" "refs/checkpoints/s$i" || lost=1
    done
done

ratio=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
verdict=$(awk -v r="$ratio" -v t="$TARGET" 'BEGIN { print (r <= t ? "PASS" : "FAIL") }')
echo
printf 'stories diverged:            %d (cores: %s)\n' "$STORIES" "$(nproc)"
printf 'runs:                        %d (ratios: %s)\n' "$RUNS" "${ratios[*]}"
printf 'median ratio sync / (fetch+push): %sx  (target <= %sx) %s\n' "$ratio" "$TARGET" "$verdict"
fetch_ratio=$(printf '%s\n' "${fetch_ratios[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
fetch_verdict=$(awk -v r="$fetch_ratio" -v t="$FETCH_TARGET" 'BEGIN { print (r <= t ? "PASS" : "FAIL") }')
printf 'median ratio fetch of %d new stories / git fetch: %sx  (target <= %sx) %s (ratios: %s)\n' \
    "$STORIES" "$fetch_ratio" "$FETCH_TARGET" "$fetch_verdict" "${fetch_ratios[*]}"
[[ $lost == 0 ]] && echo "no revision lost (every story: both sides' tips are ancestors of the remote's)" || echo "REVISION LOST"
