#!/usr/bin/env bash
# Benchmark: git-checkpoint at scale, against what plain git does for the same job.
#
# Usage: bench/scale.sh                 (BENCH_N=20 iterations per operation kind by default)
#        BENCH_N=50 bench/scale.sh
#        BENCH_CHUNK=5 bench/scale.sh   (iterations per timed chunk; kinds alternate by chunk)
#        BENCH_RESUME_X=5 bench/scale.sh  (resume runs BENCH_N x this many times: it is short)
#        BENCH_FILES=10000 BENCH_STORIES=10000 BENCH_REVS=20 bench/scale.sh   (the defaults)
#        BENCH_OBJECTS=1000000 bench/scale.sh   (files of the many-objects repository: the default)
#        BENCH_GC=1 bench/scale.sh      (`git gc` both story repositories before measuring: slow)
#        BENCH_KEEP=1 bench/scale.sh    (keep the temp dir and print its path, for profiling)
#        BENCH_CALLGRIND=0 bench/scale.sh   (skip the instruction counts, printed when valgrind
#                                      is installed: one run each of e, g, h, d, i and j)
#
# Needs bash, coreutils, git, cargo and python3 (bench/gen-stories.py writes the story history
# and bench/gen-tree.py the many-objects tree as `git fast-import` streams); peak memory comes
# from GNU time (/usr/bin/time) when it is installed, else from a python3 wait4() wrapper. It
# builds the release binary, then makes:
#   - a code repository of BENCH_FILES files in nested dirs, a handful of commits on main, a
#     feature branch ahead of main with an upstream one commit behind it, modified, staged and
#     untracked files, and an ignored build dir;
#   - a story repository with BENCH_STORIES stories x BENCH_REVS revisions, written by
#     fast-import in exactly the format `save` writes (docs/FORMAT.md), refs then packed with
#     `git pack-refs --all` as after a fetch and gc (objects stay in fast-import's pack,
#     undeltified; BENCH_GC=1 runs `git gc` on both story repositories instead);
#   - a repository holding only the one story that is resumed, byte-identical to its copy in
#     the big one;
#   - a repository of about BENCH_OBJECTS objects in one pack (one commit of BENCH_OBJECTS
#     files written by fast-import, one story of BENCH_REVS revisions, `git repack -a -d`), as
#     a big monorepo's clone after gc: every read of an object opens that pack's index.
# It then times, interleaved by chunks in the same run:
#   (a) git-checkpoint save scale --todo ... --next ...   (composes the document, so it scans the
#       index and working tree; -F would skip that scan)
#   (b) { git status --short; git diff --stat; git diff --cached --stat; git log --oneline -10; }
#       > checkpoint.md                                   (what a file-based checkpoint runs)
#   (c) git-checkpoint list --all                         (stdout to /dev/null)
#   (d) git for-each-ref --format='%(refname) %(contents:subject)' refs/checkpoints
#   (e) git-checkpoint resume <story> in the big story repository
#   (f) git-checkpoint resume <story> in the single-story repository
#   (g) git cat-file -p refs/checkpoints/<story>:checkpoint.md in the big story repository
#   (h) git-checkpoint list --all --json                  (stdout to /dev/null)
#   (i) git-checkpoint resume s1 in the many-objects repository
#   (j) git cat-file -p refs/checkpoints/s1:checkpoint.md in the many-objects repository
# and reports means, the ratios a/b, c/d, e/f, e/g, h/d and i/j with PASS/FAIL against the
# targets (save with state <= 0.5x, list <= 1.0x, resume growth <= 1.1x, resume / cat-file
# <= 1.3x in both big repositories, list --json <= 1.1x; issue 16), and the peak RSS of each
# command (max over the four git commands for (b); no target). It always exits 0 once it has
# measured: it is a report, not a gate. Setup failures exit non-zero.

set -euo pipefail

# shellcheck source=bench/common.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/common.sh"
bench_params N=20 CHUNK=5 RESUME_X=5 FILES=10000 STORIES=10000 REVS=20 OBJECTS=1000000
((FILES >= 100)) || { echo "BENCH_FILES must be at least 100" >&2; exit 2; }

