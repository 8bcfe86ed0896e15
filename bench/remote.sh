#!/usr/bin/env bash
# Benchmark: sharing at scale (issue 31), each row against what plain git does for the same job,
# interleaved in the same run, at each size of BENCH_SIZES stories.
#
# Usage: bench/remote.sh                       (BENCH_SIZES="1000 10000" by default)
#        BENCH_SIZES="1000 10000 100000" bench/remote.sh
#        BENCH_N=3 bench/remote.sh             (measured rounds per row at 100,000 stories and
#                                              more, default 3)
#        BENCH_N_SMALL=9 bench/remote.sh       (measured rounds per row below 100,000 stories,
#                                              default 9: a call there takes 10 ms to 4 s, and
#                                              the median of 3 such calls moved by up to 1.5x
#                                              from run to run with nothing changed)
#        BENCH_DIVERGED=1000 bench/remote.sh   (stories diverged for the sync row, default 1000)
#        BENCH_KEEP=1 bench/remote.sh          (keep the temp dir)
#
# For each size S it writes S stories x 1 revision with `git fast-import` (bench/gen-stories.py,
# the storage format `save` writes) into a clone `A` of a bare remote, pushes them with plain git,
# then times, each row against its reference and alternating which goes first:
#   push     git-checkpoint push origin, nothing new              vs `git push --porcelain` of
#            the same refspecs (CPU time: target <= 1.2x); ours fetches the remote's purge
#            records and then, every ref holding what the remote had as last fetched, runs no
#            git push (ops::push::push_fetched). Beside them the floor of a push that does run
#            it: a plain `git fetch` of the remote's purge records plus that git push
#   fetch1   git-checkpoint fetch origin <story> (one story moved) vs `git fetch origin <its ref>`
#            into the same remote-tracking ref (wall: target <= 1.2x)
#   list     git-checkpoint list --all in a clone that fetched all S stories with
#            git-checkpoint fetch                                   vs git for-each-ref
#            --format='%(refname) %(contents:subject)' refs/checkpoints (wall: target <= 1.0x),
#            and beside them the floor, examples/floor_list.rs (open the repository with gix,
#            read each local tip's subject, name the remote-tracking checkpoint refs)
#   sync     git-checkpoint sync origin with BENCH_DIVERGED stories diverged (saved here and on the
#            remote)                                                vs git fetch of the same refs
#            plus git push --force of them (wall: target <= 1.5x), and beside them the floor:
#            that fetch, a merge commit and ref update per diverged story (git fast-import),
#            the push (not forced) and the remote-tracking refs of what was pushed
# and prints per row the two times, the ratio, PASS/FAIL, and per x10 of S the growth factor of
# our time and of git's (linear: both about 10). A report, not a gate: exits 0 once measured.

set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/common.sh"
bench_params N=3 N_SMALL=9 DIVERGED=1000
SIZES=${BENCH_SIZES:-1000 10000}
PUSH_TARGET=1.2
FETCH1_TARGET=1.2
LIST_TARGET=1.0
SYNC_TARGET=1.5

command -v python3 >/dev/null || { echo "error: python3 is needed (bench/gen-stories.py)" >&2; exit 1; }
if [[ -n ${BENCH_BIN:-} ]]; then BIN=$BENCH_BIN; else build_release; fi
echo "==> cargo build --release --locked --example floor_list"
FLOOR_LIST=$(cd "$root" && cargo build --release --locked --example floor_list \
    --message-format=json-render-diagnostics | sed -n 's/.*"executable":"\([^"]*floor_list\)".*/\1/p')
[[ -n $FLOOR_LIST && -x $FLOOR_LIST ]] || { echo "error: the build did not produce floor_list" >&2; exit 1; }
hermetic_env remote
install_copies BIN
symbol_order_note

