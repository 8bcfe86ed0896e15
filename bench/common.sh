# Shared by the benchmark scripts (sourced, not run): the release build and a hermetic
# environment. Needs bash, git, cargo and coreutils.

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

bench_cleanup() {
    if [[ ${BENCH_KEEP:-0} == 1 ]]; then
        echo "(kept $tmp)"
    else
        rm -rf -- "$tmp"
    fi
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

# commit_dated MESSAGE N: commits the tracked changes, authored and committed N hours after
# $t0 (seconds since the epoch, set by the caller), so the history is reproducible.
commit_dated() {
    git add -u
    GIT_AUTHOR_DATE="@$((t0 + $2 * 3600)) +0000" GIT_COMMITTER_DATE="@$((t0 + $2 * 3600)) +0000" \
        git commit -q -m "$1"
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