SAVE_TARGET=0.5
LIST_TARGET=1.0
RESUME_TARGET=1.1
CATFILE_TARGET=1.3
JSON_TARGET=1.1

command -v python3 >/dev/null || { echo "error: python3 is needed (bench/gen-*.py)" >&2; exit 1; }

# ---------------------------------------------------------------------------------------------
# 1. Build.
build_release

# ---------------------------------------------------------------------------------------------
# 2. A hermetic environment.
hermetic_env scale
install_copies BIN

secs() { echo $(($(date +%s) - $1)); }

# ---------------------------------------------------------------------------------------------
# 3. The code repository: BENCH_FILES files, 20 per directory, 20 directories per package.
# The history is made in $tmp/code-origin and cloned (see clone_work_repo in common.sh).
code=$tmp/code
echo "==> building the code repository ($FILES files) in $tmp/code-origin, then cloning it to $code"
t_setup=$(date +%s)
new_repo "$tmp/code-origin"
for ((i = 0; i < FILES; i++)); do
    p=$((i / 400)) m=$((i / 20 % 20)) f=$((i % 20))
    d=src/pkg$p/mod$m
    ((i % 20 == 0)) && mkdir -p "$d"
    printf '// pkg%d/mod%d/file%d\npub fn f%d(x: u64) -> u64 {\n    x * %d + %d\n}\n' \
        "$p" "$m" "$f" "$i" "$((p + 1))" "$((m * 20 + f))" >"$d/file$f.rs"
done
printf '# scale project\n' >README.md
printf 'target/\n*.log\n' >.gitignore
nfiles_dirs=$(((FILES + 19) / 20))
pick_file() {
    local n=$(((RANDOM * 32768 + RANDOM) % FILES))
    picked=src/pkg$((n / 400))/mod$((n / 20 % 20))/file$((n % 20)).rs
}
dated_history 10 feature/scale-42 5
clone_work_repo "$tmp/code-origin" "$code" feature/scale-42
# An ignored build dir (not descended into by either side), old mtimes on tracked files and a
# refreshed index (no racily-clean entries forcing re-hashing), then the work in progress.
mkdir -p target/release/deps
for ((i = 0; i < 300; i++)); do printf 'x\n' >"target/release/deps/obj$i.o"; done
git ls-files -z | xargs -0 touch -d '2 hours ago' --
for n in 7 1234 4321 8765 $((FILES - 1)); do
    n=$((n % FILES))
    printf '// work in progress\n' >>"src/pkg$((n / 400))/mod$((n / 20 % 20))/file$((n % 20)).rs"
done
printf 'staged change\n' >>README.md
printf '// staged\n' >>src/pkg0/mod0/file1.rs
git add README.md src/pkg0/mod0/file1.rs
printf 'scratch notes\n' >notes.txt
printf 'pub fn new_thing() {}\n' >src/pkg0/mod1/new_thing.rs
printf 'pub fn other() {}\n' >src/pkg0/mod2/other.rs
sleep 1
git update-index -q --refresh || true
echo "    $(git ls-files | wc -l) tracked files in $nfiles_dirs dirs, $(git rev-list --count HEAD) commits," \
    "$(git rev-list --count main..HEAD) ahead of main, upstream 1 behind; status:" \
    $(git status --porcelain | tr '\n' ' ')

# Seed the story with a realistic document, then check that a save without -F records the
# working-tree state (staged, unstaged and untracked files in meta.json).
"$BIN" save scale --title "Rate-limit the public search API" \
    --goal "Per-token and per-IP limits with 429 responses and metrics, p99 within 2 ms" \
    --source https://tracker.example.com/browse/SCALE-42 --strategy commit-per-task \
    --done "T1 — Token-bucket limiter with unit tests" --done "T2 — Middleware wiring behind a flag" \
    --todo "T3 — 429 responses with Retry-After" --todo "T4 — Prometheus counters" \
    --todo "T5 — Load test at 3x peak" \
    --decision "Token bucket rather than a sliding window: constant memory per key" \
    --decision "Keyed by API token, else by client IP (IPv6 truncated to /64)" \
    --next "wire the 429 response" >/dev/null 2>&1 || { echo "error: seeding save failed" >&2; exit 1; }
