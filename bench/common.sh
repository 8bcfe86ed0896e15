# Shared by the benchmark scripts (sourced, not run): the release build, a hermetic
# environment and the dated test history. Needs bash, git, cargo and coreutils.

# The checkout the scripts measure.
root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)

# bench_params VAR=DEFAULT...: sets each VAR from the environment's BENCH_<VAR> (DEFAULT when
# that is unset or empty); exits 2 unless each is a positive integer.
bench_params() {
    local p v value
    for p in "$@"; do
        v=${p%%=*}
        value=BENCH_$v
        value=${!value:-${p#*=}}
        case $value in '' | *[!0-9]* | 0) echo "BENCH_$v must be a positive integer" >&2; exit 2 ;; esac
        printf -v "$v" '%s' "$value"
    done
}

# build_release: builds the release binary and sets BIN to its path (wherever cargo put it).
build_release() {
    echo "==> cargo build --release --locked (in $root)"
    BIN=
    local line
    while IFS= read -r line; do
        if [[ $line == *'"executable":"'*git-checkpoint'"'* ]]; then
            BIN=${line#*\"executable\":\"}
            BIN=${BIN%%\"*}
        fi
    done < <(cd "$root" && cargo build --release --locked --bin git-checkpoint \
        --message-format=json-render-diagnostics)
    [[ -n $BIN && -x $BIN ]] || { echo "error: the build did not produce git-checkpoint" >&2; exit 1; }
    echo "    $BIN"
}

# hermetic_env NAME: makes the temp dir $tmp (removed on exit unless BENCH_KEEP=1), drops the
# caller's git environment and sets a fixed identity, time zone, locale and an empty config.
hermetic_env() {
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/git-checkpoint-$1.XXXXXX")
    trap bench_cleanup EXIT
    trap 'exit 130' INT TERM # run the EXIT trap on Ctrl-C too
    local var
    for var in $(compgen -e); do
        [[ $var == GIT_* ]] && unset "$var"
    done
    unset EDITOR VISUAL NO_COLOR GIT_CHECKPOINT_STORY
    mkdir -p "$tmp/home"
    export HOME=$tmp/home
    export XDG_CONFIG_HOME=$tmp/home/.config
    export GIT_CONFIG_NOSYSTEM=1
    export GIT_CONFIG_GLOBAL=/dev/null
    export GIT_AUTHOR_NAME="Bench Author" GIT_AUTHOR_EMAIL="author@bench.invalid"
    export GIT_COMMITTER_NAME="Bench Committer" GIT_COMMITTER_EMAIL="committer@bench.invalid"
    export TZ=UTC LC_ALL=C GIT_PAGER=cat PAGER=cat
}

# install_copies VAR...: copies each binary VAR names into $tmp/bin (hermetic_env's $tmp; the
# copy keeps its file name) and points VAR at the copy, as `cargo install` copies
# target/release's file and a package manager writes git's. A file the linker wrote ran slower
# here than a copy of the same bytes (resume at 1 story 2.05 against 1.72 ms, 246 against 222
# page faults: the page cache holds the two differently), and no user runs the linker's file.
install_copies() {
    local var copy
    mkdir -p "$tmp/bin"
    for var in "$@"; do
        copy=$tmp/bin/$(basename -- "${!var}")
        cp -- "${!var}" "$copy"
        printf -v "$var" '%s' "$copy"
    done
}

# symbol_order_note: says how many of link/symbol-order.txt's functions $BIN holds, and to
# rerun bench/symbol-order.sh when that is under 90% (the names carry hashes that a toolchain
# or dependency update changes; what the file no longer names is laid out by rustc).
symbol_order_note() {
    local file=$root/link/symbol-order.txt listed found
    [[ -s $file ]] && command -v nm >/dev/null || return 0
    listed=$(wc -l <"$file")
    found=$(nm --defined-only "$BIN" | awk 'NF == 3 { print $3 }' | grep -cxFf "$file" || true)
    echo "    link/symbol-order.txt: $found of $listed functions in the binary"
    if ((found * 10 < listed * 9)); then
        echo "note: link/symbol-order.txt is stale; rerun bench/symbol-order.sh" >&2
    fi
}

# On ext4, for a minute or more after files are deleted, each new file's inode is found by
# scanning past the recently freed ones (fs/ext4/ialloc.c, `recently_deleted`: 60 s, 5 min more
# while their inode table block is not yet written back), so a command that creates files (lock
# files, a temp file, git's index.lock) slows with the number of files deleted before it, not
# with its own work. With a copy of a clone removed right before each run, `sync` at 1,000
# stories spent 77% of its own time (perf) allocating inodes for its lock files (ours 3.7-4.2 s,
# git 2.4 s; with no copy removed before: 2.0-2.1 and 1.6 s); and after floor.sh removed its
# 100,000-story repository, `git status` in the 200-file repository ran 30% slower than alone.
# Scripts delete through remove_tree and call settle before timing what creates files.
removed_at=0
# remove_tree PATH...: rm -rf, noting when (for settle).
remove_tree() {
    rm -rf -- "$@"
    removed_at=$SECONDS
}
# settle: writes back what is dirty (sync), then waits until 65 s have passed since the last
# remove_tree, or since the script started (the run before it may have removed its own).
settle() {
    sync
    local left=$((65 - (SECONDS - removed_at)))
    if ((left > 0)); then
        echo "    (waiting $left s after a removal: ext4 scans recently freed inodes for 60 s)"
        sleep "$left"
    fi
}

bench_cleanup() {
    if [[ ${BENCH_KEEP:-0} == 1 ]]; then
        echo "(kept $tmp)"
    else
        rm -rf -- "$tmp"
    fi
}

# peak_setup: defines peak_kb COMMAND..., which runs COMMAND once (stdout and stderr discarded)
# and sets RSS to its peak resident set size in KiB, and sets rss_tool to what measures it: GNU
# time (/usr/bin/time -f %M) when installed, else a python3 wait4() wrapper. Needs $tmp.
peak_setup() {
    if /usr/bin/time -f %M -o "$tmp/rss" true 2>/dev/null && [[ -s $tmp/rss ]]; then
        rss_tool="GNU time (/usr/bin/time -f %M)"
        peak_kb() {
            /usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null 2>&1 || true
            RSS=$(tail -n 1 "$tmp/rss")
        }
    else
        rss_tool="python3 wait4() ru_maxrss (includes the forked python's pages as a floor)"
        peak_kb() {
            RSS=$(python3 -c '
import os, sys
pid = os.fork()
if pid == 0:
    fd = os.open(os.devnull, os.O_WRONLY)
    os.dup2(fd, 1); os.dup2(fd, 2)
    os.execvp(sys.argv[1], sys.argv[1:])
print(os.wait4(pid, 0)[2].ru_maxrss)' "$@")
        }
    fi
}

# op_gather N: the gstack seed's file-based checkpoint, N times: what it runs to capture git
# state ({ git status --short; git diff --stat; git diff --cached --stat; git log --oneline
# -10; } into $tmp/checkpoint.md), the reference of "save with git state".
op_gather() {
    local i
    for ((i = 0; i < $1; i++)); do
        { git status --short; git diff --stat; git diff --cached --stat; git log --oneline -10; } \
            >"$tmp/checkpoint.md"
    done
}

# peak_gather: sets RSS to the largest peak memory (KiB) of op_gather's four git commands (see
# peak_setup).
peak_gather() {
    local c max=0
    for c in "status --short" "diff --stat" "diff --cached --stat" "log --oneline -10"; do
        # shellcheck disable=SC2086 # the git arguments are split on purpose
        peak_kb git $c
        ((RSS > max)) && max=$RSS
    done
    RSS=$max
}

# work_in_progress: what an agent's work tree looks like mid-task: old mtimes on every tracked
# file and a refreshed index (no racily-clean entries forcing re-hashing), then 3 tracked files
# modified (the caller's pick_file chooses them; $picked is the last), with $1 = 1 the last one
# staged, and 2 untracked files (notes.txt, new_thing.rs).
work_in_progress() {
    local k
    git ls-files -z | xargs -0 touch -d '2 hours ago' --
    for k in 1 2 3; do
        pick_file
        printf '// work in progress\n' >>"$picked"
    done
    if (($1)); then git add -- "$picked"; fi
    printf 'scratch notes\n' >notes.txt
    printf 'pub fn new_thing() {}\n' >new_thing.rs
    sleep 1
    git update-index -q --refresh || true
}

# Timing: now_ns sets NOW (wall clock, ns); cpu_ms sets CPU (user+sys of finished children, ms).

# Wall-clock nanoseconds into $NOW. bash 5's $EPOCHREALTIME (microsecond resolution) avoids
# forking date(1) inside the timed interval (a fork+exec costs about as much as the cat-file
# being measured); `date +%s%N` is the fallback for older bash.
now_ns() {
    if [[ -n ${EPOCHREALTIME:-} ]]; then
        local s=${EPOCHREALTIME%[.,]*} us=${EPOCHREALTIME#*[.,]}
        NOW=$((s * 1000000000 + 10#$us * 1000))
    else
        NOW=$(date +%s%N)
    fi
}

# CPU time (user+sys) of finished children in milliseconds, from the `times` builtin. Written to
# a file and read back so that no subshell is involved (a subshell would see its own children).
cpu_ms() {
    local shell_u shell_s child_u child_s
    times >"$tmp/times"
    { read -r shell_u shell_s; read -r child_u child_s; } <"$tmp/times"
    CPU=$(($(dur_ms "$child_u") + $(dur_ms "$child_s")))
}

dur_ms() { # "1m2.345s" -> 62345
    local m=${1%%m*} rest=${1#*m}
    rest=${rest%s}
    local sec=${rest%[.,]*} frac=${rest#*[.,]}000
    echo $((10#$m * 60000 + 10#$sec * 1000 + 10#${frac:0:3}))
}

# repeat [-q] N CMD...: runs CMD N times, its stdout discarded (and its stderr, with -q); exits 1
# naming CMD at its first failure. The body of most op_KIND functions below.
repeat() {
    local quiet=0 i n
    if [[ $1 == -q ]]; then
        quiet=1
        shift
    fi
    n=$1
    shift
    for ((i = 0; i < n; i++)); do
        if ((quiet)); then
            "$@" >/dev/null 2>&1 || { echo "error: $* failed" >&2; exit 1; }
        else
            "$@" >/dev/null || { echo "error: $* failed" >&2; exit 1; }
        fi
    done
}

# measure_rounds: runs the caller's op_KIND functions for each KIND in the array `kinds`, N
# times in all (N, CHUNK from the caller), in rounds of at most CHUNK, rotating which kind goes
# first in each round. op_KIND gets CHUNK x ${mult[KIND]} iterations (1 when the caller has no
# `mult`) and runs in ${dir[KIND]} (when the caller has `dir`); the caller's tidy_KIND, when
# it has one, runs after it, untimed (to undo what op_KIND made for its own calls). Leaves, per
# kind, the wall time in ns in total[KIND], the children's CPU time in ms in cpu[KIND] and the
# iterations in iters[KIND].
measure_rounds() {
    declare -gA total=() cpu=() iters=()
    local k j n m c1 t1 done_n=0 round=0 nk=${#kinds[@]} has_mult=0 has_dir=0
    declare -p mult &>/dev/null && has_mult=1
    declare -p dir &>/dev/null && has_dir=1
    for k in "${kinds[@]}"; do total[$k]=0 cpu[$k]=0 iters[$k]=0; done
    while ((done_n < N)); do
        n=$((N - done_n < CHUNK ? N - done_n : CHUNK))
        for ((j = 0; j < nk; j++)); do
            k=${kinds[(j + round) % nk]}
            m=$n
            ((has_mult == 0)) || m=$((n * mult[$k]))
            ((has_dir == 0)) || cd "${dir[$k]}"
            cpu_ms; c1=$CPU
            now_ns; t1=$NOW
            "op_$k" "$m"
            now_ns
            total[$k]=$((total[$k] + NOW - t1))
            cpu_ms
            cpu[$k]=$((cpu[$k] + CPU - c1))
            iters[$k]=$((iters[$k] + m))
            ! declare -F "tidy_$k" >/dev/null || "tidy_$k"
        done
        done_n=$((done_n + n))
        round=$((round + 1))
    done
}

# Report arithmetic, integers only: microseconds per iteration of KIND (wall, CPU), a
# microsecond count as "m.mmm" ms, A/B in thousandths, a decimal as thousandths, and PASS when
# thousandths <= TARGET.
us_per_op() { echo $(((total[$1] / iters[$1] + 500) / 1000)); }
cpu_us_per_op() { echo $(((cpu[$1] * 1000 + iters[$1] / 2) / iters[$1])); }
fmt_ms() { printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); }
ratio_milli() {
    (($2 > 0)) || { echo 0; return; }
    echo $((($1 * 1000 + $2 / 2) / $2))
}
to_milli() { local w=${1%.*} f=${1#*.}000; [[ $1 == *.* ]] || f=000; echo $((10#$w * 1000 + 10#${f:0:3})); }
verdict() { (($1 <= $(to_milli "$2"))) && echo PASS || echo FAIL; }

# report LABEL OURS THEIRS TARGET: prints the wall-time ratio of kind OURS to kind THEIRS (per
# iteration, from measure_rounds), the CPU ratio beside it, and PASS when the wall ratio is at
# most TARGET. fmt_mb KIB: a KiB count as "m.d" MiB.
report() {
    local r rc
    r=$(ratio_milli "$((total[$2] * iters[$3]))" "$((total[$3] * iters[$2]))")
    rc=$(ratio_milli "$((cpu[$2] * iters[$3]))" "$((cpu[$3] * iters[$2]))")
    printf '%-46s wall %7sx  (cpu %7sx)   target <= %-4s  %s\n' "$1" "$(fmt_ms "$r")" \
        "$(fmt_ms "$rc")" "${4}x" "$(verdict "$r" "$4")"
}
fmt_mb() { printf '%d.%d' $(($1 / 1024)) $((($1 % 1024) * 10 / 1024)); }

# commit_dated MESSAGE N: commits the tracked changes, authored and committed N hours after
# $t0 (seconds since the epoch, set by the caller), so the history is reproducible.
commit_dated() {
    git add -u
    GIT_AUTHOR_DATE="@$((t0 + $2 * 3600)) +0000" GIT_COMMITTER_DATE="@$((t0 + $2 * 3600)) +0000" \
        git commit -q -m "$1"
}

# new_repo DIR: a new repository in DIR (on main, no automatic gc, no line-ending conversion),
# and cds there.
new_repo() {
    git init -q -b main "$1"
    cd "$1"
    git config gc.auto 0
    git config core.autocrlf false
}

# write_packages: 2,000 small source files in the current directory, 20 top-level packages x
# 10 modules x 10 files (src/pkgNN/modM/fileF.rs), the layout pick_file picks from.
write_packages() {
    local p m f d
    for p in $(seq -w 0 19); do
        for m in $(seq -w 0 9); do
            d=src/pkg$p/mod$m
            mkdir -p "$d"
            for f in $(seq -w 0 9); do
                printf '// pkg%s/mod%s/file%s\npub fn f%s%s%s(x: u64) -> u64 {\n    x * %d + %d\n}\n' \
                    "$p" "$m" "$f" "$p" "$m" "$f" "$((10#$p + 1))" "$((10#$m * 10 + 10#$f))" \
                    >"$d/file$f.rs"
            done
        done
    done
}

# tree_file FILES: sets $picked to one of the FILES files bench/gen-tree.py writes, chosen by
# $RANDOM (src/pkgPPP/modMM/fileFF.rs, 50 a directory, 20 directories a package).
tree_file() {
    local n=$(((RANDOM * 32768 + RANDOM) % $1))
    printf -v picked 'src/pkg%03d/mod%02d/file%02d.rs' $((n / 1000)) $((n / 50 % 20)) $((n % 50))
}

# commit_some MESSAGE N: appends a line to four files, each chosen by the caller's pick_file
# (which sets $picked from $RANDOM), and commits them with commit_dated.
commit_some() {
    local k
    for k in 1 2 3 4; do
        pick_file
        printf '// change %s.%s\n' "$2" "$k" >>"$picked"
    done
    commit_dated "$1" "$2"
}

# dated_history MAIN BRANCH FEATURE: commits the whole working tree as "initial import" at $t0
# (set here), then MAIN commits on main and FEATURE more on a new BRANCH (see commit_some, one
# hour apart, $RANDOM seeded), and switches back to main, the clone's default branch.
dated_history() {
    local i
    git add -A
    t0=1700000000
    GIT_AUTHOR_DATE="@$t0 +0000" GIT_COMMITTER_DATE="@$t0 +0000" git commit -q -m "initial import"
    RANDOM=4242
    for i in $(seq 1 "$1"); do
        commit_some "main: change $i" "$i"
    done
    git switch -q -c "$2"
    for i in $(seq $(($1 + 1)) $(($1 + $3))); do
        commit_some "feature: step $((i - $1))" "$i"
    done
    git switch -q main
}

# clone_work_repo ORIGIN REPO BRANCH: clones ORIGIN (whose HEAD is main) to REPO and cds
# there, checks out BRANCH tracking origin's, and moves origin/BRANCH back one commit (pushed
# all but the last). A clone gets its history in one pack, as a developer's repository does;
# making thousands of loose objects and repacking them in place instead leaves the directory's
# inode group slow to create files in (about 0.2 ms a file on ext4 instead of 0.005, for a
# long while), which would bill each side per file written rather than per work done.
clone_work_repo() {
    git clone -q --no-local "$1" "$2"
    cd "$2"
    git config gc.auto 0 # no background gc in the middle of a measurement
    git config core.autocrlf false
    git switch -q "$3"
    git update-ref "refs/remotes/origin/$3" HEAD~1
}

# code_repo DIR FILES: a code repository of FILES files (bench/gen-tree.py, 50 per directory,
# one pack, `git reset --hard` writes the work tree; needs python3 and $t0) with a feature branch
# two commits ahead of main whose upstream is one commit behind, old mtimes and a refreshed
# index, story 42 saved (a title, two todos, a next action, a decision), then 3 tracked files
# modified and 2 untracked (work_in_progress): the state an agent's work tree is in. cds there.
code_repo() {
    local files=$2
    new_repo "$1"
    python3 "$root/bench/gen-tree.py" "$files" "$t0" | git fast-import --quiet --done --depth=0
    git reset -q --hard
    pick_file() { tree_file "$files"; }
    RANDOM=4242
    commit_some "main: change 1" 1
    git switch -q -c feature/42-rate-limit
    commit_some "feature: step 1" 2
    commit_some "feature: step 2" 3
    git update-ref refs/remotes/origin/feature/42-rate-limit HEAD~1
    git config branch.feature/42-rate-limit.remote origin
    git config branch.feature/42-rate-limit.merge refs/heads/feature/42-rate-limit
    "$BIN" save -q 42 --title "Rate-limit the public search API" \
        --todo "T1 — token-bucket limiter with unit tests" \
        --todo "T2 — middleware wiring behind the rateLimit flag" \
        --next "start T1: write the token bucket in src/limit" \
        --decision "Token bucket rather than a sliding window: constant memory per key" ||
        { echo "error: the first save failed" >&2; exit 1; }
    work_in_progress 1
}
