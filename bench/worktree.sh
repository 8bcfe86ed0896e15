#!/usr/bin/env bash
# Benchmark: the commands that scan the work tree, in large work trees, against git in the same
# run: `save` with git state against the gstack seed's chain, and `status` against
# `git status --porcelain` (issue 16's rows "save with git state" and "status").
#
# Usage: bench/worktree.sh                        (BENCH_SIZES="20000 150000" files, BENCH_N=10)
#        BENCH_SIZES=20000 BENCH_N=20 bench/worktree.sh
#        BENCH_CHUNK=2 bench/worktree.sh          (iterations per timed chunk; kinds alternate)
#        BENCH_KEEP=1 bench/worktree.sh           (keep the temp dir and print its path)
#
# Needs bash, git, cargo, coreutils and python3 (bench/gen-tree.py writes each tree as a
# `git fast-import` stream). It builds the release binary, then for each size makes a code
# repository of that many files (50 per directory, one pack, `git reset --hard` writes the work
# tree) with a feature branch two commits ahead of main whose upstream is one commit behind, old
# mtimes and a refreshed index, story 42 saved, then 3 tracked files modified, 1 staged and 2
# untracked: the state an agent's work tree is in. It times, interleaved by chunks:
#   (a) git-checkpoint save 42 --todo .. --next ..   (composes the document and records the git
#       state: branch, HEAD, upstream, ahead/behind, staged/unstaged/untracked files, commits
#       since the merge-base)
#   (b) the gstack seed's chain: { git status --short; git diff --stat; git diff --cached --stat;
#       git log --oneline -10; } > checkpoint.md
#   (c) git-checkpoint status 42                     (age, commits and files since the save)
#   (d) git status --porcelain
# and reports the mean per operation, the ratios a/b and c/d with PASS/FAIL against the targets
# (save <= 0.5x, status <= 1.0x), and the peak RSS of each command (for (b), the largest of its
# four git commands). It always exits 0 once it has measured: a report, not a gate. Setup
# failures exit non-zero.

set -euo pipefail

# shellcheck source=bench/common.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/common.sh"
bench_params N=10 CHUNK=2
SIZES=${BENCH_SIZES:-20000 150000}
for size in $SIZES; do
    case $size in '' | *[!0-9]* | 0) echo "BENCH_SIZES must be positive integers" >&2; exit 2 ;; esac
done
SAVE_TARGET=0.5
STATUS_TARGET=1.0

command -v python3 >/dev/null || { echo "error: python3 is needed (bench/gen-tree.py)" >&2; exit 1; }

build_release
hermetic_env worktree
install_copies BIN
peak_setup
t0=1700000000

op_save() {
    local i
    for ((i = 0; i < $1; i++)); do
        "$BIN" save -q 42 --todo "T2 — middleware wiring behind the rateLimit flag" \
            --next "start T1: write the token bucket in src/limit" ||
            { echo "error: save failed" >&2; exit 1; }
    done
}
op_status() {
    local i
    for ((i = 0; i < $1; i++)); do
        "$BIN" status 42 >/dev/null 2>&1 || { echo "error: status failed" >&2; exit 1; }
    done
}
op_gstatus() {
    local i
    for ((i = 0; i < $1; i++)); do
        git status --porcelain >/dev/null
    done
}


kinds=(save gather status gstatus)
for size in $SIZES; do
    echo "==> building a $size-file repository"
    code_repo "$tmp/code-$size" "$size"
    echo "    $(git ls-files | wc -l) tracked files; status:" $(git status --porcelain | tr '\n' ' ')
    for k in "${kinds[@]}"; do "op_$k" 1; done # warm the page cache, the binary and git
    revs_before=$(git rev-list --count refs/checkpoints/42)
    echo "==> measuring: N=$N per kind, chunks of $CHUNK, kinds alternating"
    measure_rounds
    revs=$(($(git rev-list --count refs/checkpoints/42) - revs_before))
    [[ $revs == "$N" ]] || echo "warning: expected $N new revisions of story 42, got $revs" >&2
    declare -A peak=()
    peak_kb "$BIN" save -q 42 --next "start T1: write the token bucket in src/limit"
    peak[save]=$RSS
    peak_gather
    peak[gather]=$RSS
    peak_kb "$BIN" status 42
    peak[status]=$RSS
    peak_kb git status --porcelain
    peak[gstatus]=$RSS
    echo
    echo "worktree benchmark, $size files: N=$N, chunk=$CHUNK, $(git --version), $(nproc) CPUs," \
        "load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
    printf '  %-58s %10s %10s %9s\n' "operation" "wall ms/op" "cpu ms/op" "peak MiB"
    row() {
        printf '  %-58s %10s %10s %9s\n' "$1" "$(fmt_ms "$(us_per_op "$2")")" \
            "$(fmt_ms "$(cpu_us_per_op "$2")")" "$(fmt_mb "${peak[$2]}")"
    }
    row "(a) git-checkpoint save 42 --todo .. --next .." save
    row "(b) git status/diff --stat/diff --cached --stat/log > file" gather
    row "(c) git-checkpoint status 42" status
    row "(d) git status --porcelain" gstatus
    report "save with git state / gstack chain ($size)" save gather "$SAVE_TARGET"
    report "status / git status --porcelain ($size)" status gstatus "$STATUS_TARGET"
    echo
    cd "$tmp"
    [[ ${BENCH_KEEP:-0} == 1 ]] || rm -rf -- "$tmp/code-$size"
done
exit 0