meta_now=$(git cat-file -p refs/checkpoints/scale:meta.json)
for state in staged unstaged untracked committed; do
    [[ $meta_now == *"\"state\": \"$state\""* ]] ||
        { echo "error: save recorded no $state file: it did not scan the work tree" >&2; exit 1; }
done
echo "    seeded story 'scale': meta.json lists $(grep -c '"state"' <<<"$meta_now") changed files" \
    "(staged, unstaged, untracked, committed)"

# ---------------------------------------------------------------------------------------------
# 4. The story repositories.
width=${#STORIES}
pick=$(((STORIES + 1) / 2))
sid=$(printf 's%0*d' "$width" "$pick")
base=$(($(date +%s) - STORIES * REVS - 86400)) # all commits in the past, none older than resume's 7 days at the defaults
mk_story_repo() { # $1 = dir; a one-commit code history on the resumed story's branch
    git init -q -b "feature/$sid" "$1"
    git -C "$1" config gc.auto 0
    printf '# stories\n' >"$1/README.md"
    git -C "$1" add README.md
    GIT_AUTHOR_DATE="@$t0 +0000" GIT_COMMITTER_DATE="@$t0 +0000" git -C "$1" commit -q -m init
}
big=$tmp/stories
small=$tmp/single
mk_story_repo "$big"
mk_story_repo "$small"
head_id=$(git -C "$big" rev-parse HEAD)
[[ $head_id == "$(git -C "$small" rev-parse HEAD)" ]] || { echo "error: code heads differ" >&2; exit 1; }
echo "    code repository ready in $(secs "$t_setup") s"

echo "==> writing $STORIES stories x $REVS revisions with git fast-import in $big"
t_setup=$(date +%s)
# --depth=0: no deltas. fast-import deltifies each blob against the previous one in the stream,
# which chains a story's blobs through its neighbours' in the big repository but not in the small
# one; undeltified, the resumed story's objects cost the same to read in both.
python3 "$root/bench/gen-stories.py" "$STORIES" "$REVS" "$base" "$head_id" |
    git -C "$big" fast-import --quiet --done --depth=0
python3 "$root/bench/gen-stories.py" "$STORIES" "$REVS" "$base" "$head_id" "$pick" |
    git -C "$small" fast-import --quiet --done --depth=0
layout="refs packed by git pack-refs --all, objects in fast-import's pack (no deltas)"
for r in "$big" "$small"; do
    if [[ ${BENCH_GC:-0} == 1 ]]; then
        git -C "$r" gc --quiet
        layout="after git gc (refs packed, objects repacked with deltas)"
    else
        git -C "$r" pack-refs --all
    fi
done
echo "    $(git -C "$big" for-each-ref refs/checkpoints | wc -l) refs, $(git -C "$big" count-objects -v |
    sed -n 's/^size-pack: //p') KiB packed, in $(secs "$t_setup") s"

# Verify before timing: list --all sees every story with its title and revision count, and the
# resumed story is identical in both repositories.
cd "$big"
"$BIN" list --all --json 2>"$tmp/list.err" | python3 -c '
import json, sys
stories, revs, width = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rows = json.load(sys.stdin)
want = {f"s{i:0{width}d}": f"Rate-limit the search API, part {i}" for i in range(1, stories + 1)}
got = {r["story"]: r for r in rows}
assert len(rows) == stories and set(got) == set(want), f"list --all gave {len(rows)} rows"
for s, title in want.items():
    r = got[s]
    assert r["title"] == title and r["revision"] == revs, f"{s}: {r}"
    assert (r["tasks_done"], r["tasks_total"], r["status"]) == (8, 10, "active"), f"{s}: {r}"
