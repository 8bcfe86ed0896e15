#!/usr/bin/env bash
# Benchmark: every single call against git doing the same job and against its floor (issue 31's
# rows "resume", "hooks, status, prompt" and "save with git state"), interleaved in one run.
#
# Usage: bench/floor.sh                          (BENCH_SIZES="1 1000 10000" stories,
#                                                 BENCH_FILES="200 20000" files, BENCH_N=60)
#        BENCH_SIZES="1 1000 10000 100000" bench/floor.sh
#        BENCH_N=100 BENCH_CHUNK=10 bench/floor.sh (calls per kind; kinds alternate by chunk)
#        BENCH_KEEP=1 bench/floor.sh            (keep the temp dir and print its path)
#
# Needs bash, git, cargo, coreutils and python3. It builds the release binary and the floor
# program (examples/floor_resume.rs: start, open the repository with gix, read the ref, commit,
# tree and checkpoint.md, print it; what no resume can avoid), then:
#   1. for each S in BENCH_SIZES, a repository of S stories x 1 revision (bench/gen-stories.py,
#      the storage format, refs packed) and times, interleaved:
#        resume <story>   vs  git cat-file -p refs/checkpoints/<story>:checkpoint.md  (<= 1.0x)
#        floor_resume <story>  (the floor, beside the same cat-file)
#      and prints per x10 of stories how much resume's time grew;
#   2. for each F in BENCH_FILES, a code repository of F files (code_repo in bench/common.sh:
#      a feature branch with an upstream, story 42 saved, 3 files modified, 1 staged, 2
#      untracked) and times, interleaved:
#        save 42 --todo .. --next ..          vs  the gstack seed's chain (op_gather)   (<= 0.6x)
#        status 42, prompt 42, and the hooks of a prompt turn (Claude Code's
#        UserPromptSubmit, SessionStart and Stop in one session, which holds the story's claim
#        as an agent's session does: the brief and the nudge, both doing their work; the nudge
#        is given once per work-tree state, so before each Stop one byte is appended to an
#        untracked file, and the script warns when a Stop gave none)
#                                             vs  git status --porcelain               (<= 1.2x)
#        floor_status 42 (examples/floor_status.rs: start, open, read checkpoint.md, scan the
#        work tree with gix in one thread: the floor of the four rows above below 1,000
#        files; from 1,000 files on they scan with git's own status instead), beside the same
#        git status
#        floor_save --scan (examples/floor_save.rs: start, open, the same one-thread scan, then
#        only the writes no save can avoid: the checkpoint's blob, tree, commit and ref, the
#        note's blob, tree, commit and notes ref), beside the same gstack chain
# Prints wall ms per call, the ratio (CPU ratio beside it) and PASS/FAIL. A report, not a gate:
# exits 0 once measured; setup failures exit non-zero.

set -euo pipefail

# shellcheck source=bench/common.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/common.sh"
bench_params N=60 CHUNK=10
SIZES=${BENCH_SIZES:-1 1000 10000}
FILES=${BENCH_FILES:-200 20000}
for v in $SIZES $FILES; do
    case $v in '' | *[!0-9]* | 0) echo "BENCH_SIZES and BENCH_FILES must be positive integers" >&2; exit 2 ;; esac
done
RESUME_TARGET=1.0
READ_TARGET=1.2
SAVE_TARGET=0.6
command -v python3 >/dev/null || { echo "error: python3 is needed (bench/gen-*.py)" >&2; exit 1; }

if [[ -n ${BENCH_BIN:-} ]]; then BIN=$BENCH_BIN; else build_release; fi
echo "==> cargo build --release --locked --example floor_resume --example floor_status --example floor_save"
floors=$(cd "$root" && cargo build --release --locked --example floor_resume --example floor_status --example floor_save \
    --message-format=json-render-diagnostics | sed -n 's/.*"executable":"\([^"]*floor_[a-z]*\)".*/\1/p')
