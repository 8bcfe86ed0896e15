#!/usr/bin/env bash
# Benchmark: `save` and `resume` on a reftable repository as a ratio to the same commands on a
# files-backend one (issue 14). On reftable, refs go through git's plumbing (`git for-each-ref`,
# `git update-ref --stdin`, see src/refs.rs) where the files backend reads and writes them in
# process with gix; this measures what that costs.
#
#   bench/reftable.sh            BENCH_N=30 rounds
#
# One origin (2,000 files, 300 commits, a feature branch), cloned twice, identical but for
# `--ref-format=files` and `--ref-format=reftable`, each on the feature branch with a modified,
# a staged and an untracked file. Each round times, in each clone, one
# `save bench -F doc.md -m ...` and one `resume bench` (stdout to /dev/null), the two clones in
# alternating order; the report gives the median of each over the N rounds, in milliseconds,
# and reftable/files. Release build; exits 0 once it has printed the report.

set -euo pipefail

# shellcheck source=bench/common.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/common.sh"
bench_params N=30

build_release
hermetic_env reftable
install_copies BIN

origin=$tmp/origin
echo "==> building the test repository in $origin"
new_repo "$origin"
# 2,000 files: 20 top-level packages x 10 modules x 10 files.
write_packages
printf '# bench project\n' >README.md
pick_file() {
    printf -v picked 'src/pkg%02d/mod%d/file%d.rs' $((RANDOM % 20)) $((RANDOM % 10)) $((RANDOM % 10))
}
dated_history 295 feature/bench-42 4

doc=$tmp/doc.md
printf '# Checkpoint: bench — Benchmark story\n\n## 1. Story\n**ID:** bench\n**Title:** Benchmark story\n\n## 2. Goal\nMeasure.\n\n## 4. Tasks Done\n- [x] one\n\n## 5. Remaining Todos\n- [ ] two\n- [ ] three\n\n## 6. Key Decisions\n- keep it simple\n\n## 7. Next Immediate Action\nrun it\n' >"$doc"

for fmt in files reftable; do
    git clone -q --no-local --ref-format=$fmt "$origin" "$tmp/$fmt"
    cd "$tmp/$fmt"
    git config gc.auto 0
    git switch -q feature/bench-42
    git update-ref "refs/remotes/origin/feature/bench-42" HEAD~1
    mapfile -t tracked < <(git ls-files)
    touch -d '2 hours ago' -- "${tracked[@]}"
    printf '// work in progress\n' >>src/pkg03/mod4/file5.rs
    printf 'staged change\n' >>README.md
    git add README.md
    printf 'scratch notes\n' >notes.txt
    git update-index -q --refresh || true
    "$BIN" save bench -q -F "$doc"
    echo "    $fmt: $(git rev-parse --show-ref-format), $(git ls-files | wc -l) files," \
        "$(git rev-list --count HEAD) commits"
done

declare -A ns=()
time_one() { # $1 = files|reftable, $2 = save|resume, $3 = round
    cd "$tmp/$1"
    local t1
    now_ns; t1=$NOW
    if [[ $2 == save ]]; then
        "$BIN" save bench -q -F "$doc" -m "round $3" || { echo "error: save failed" >&2; exit 1; }
    else
        "$BIN" resume bench >/dev/null || { echo "error: resume failed" >&2; exit 1; }
    fi
    now_ns
    ns[$1.$2]+="$((NOW - t1)) "
}

echo "==> $N rounds, interleaved"
for ((i = 1; i <= N; i++)); do
    if ((i % 2)); then order=(files reftable); else order=(reftable files); fi
    for fmt in "${order[@]}"; do time_one "$fmt" save "$i"; done
    for fmt in "${order[@]}"; do time_one "$fmt" resume "$i"; done
done

median_us() { # the median of the ns values in $1, in microseconds
    local sorted
    mapfile -t sorted < <(tr ' ' '\n' <<<"$1" | grep . | sort -n)
    local n=${#sorted[@]}
    if ((n % 2)); then
        echo $((sorted[n / 2] / 1000))
    else
        echo $(((sorted[n / 2 - 1] + sorted[n / 2]) / 2000))
    fi
}

echo
echo "git-checkpoint $("$BIN" --version | head -1), git $(git --version | cut -d' ' -f3), N=$N"
printf '%-8s %14s %14s %10s\n' command "files (ms)" "reftable (ms)" ratio
for op in save resume; do
    f=$(median_us "${ns[files.$op]}")
    r=$(median_us "${ns[reftable.$op]}")
    m=$(ratio_milli "$r" "$f")
    printf '%-8s %14s %14s %6d.%03d\n' "$op" "$(fmt_ms "$f")" "$(fmt_ms "$r")" $((m / 1000)) $((m % 1000))
done