' "$STORIES" "$REVS" "$width" || { echo "error: list --all does not show the generated stories" >&2; exit 1; }
[[ ! -s $tmp/list.err ]] || { echo "error: list --all warned:" >&2; cat "$tmp/list.err" >&2; exit 1; }
lines=$("$BIN" list --all | wc -l)
((lines == STORIES)) || { echo "error: list --all printed $lines lines, not $STORIES" >&2; exit 1; }
"$BIN" resume "$sid" >"$tmp/resume-big.out" 2>&1
(cd "$small" && "$BIN" resume "$sid") >"$tmp/resume-small.out" 2>&1
cmp -s "$tmp/resume-big.out" "$tmp/resume-small.out" ||
    { echo "error: resume $sid differs between the repositories" >&2; diff "$tmp/resume-big.out" "$tmp/resume-small.out" >&2; exit 1; }
grep -q 'Confidence: High' "$tmp/resume-big.out" || { echo "error: resume $sid is not High confidence" >&2; exit 1; }
if grep -q '^warning' "$tmp/resume-big.out"; then grep '^warning' "$tmp/resume-big.out" | sed 's/^/note: resume printed: /'; fi
echo "    verified: list --all shows $STORIES stories, titles and revision $REVS;" \
    "resume $sid is identical in both repositories (revision $REVS, High confidence)"

# The many-objects repository: one commit of OBJECTS files (fast-import), story s1 on its branch
# (fast-import writes fewer than 100 objects loose), then everything in one pack.
bulk=$tmp/bulk
echo "==> writing $OBJECTS files with git fast-import in $bulk, one story, one pack"
t_setup=$(date +%s)
git init -q -b main "$bulk"
git -C "$bulk" config gc.auto 0
python3 "$root/bench/gen-tree.py" "$OBJECTS" "$t0" | git -C "$bulk" fast-import --quiet --done
git -C "$bulk" branch feature/s1 main
git -C "$bulk" symbolic-ref HEAD refs/heads/feature/s1
python3 "$root/bench/gen-stories.py" 1 "$REVS" "$base" "$(git -C "$bulk" rev-parse HEAD)" |
    git -C "$bulk" fast-import --quiet --done --depth=0
git -C "$bulk" pack-refs --all
git -C "$bulk" repack -a -d -q --window=0 # no delta search: fast-import's deltas are kept
bulk_objects=$(git -C "$bulk" count-objects -v | sed -n 's/^in-pack: //p')
bulk_packs=$(git -C "$bulk" count-objects -v | sed -n 's/^packs: //p')
[[ $bulk_packs == 1 && $(git -C "$bulk" count-objects -v | sed -n 's/^count: //p') == 0 ]] ||
    { echo "error: the many-objects repository is not one pack" >&2; exit 1; }
(cd "$bulk" && "$BIN" resume s1) >"$tmp/resume-bulk.out" 2>&1
grep -q 'Confidence: High' "$tmp/resume-bulk.out" ||
    { echo "error: resume s1 is not High confidence" >&2; cat "$tmp/resume-bulk.out" >&2; exit 1; }
bulk_kib=$(git -C "$bulk" count-objects -v | sed -n 's/^size-pack: //p')
echo "    $bulk_objects objects in one pack ($bulk_kib KiB), resume s1 verified, in $(secs "$t_setup") s"

# ---------------------------------------------------------------------------------------------
# 5. The operations, each run $1 times.
op_save() {
    repeat -q "$1" "$BIN" save scale --todo "T5 — Load test at 3x peak" --next "wire the 429 response"
}
op_list() { repeat "$1" "$BIN" list --all; }
op_refs() { repeat "$1" git for-each-ref --format='%(refname) %(contents:subject)' refs/checkpoints; }
op_rbig() { repeat -q "$1" "$BIN" resume "$sid"; }
op_rsmall() { op_rbig "$@"; }
op_catbig() { repeat "$1" git cat-file -p "refs/checkpoints/$sid:checkpoint.md"; }
op_jlist() { repeat "$1" "$BIN" list --all --json; }
op_rbulk() { repeat -q "$1" "$BIN" resume s1; }
op_catbulk() { repeat "$1" git cat-file -p refs/checkpoints/s1:checkpoint.md; }
declare -A dir=([save]=$code [gather]=$code [list]=$big [refs]=$big [rbig]=$big [rsmall]=$small
    [catbig]=$big [jlist]=$big [rbulk]=$bulk [catbulk]=$bulk)