FLOOR=$(grep floor_resume <<<"$floors" || true)
FLOOR_STATUS=$(grep floor_status <<<"$floors" || true)
FLOOR_SAVE=$(grep floor_save <<<"$floors" || true)
[[ -n $FLOOR && -x $FLOOR && -n $FLOOR_STATUS && -x $FLOOR_STATUS && -n $FLOOR_SAVE && -x $FLOOR_SAVE ]] ||
    { echo "error: the build did not produce floor_resume, floor_status and floor_save" >&2; exit 1; }
hermetic_env floor
install_copies BIN FLOOR FLOOR_STATUS FLOOR_SAVE
symbol_order_note
t0=1700000000

header() {
    echo
    echo "$1: N=$N, chunk=$CHUNK, $(git --version), $(nproc) CPUs," \
        "load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
}

# growth A_US B_US SA SB: how much a time grew per x10 of size, from A_US at SA to B_US at SB.
growth() { awk -v a="$1" -v b="$2" -v sa="$3" -v sb="$4" 'BEGIN { printf "%.2fx", (b / a) ^ (1 / (log(sb / sa) / log(10))) }'; }

# ---------------------------------------------------------------------------------------------
# 1. resume at S stories.
op_resume() { repeat -q "$1" "$BIN" resume "$one"; }
op_floor() { repeat "$1" "$FLOOR" "$one"; }
op_catfile() { repeat "$1" git cat-file -p "refs/checkpoints/$one:checkpoint.md"; }
prev_s='' prev_us=''
for S in $SIZES; do
    echo "==> $S stories: writing them with git fast-import"
    new_repo "$tmp/stories-$S"
    git commit -q --allow-empty -m init
    python3 "$root/bench/gen-stories.py" "$S" 1 "$t0" "$(git rev-parse HEAD)" |
        git fast-import --quiet --done --depth=0
    git pack-refs --all
    one=$(printf 's%0*d' "${#S}" $(((S + 1) / 2)))
    kinds=(resume catfile floor)
    for k in "${kinds[@]}"; do "op_$k" 1; done # warm the page cache, the binaries and git
    measure_rounds
    header "resume, $S stories"
    printf '  %-40s %10s %10s\n' "operation" "wall ms" "cpu ms"
    for k in resume floor catfile; do
        printf '  %-40s %10s %10s\n' "$k" "$(fmt_ms "$(us_per_op "$k")")" "$(fmt_ms "$(cpu_us_per_op "$k")")"
    done
    report "resume / cat-file ($S stories)" resume catfile "$RESUME_TARGET"
    report "floor: floor_resume / cat-file ($S stories)" floor catfile "$RESUME_TARGET"
    us=$(us_per_op resume)
    [[ -z $prev_s ]] || echo "  resume growth per x10 of stories ($prev_s -> $S): $(growth "$prev_us" "$us" "$prev_s" "$S")"
    prev_s=$S prev_us=$us
    cd "$tmp"
    [[ ${BENCH_KEEP:-0} == 1 ]] || remove_tree "$tmp/stories-$S"
done