# time_us CMD...: runs CMD (output dropped), sets WALL (us) and CPUT (children's user+sys, us;
# bash's `times` counts whole milliseconds). Microseconds, not milliseconds: `list` at 1,000
# stories takes 7-8 ms, where a 1 ms clock makes the ratio 1.14 or 1.00.
time_us() {
    local c0 t0
    cpu_ms; c0=$CPU
    now_ns; t0=$NOW
    "$@" >/dev/null 2>&1 || { echo "error: $* failed" >&2; exit 1; }
    now_ns
    WALL=$(((NOW - t0) / 1000))
    cpu_ms
    CPUT=$(((CPU - c0) * 1000))
}

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# make_size S: $tmp/S/{o.git,A} with S stories pushed by plain git and tracked in A.
make_size() {
    local s=$1 d=$tmp/$1 head
    mkdir -p "$d"
    git init -q --bare -b main "$d/o.git"
    git -C "$d/o.git" config receive.autogc false
    git -C "$d/o.git" config gc.auto 0
    git init -q -b main "$d/A"
    git -C "$d/A" config gc.auto 0
    git -C "$d/A" commit -q --allow-empty -m init
    git -C "$d/A" remote add origin "$d/o.git"
    git -C "$d/A" push -q origin main
    head=$(git -C "$d/A" rev-parse HEAD)
    python3 "$root/bench/gen-stories.py" "$s" 1 "$(($(date +%s) - s - 86400))" "$head" |
        git -C "$d/A" fast-import --quiet --done --depth=0
    git -C "$d/A" pack-refs --all
    git -C "$d/A" push -q origin 'refs/checkpoints/*:refs/checkpoints/*'
    git -C "$d/A" fetch -q origin '+refs/checkpoints/*:refs/remotes/origin/checkpoints/*'
    git -C "$d/A" pack-refs --all
}

# copy SRC DST: a fresh copy (hard links would share what a measurement writes).
copy() { rm -rf "$2" && cp -a "$1" "$2"; }

# Each measured run works in a copy of its own under $d/runs. Every copy of a row is made,
# untimed, before the row's first run, then the row settles (see settle in common.sh): a copy
# made just before its run left its pages to be written back during that run or the next one,
# and a copy removed before each run made every side's time grow with the files it creates. No
# copy is removed until every row of the size has run.
# fresh SRC NAME: copies SRC to $d/runs/NAME (a new name per run) and prints the path.
fresh() {
    mkdir -p "$d/runs"
    cp -a "$1" "$d/runs/$2"
    printf '%s\n' "$d/runs/$2"
}
tidy_runs() { remove_tree "$d/runs" "$d/W"; }

# sync_floor_stream A REMOTE: a git fast-import stream of one merge commit per story whose tip
# differs between clone A and REMOTE (ours first, theirs second parent), each updating the
# story's ref.
sync_floor_stream() {
    join <(git -C "$1" for-each-ref --format='%(refname) %(objectname)' refs/checkpoints | sort) \
        <(git -C "$2" for-each-ref --format='%(refname) %(objectname)' refs/checkpoints | sort) |
        awk '$2 != $3 { printf "commit %s\ncommitter Bench <b@bench.invalid> 1700000000 +0000\ndata 7\nmerged\nfrom %s\nmerge %s\nM 100644 inline checkpoint.md\ndata 7\nmerged\n\n", $1, $2, $3 }'
}

# sync_floor STREAM: the floor of sync in the current clone: the same fetch as the git row, the
# merge commits and local ref updates (STREAM, git fast-import), the push of them (not forced),
# and the remote-tracking refs of what was pushed (git update-ref --stdin, one transaction).
sync_floor() {
    git fetch -q --no-tags origin '+refs/checkpoints/*:refs/remotes/origin/checkpoints/*' \
        '+refs/notes/checkpoints*:refs/remotes/origin/notes/checkpoints*' &&
        git fast-import --quiet --force <"$1" &&
        git push -q origin 'refs/checkpoints/*:refs/checkpoints/*' &&
        git for-each-ref --format='update refs/remotes/origin/checkpoints/%(refname:lstrip=2) %(objectname)' \
            refs/checkpoints | git update-ref --stdin
}

declare -A res # res[row,size,ours|git] = median ms
rows_out=()