declare -A mult=([save]=1 [gather]=1 [list]=1 [refs]=1 [rbig]=$RESUME_X [rsmall]=$RESUME_X
    [catbig]=$RESUME_X [jlist]=1 [rbulk]=$RESUME_X [catbulk]=$RESUME_X)


peak_setup
declare -A peak
measure_peaks() {
    cd "$code"
    peak_kb "$BIN" save scale --todo "T5 — Load test at 3x peak" --next "wire the 429 response"
    peak[save]=$RSS
    peak_gather
    peak[gather]=$RSS
    cd "$big"
    peak_kb "$BIN" list --all
    peak[list]=$RSS
    peak_kb git for-each-ref --format='%(refname) %(contents:subject)' refs/checkpoints
    peak[refs]=$RSS
    peak_kb "$BIN" resume "$sid"
    peak[rbig]=$RSS
    peak_kb git cat-file -p "refs/checkpoints/$sid:checkpoint.md"
    peak[catbig]=$RSS
    peak_kb "$BIN" list --all --json
    peak[jlist]=$RSS
    cd "$small"
    peak_kb "$BIN" resume "$sid"
    peak[rsmall]=$RSS
    cd "$bulk"
    peak_kb "$BIN" resume s1
    peak[rbulk]=$RSS
    peak_kb git cat-file -p refs/checkpoints/s1:checkpoint.md
    peak[catbulk]=$RSS
}

# Warm the page cache, the binary and git. Each command sits next to what it is compared with
# (the rotation keeps neighbours together), so both see the same load on a shared machine.
kinds=(save gather list refs jlist rsmall rbig catbig rbulk catbulk)
for k in "${kinds[@]}"; do
    cd "${dir[$k]}"
    "op_$k" 2
done
saves_before=$(git -C "$code" rev-list --count refs/checkpoints/scale)

echo "==> measuring: N=$N per kind (resume x$RESUME_X), chunks of $CHUNK, kinds alternating"
measure_rounds
saves=$(($(git -C "$code" rev-list --count refs/checkpoints/scale) - saves_before))
[[ $saves == "$N" ]] || echo "warning: expected $N new revisions of 'scale', got $saves" >&2
echo "==> peak memory, one more run of each ($rss_tool)"
measure_peaks

# ---------------------------------------------------------------------------------------------
# Report (see the arithmetic in common.sh): microseconds per op, ratios in thousandths.
declare -A us cus
for k in "${kinds[@]}"; do us[$k]=$(us_per_op "$k") cus[$k]=$(cpu_us_per_op "$k"); done

echo
echo "git-checkpoint scale benchmark: N=$N (resume x$RESUME_X), chunk=$CHUNK, $(git --version)," \
    "$(uname -sm), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
echo "code repository: $FILES tracked files, feature branch ahead of main with an upstream," \
    "staged/unstaged/untracked files"
echo "story repositories: $STORIES stories x $REVS revisions and 1 story x $REVS revisions," \
    "$layout; resumed story: $sid"
echo "many-objects repository: $bulk_objects objects in one pack ($OBJECTS files," \
    "story s1 x $REVS revisions)"