# ---------------------------------------------------------------------------------------------
# 2. save, status, prompt and the hooks in code repositories of F files.
hook_payload() { # EVENT SESSION EXTRA: sets $payload to Claude Code's payload
    printf -v payload '{"cwd":"%s","session_id":"%s","transcript_path":"/dev/null","hook_event_name":"%s"%s}' \
        "$PWD" "$2" "$1" "${3:+,$3}"
}
# One hook call as Claude Code makes it: the payload on stdin through a pipe (bash's here-string
# is one when it fits the pipe's buffer). Not a file rewritten per call: truncating a file whose
# data ext4 has not written out yet makes it write that data first (auto_da_alloc, ext4(5)),
# about 0.2 ms of each call that was timed with the hook rows.
hook() { # EVENT SESSION EXTRA
    hook_payload "$@"
    "$BIN" agent hook "$1" --agent claude <<<"$payload" >/dev/null 2>&1 ||
        { echo "error: agent hook $1 failed" >&2; exit 1; }
}
op_save() {
    repeat -q "$1" "$BIN" save -q 42 --todo "T2 — middleware wiring behind the rateLimit flag" \
        --next "start T1: write the token bucket in src/limit"
}
op_status() { repeat -q "$1" "$BIN" status 42; }
op_prompt() { repeat -q "$1" "$BIN" prompt 42; }
op_gstatus() { repeat "$1" git status --porcelain; }
op_floor_status() { repeat "$1" "$FLOOR_STATUS" 42; }
op_floor_save() { repeat -q "$1" "$FLOOR_SAVE" --scan floor "start T1: write the token bucket in src/limit"; }
op_hook_prompt() { local i; for ((i = 0; i < $1; i++)); do hook UserPromptSubmit bench '"prompt":"go on"'; done; }
op_hook_start() { local i; for ((i = 0; i < $1; i++)); do hook SessionStart bench '"source":"startup"'; done; }
op_hook_stop() {
    local i
    for ((i = 0; i < $1; i++)); do
        # A work-tree state no nudge was given for (the nudge is given once per story and
        # state): one byte appended to an untracked file (the state holds its size; its mtime
        # may not move within the clock's tick), a few microseconds. Not a new file per call:
        # after the chunk's files were removed, each creation cost ext4 a scan of the freed
        # inodes (see settle in common.sh). Not the file rewritten (`>`): truncating a file
        # whose data ext4 has not yet written out makes it write that data first
        # (auto_da_alloc, ext4(5)), about 0.2 ms of each call timed with the row. The session
        # is SessionStart's, which holds the story's claim: another session's Stop stays quiet
        # on a story it does not hold.
        printf x >>bench-stop.txt
        hook Stop bench '"stop_hook_active":false'
    done
}
tidy_hook_stop() { rm -f -- bench-stop.txt; }
# Whether the Stop row times the nudge (its work), not its quiet path: one more call, its answer
# read.
check_nudge() {
    printf x >>bench-stop.txt
    hook_payload Stop bench '"stop_hook_active":false'
    "$BIN" agent hook Stop --agent claude <<<"$payload" 2>/dev/null | grep -q 'git-checkpoint save 42' ||
        echo "warning: the Stop hook gave no nudge: the row timed its quiet path" >&2
    tidy_hook_stop
}
for F in $FILES; do
    echo "==> a code repository of $F files"
    code_repo "$tmp/code-$F" "$F"
    echo "    $(git ls-files | wc -l) tracked files; status:" $(git status --porcelain | tr '\n' ' ')
    hook Stop bench-check '"stop_hook_active":false'
    [[ -n $payload ]] || { echo "error: no payload" >&2; exit 1; }
    kinds=(save gather status prompt hook_prompt hook_start hook_stop gstatus floor_status floor_save)
    for k in "${kinds[@]}"; do "op_$k" 1; done
    tidy_hook_stop
    revs_before=$(git rev-list --count refs/checkpoints/42)
    settle # save, the hooks and git status create files
    measure_rounds
    revs=$(($(git rev-list --count refs/checkpoints/42) - revs_before))
    [[ $revs == "$N" ]] || echo "warning: expected $N new revisions of story 42, got $revs" >&2
    check_nudge
    header "single calls, $F files"
    printf '  %-58s %10s %10s\n' "operation" "wall ms" "cpu ms"
    for k in save gather status prompt hook_prompt hook_start hook_stop gstatus floor_status floor_save; do
        printf '  %-58s %10s %10s\n' "$k" "$(fmt_ms "$(us_per_op "$k")")" "$(fmt_ms "$(cpu_us_per_op "$k")")"
    done
    report "save with git state / gstack chain ($F files)" save gather "$SAVE_TARGET"
    report "floor: floor_save --scan / gstack chain ($F files)" floor_save gather "$SAVE_TARGET"
    report "status / git status --porcelain ($F files)" status gstatus "$READ_TARGET"
    report "prompt / git status --porcelain ($F files)" prompt gstatus "$READ_TARGET"
    report "hook UserPromptSubmit / git status ($F files)" hook_prompt gstatus "$READ_TARGET"
    report "hook SessionStart / git status ($F files)" hook_start gstatus "$READ_TARGET"
    report "hook Stop (nudge) / git status ($F files)" hook_stop gstatus "$READ_TARGET"
    report "floor: floor_status / git status ($F files)" floor_status gstatus "$READ_TARGET"
    cd "$tmp"
    [[ ${BENCH_KEEP:-0} == 1 ]] || remove_tree "$tmp/code-$F"
done
exit 0