for S in $SIZES; do
    d=$tmp/$S
    echo "==> $S stories: writing them with git fast-import and pushing them with git"
    make_size "$S"
    width=${#S}
    R=$( ((S < 100000)) && echo "$N_SMALL" || echo "$N") # measured rounds per row at this size
    one=$(printf 's%0*d' "$width" $(((S + 1) / 2)))
    cd "$d/A"

    # push: nothing new. Ours fetches the purge records first; with nothing to send it runs no
    # git push. The floor of a push that runs one and never sends back a story purged
    # elsewhere: a fetch of the remote's purge records and then the same git push.
    ours=() theirs=() ocpu=() tcpu=() fcpu=()
    "$BIN" push origin >/dev/null 2>&1 # warm: anything left to do (the tracking refs) is done
    for ((i = 0; i < R; i++)); do
        for side in $( ((i % 2)) && echo "git floor ours" || echo "ours floor git"); do
            if [[ $side == ours ]]; then
                time_us "$BIN" push origin; ours+=("$WALL"); ocpu+=("$CPUT")
            elif [[ $side == floor ]]; then
                time_us git fetch --quiet --no-tags --no-write-fetch-head --refmap= --prune -- origin \
                    '+refs/checkpoints-purged/*:refs/remotes/origin/checkpoints-purged/*'
                fc=$CPUT
                time_us git push --porcelain --no-recurse-submodules -- origin \
                    'refs/checkpoints/*:refs/checkpoints/*'
                fcpu+=($((fc + CPUT)))
            else
                time_us git push --porcelain --no-recurse-submodules -- origin \
                    'refs/checkpoints/*:refs/checkpoints/*'
                theirs+=("$WALL"); tcpu+=("$CPUT")
            fi
        done
    done
    res[push,$S,ours]=$(median "${ocpu[@]}") res[push,$S,git]=$(median "${tcpu[@]}")
    res[push,$S,floor]=$(median "${fcpu[@]}")
    res[push,$S,owall]=$(median "${ours[@]}") res[push,$S,gwall]=$(median "${theirs[@]}")

    # fetch <story>: one story moved on the remote (pushed from a second clone).
    copy "$d/A" "$d/W"
    (cd "$d/W" && "$BIN" save "$one" -q -m "moved on the remote" && git push -q origin "refs/checkpoints/$one")
    ours=() theirs=()
    for ((i = 0; i < R; i++)); do
        for side in ours git; do fresh "$d/A" "F-$i-$side" >/dev/null; done
    done
    settle
    for ((i = 0; i < R; i++)); do
        for side in $( ((i % 2)) && echo "git ours" || echo "ours git"); do
            cd "$d/runs/F-$i-$side"
            if [[ $side == ours ]]; then
                time_us "$BIN" fetch origin "$one"; ours+=("$WALL")
                [[ $(git rev-parse "refs/checkpoints/$one") == $(git -C "$d/W" rev-parse "refs/checkpoints/$one") ]] ||
                    { echo "error: fetch $one did not bring the story" >&2; exit 1; }
            else
                time_us git fetch -q --no-tags origin \
                    "+refs/checkpoints/$one:refs/remotes/origin/checkpoints/$one"
                theirs+=("$WALL")
            fi
            cd "$d"
        done
    done
    res[fetch1,$S,ours]=$(median "${ours[@]}") res[fetch1,$S,git]=$(median "${theirs[@]}")
    # The remote is as A knows it again.
    git -C "$d/A" push -q --force origin "refs/checkpoints/$one:refs/checkpoints/$one"

    # list --all after git-checkpoint fetch of every story into a clone that had none.
    git clone -q "$d/o.git" "$d/C"
    git -C "$d/C" config gc.auto 0
    (cd "$d/C" && "$BIN" fetch origin >/dev/null)
    loose=$(find "$d/C/.git/refs" -type f | wc -l)
    cd "$d/C"
    ours=() theirs=() floor=()
    for ((i = 0; i < R; i++)); do
        for side in $( ((i % 2)) && echo "git floor ours" || echo "ours floor git"); do
            if [[ $side == ours ]]; then
                time_us "$BIN" list --all; ours+=("$WALL")
            elif [[ $side == floor ]]; then
                time_us "$FLOOR_LIST"; floor+=("$WALL")
            else
                time_us git for-each-ref --format='%(refname) %(contents:subject)' refs/checkpoints
                theirs+=("$WALL")
            fi
        done
    done
    res[list,$S,ours]=$(median "${ours[@]}") res[list,$S,git]=$(median "${theirs[@]}")
    res[list,$S,loose]=$loose res[list,$S,floor]=$(median "${floor[@]}")

    # sync: DIVERGED stories saved on both sides (A here, C through the remote).
    k=$((DIVERGED < S ? DIVERGED : S))
    echo "==> $S stories: diverging $k of them on both sides (saves; this takes a while)"
    for ((j = 1; j <= k; j++)); do
        sid=$(printf 's%0*d' "$width" "$j")
        (cd "$d/C" && "$BIN" save "$sid" -q -m "theirs $j" --next "from C") >/dev/null 2>&1
        (cd "$d/A" && "$BIN" save "$sid" -q -m "ours $j" --next "from A") >/dev/null 2>&1
    done
    (cd "$d/C" && "$BIN" push origin >/dev/null 2>&1)
    copy "$d/o.git" "$d/o0.git"
    # The floor's merge commits, written before any timing: for each diverged story a commit
    # with our tip and theirs as parents (content not merged: merging text is in-process work;
    # what the floor keeps is every object and ref write a sync cannot avoid).
    sync_floor_stream "$d/A" "$d/o0.git" >"$d/merges.fi"
    ours=() theirs=() floor=()
    for ((i = 0; i < R; i++)); do
        for side in ours floor git; do
            remote=$(fresh "$d/o0.git" "o-$i-$side.git")
            git -C "$(fresh "$d/A" "B-$i-$side")" remote set-url origin "$remote"
        done
    done
    settle
    for ((i = 0; i < R; i++)); do
        for side in $( ((i % 2)) && echo "git floor ours" || echo "ours floor git"); do
            cd "$d/runs/B-$i-$side"
            if [[ $side == ours ]]; then
                time_us "$BIN" sync origin; ours+=("$WALL")
            elif [[ $side == floor ]]; then
                time_us sync_floor "$d/merges.fi"; floor+=("$WALL")
            else
                plain_sync() {
                    git fetch -q --no-tags origin '+refs/checkpoints/*:refs/remotes/origin/checkpoints/*' \
                        '+refs/notes/checkpoints*:refs/remotes/origin/notes/checkpoints*' &&
                        git push -q --force origin 'refs/checkpoints/*:refs/checkpoints/*' \
                            'refs/notes/checkpoints:refs/notes/checkpoints'
                }
                time_us plain_sync; theirs+=("$WALL")
            fi
            cd "$d"
        done
    done
    res[sync,$S,ours]=$(median "${ours[@]}") res[sync,$S,git]=$(median "${theirs[@]}")
    res[sync,$S,floor]=$(median "${floor[@]}")
    res[sync,$S,k]=$k
    tidy_runs
done

echo
echo "git-checkpoint sharing benchmark: sizes $SIZES, medians of N=$N_SMALL rounds below 100,000 stories and N=$N from 100,000, $(git --version)," \
    "$(uname -sm), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
line() { # ROW LABEL TARGET UNIT
    local row=$1 label=$2 target=$3 unit=$4 prev="" S o g r gr
    for S in $SIZES; do
        o=${res[$row,$S,ours]} g=${res[$row,$S,git]}
        r=$(ratio_milli "$o" "$g")
        gr=""
        if [[ -n $prev ]]; then
            gr=$(awk -v o="$o" -v po="${res[$row,$prev,ours]}" -v g="$g" -v pg="${res[$row,$prev,git]}" \
                'BEGIN { printf "growth x10: ours %.1fx git %.1fx", (po > 0 ? o / po : 0), (pg > 0 ? g / pg : 0) }')
        fi
        printf '%-44s %7s  ours %10s ms  git %10s ms  %6sx  target <= %sx %s  %s\n' \
            "$label $S" "$unit" "$(fmt_ms "$o")" "$(fmt_ms "$g")" "$(fmt_ms "$r")" "$target" \
            "$(verdict "$r" "$target")" "$gr"
        prev=$S
    done
}
floor_line() { # ROW FLOOR REFERENCE TARGET UNIT: per size, the floor's time and ratio to the reference
    local row=$1 what=$2 ref=$3 target=$4 unit=$5 S r
    for S in $SIZES; do
        r=$(ratio_milli "${res[$row,$S,floor]}" "${res[$row,$S,git]}")
        printf '  floor of %s at %s: %s %s %s ms, %sx %s (%s); ours %sx the floor\n' \
            "$row" "$S" "$what" "$unit" "$(fmt_ms "${res[$row,$S,floor]}")" "$(fmt_ms "$r")" "$ref" \
            "$( ((r > $(to_milli "$target"))) && echo "above the target: impossible as written" || echo "within the target")" \
            "$(fmt_ms "$(ratio_milli "${res[$row,$S,ours]}" "${res[$row,$S,floor]}")")"
    done
}
line push "push of all stories, nothing new," "$PUSH_TARGET" "cpu"
floor_line push "purge-record fetch + git push" "git push" "$PUSH_TARGET" cpu
line fetch1 "fetch <story>, stories on the remote:" "$FETCH1_TARGET" "wall"
line list "list --all after fetching, stories:" "$LIST_TARGET" "wall"
floor_line list "floor_list" "for-each-ref" "$LIST_TARGET" wall
line sync "sync, ${DIVERGED} diverged (at most all) among" "$SYNC_TARGET" "wall"
floor_line sync "fetch + merge commits and refs + push + tracking refs" "the git row" "$SYNC_TARGET" wall
for S in $SIZES; do
    echo "  $S: push wall ours $(fmt_ms "${res[push,$S,owall]}") ms, git $(fmt_ms "${res[push,$S,gwall]}") ms;" \
        "loose ref files after the fetch: ${res[list,$S,loose]}; sync diverged: ${res[sync,$S,k]}"
done