printf '%-62s %10s %10s %9s\n' "operation" "wall ms/op" "cpu ms/op" "peak MiB"
row() { printf '%-62s %10s %10s %9s\n' "$1" "$(fmt_ms "${us[$2]}")" "$(fmt_ms "${cus[$2]}")" "$(fmt_mb "${peak[$2]}")"; }
row "(a) git-checkpoint save scale --todo .. --next .." save
row "(b) git status/diff --stat/diff --cached --stat/log > file" gather
row "(c) git-checkpoint list --all ($STORIES stories)" list
row "(d) git for-each-ref --format='%(refname) %(contents:subject)'" refs
row "(e) git-checkpoint resume $sid ($STORIES stories x $REVS revs)" rbig
row "(f) git-checkpoint resume $sid (1 story x $REVS revs)" rsmall
row "(g) git cat-file -p ..$sid:checkpoint.md ($STORIES stories)" catbig
row "(h) git-checkpoint list --all --json ($STORIES stories)" jlist
row "(i) git-checkpoint resume s1 ($bulk_objects objects)" rbulk
row "(j) git cat-file -p ..s1:checkpoint.md ($bulk_objects objects)" catbulk
echo "(peak MiB of (b) is the largest of its four git commands)"
echo
echo "Targets are judged on wall time; the cpu ratio (user+sys of the processes, from bash's"
echo "'times') is shown for reference, as it is less sensitive to other load on the machine."
report "save with state / file-based (b)" save gather "$SAVE_TARGET"
report "list --all / for-each-ref" list refs "$LIST_TARGET"
report "resume: $STORIES stories / 1 story" rbig rsmall "$RESUME_TARGET"
report "resume / cat-file, $STORIES stories" rbig catbig "$CATFILE_TARGET"
report "resume / cat-file, many objects" rbulk catbulk "$CATFILE_TARGET"
report "list --all --json / for-each-ref" jlist refs "$JSON_TARGET"
printf 'peak memory ratios (no target):     save/(b) %sx   list/for-each-ref %sx   resume big/small %sx\n' \
    "$(fmt_ms "$(ratio_milli "${peak[save]}" "${peak[gather]}")")" \
    "$(fmt_ms "$(ratio_milli "${peak[list]}" "${peak[refs]}")")" \
    "$(fmt_ms "$(ratio_milli "${peak[rbig]}" "${peak[rsmall]}")")"
printf '%36s resume/cat-file %sx (stories), %sx (many objects)   list --json/for-each-ref %sx\n' '' \
    "$(fmt_ms "$(ratio_milli "${peak[rbig]}" "${peak[catbig]}")")" \
    "$(fmt_ms "$(ratio_milli "${peak[rbulk]}" "${peak[catbulk]}")")" \
    "$(fmt_ms "$(ratio_milli "${peak[jlist]}" "${peak[refs]}")")"
if command -v valgrind >/dev/null && [[ ${BENCH_CALLGRIND:-1} == 1 ]]; then
    # Instructions of one run (valgrind's "Collected" line): the same on every run, whatever
    # the load, where wall time is not.
    irs() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'; }
    echo
    echo "callgrind, instructions of one run (BENCH_CALLGRIND=0 skips this):"
    cg() { # $1 label, $2 dir, then our command, --, and git's
        local label=$1 ours=() theirs=() a seen=0 n1 n2
        cd "$2"
        shift 2
        for a in "$@"; do
            if ((seen == 0)) && [[ $a == -- ]]; then
                seen=1
            elif ((seen)); then
                theirs+=("$a")
            else
                ours+=("$a")
            fi
        done
        n1=$(irs "${ours[@]}") n2=$(irs "${theirs[@]}")
        printf '    %-34s %12s, git %12s: %sx\n' "$label" "$n1" "$n2" \
            "$(fmt_ms "$(ratio_milli "$n1" "$n2")")"
    }
    cg "resume / cat-file, $STORIES stories" "$big" "$BIN" resume "$sid" -- \
        git cat-file -p "refs/checkpoints/$sid:checkpoint.md"
    cg "resume / cat-file, many objects" "$bulk" "$BIN" resume s1 -- \
        git cat-file -p refs/checkpoints/s1:checkpoint.md
    cg "list --all --json / for-each-ref" "$big" "$BIN" list --all --json -- \
        git for-each-ref '--format=%(refname) %(contents:subject)' refs/checkpoints
fi
exit 0
