#!/usr/bin/env bash
# Benchmark: the latency of every hook event as the agents run it, in a 1-story repository and
# in a 150,000-file one, next to git's own commands measured in the same run.
#
# Usage: bench/hooks.sh                    (BENCH_N=30 runs per event in the small repository,
#                                           BENCH_N_BIG=20 in the large one)
#        BENCH_FILES=150000 bench/hooks.sh (files in the large repository)
#        BENCH_STAGED=1 bench/hooks.sh     (one of the modified files staged, see below)
#        BENCH_DETACH=0 bench/hooks.sh     (refresh hooks write before answering, see below)
#        BENCH_KEEP=1 bench/hooks.sh       (keep the temp dir and print its path, for profiling)
#
# Needs bash, git, cargo, coreutils and python3 (bench/gen-tree.py writes the large tree as a
# `git fast-import` stream). It builds the release binary, then makes two repositories:
#   (a) small: 2 files, a feature branch `feature/#42-rate-limit` with 2 commits;
#   (b) large: BENCH_FILES files in nested dirs (50 per directory) in one commit, the same
#       feature branch;
# each with story 42 saved on the feature branch (4 todos, a next action), then 3 tracked files
# modified and 2 untracked, so the work tree has moved since the last confirmed save (with
# BENCH_STAGED=1 one of the modified files is staged: nothing staged is the usual state of an
# agent's work tree, a staged file costs each scan a full HEAD-to-index comparison).
# Tracked files get old mtimes and a refreshed index, as in a work tree not touched this second.
#
# Each hook is timed as an agent runs it: the binary itself (`git-checkpoint agent hook <Event>
# --agent <name>`, not through git's dispatch), the JSON payload on stdin (from a file written
# before the timer starts), `cwd` (Cursor: `workspace_roots`) in the payload, run in the
# repository. Events that write are measured in the state where they do real work, and the
# script checks that each run did it (the "work" column):
#   - plan events (PostToolUse, AfterTool): the plan alternates between adding a new pending
#     item and completing it, so every run writes (a new tip: a hook's revision may fold into
#     its previous one);
#   - PreCompact/PreCompress(manual)/PostCompact(with a summary)/SessionEnd: an untracked file
#     is created or removed before each run (untimed), so every run writes a new tip; by
#     default (checkpoint.hookDetach) a detached process writes it after the hook answered, and
#     the check waits for it (untimed) before the next run; with BENCH_DETACH=0 the hook writes
#     it before answering and the row times the whole save;
#   - Stop/AfterAgent/stop: a new session id each run and an untracked file written again
#     (untimed), so the nudge, given once per story and work-tree state, is due every run
#     (files moved since the confirmed save);
#   - SessionStart: the brief, every run; BeforeAgent both with nothing owed (the usual prompt)
#     and with a brief owed after a compression (the session file says so; written untimed).
#   Each writing or nudging row stands for sessions of its own: the claim the SessionStart rows
#   took is released before each of its runs (untimed).
# In the large repository, git's untracked cache is then switched on (core.untrackedCache, the
# cache written by one `git status`) and git status, SessionStart and the Stop events are timed
# again: the scan then delegates to `git status --porcelain=v2 -z`.
# The references, timed the same way in the same run: `git status --porcelain` (what a hook's
# work-tree scan is doing) and `git cat-file -p refs/checkpoints/42:checkpoint.md` (reading the
# checkpoint), plus `git-checkpoint --version` (process start-up).
#
# Prints p50 and p95 of the wall time in ms per event per repository, the p50 of the CPU time
# (user+sys; on a machine shared with other work it moves less than the wall time), and
# PASS/FAIL against the target: every hook's p95 under 300 ms (absolute, wall time). Runs are
# sequential per event (not interleaved: each event needs its own state), so a busy machine
# shows in the references too; the load average is printed. It always exits 0 once it has
# measured: a report, not a gate. Setup failures exit non-zero.

set -euo pipefail

# shellcheck source=bench/common.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/common.sh"
bench_params N=30 N_BIG=20 FILES=150000
STAGED=${BENCH_STAGED:-0}
DETACH=${BENCH_DETACH:-1}
TARGET_MS=300

command -v python3 >/dev/null || { echo "error: python3 is needed (bench/gen-tree.py)" >&2; exit 1; }

# ---------------------------------------------------------------------------------------------
# 1. Build.
build_release

# ---------------------------------------------------------------------------------------------
# 2. A hermetic environment and the two repositories.
hermetic_env hooks
install_copies BIN
symbol_order_note
t0=1700000000
branch='feature/#42-rate-limit'

# make_story: on the feature branch, story 42 with four todos; then files move.
make_story() {
    git switch -q -c "$branch"
    commit_some "feature: step 1" 1
    commit_some "feature: step 2" 2
    "$BIN" save -q --title "Rate-limit the public search API" \
        --todo "T1 — token-bucket limiter with unit tests" \
        --todo "T2 — middleware wiring behind the rateLimit flag" \
        --todo "T3 — 429 responses with Retry-After" \
        --todo "T4 — load test at 3x peak traffic on staging" \
        --next "start T1: write the token bucket in src/limit" \
        --decision "Token bucket rather than a sliding window: constant memory per key" ||
        { echo "error: the first save failed" >&2; exit 1; }
    # BENCH_DETACH=0: the refresh hooks write before they answer (checkpoint.hookDetach false).
    if ((!DETACH)); then git config checkpoint.hookDetach false; fi
    # With BENCH_STAGED=1 one file is staged, which makes every scan compare HEAD's tree with
    # the index in full (without one, the index's cache tree shows nothing is staged and that
    # comparison is skipped).
    work_in_progress "$STAGED"
}

small=$tmp/small
echo "==> building the small repository in $small"
new_repo "$small"
printf '# bench project\n' >README.md
printf 'pub fn f(x: u64) -> u64 {\n    x + 1\n}\n' >lib.rs
git add -A
GIT_AUTHOR_DATE="@$t0 +0000" GIT_COMMITTER_DATE="@$t0 +0000" git commit -q -m "initial import"
pick_file() { picked=lib.rs; ((RANDOM % 2)) && picked=README.md; return 0; }
RANDOM=4242
make_story
echo "    $(git ls-files | wc -l) tracked files; status:" $(git status --porcelain | tr '\n' ' ')

big=$tmp/big
echo "==> building the large repository ($FILES files) in $big"
new_repo "$big"
python3 "$root/bench/gen-tree.py" "$FILES" "$t0" | git fast-import --quiet --done --depth=0
git reset -q --hard
pick_file() { tree_file "$FILES"; }
RANDOM=4242
make_story
echo "    $(git ls-files | wc -l) tracked files, $(find . -path ./.git -prune -o -type d -print | wc -l)" \
    "directories, .git $(du -sh .git | cut -f1); status:" $(git status --porcelain | tr '\n' ' ')

# ---------------------------------------------------------------------------------------------
# 3. Timing. run_timed NAME N: runs `prep I` (untimed), then the command in the array `cmd`
# with stdin from $tmp/payload.json and stdout to $tmp/out, then `check I` (untimed; returns 0
# when the run did its work), N times. Leaves the sorted wall times (µs) in `times`, the sorted
# CPU times (user+sys of the child, µs, at the `times` builtin's ms resolution) in `cputimes`
# and the number of runs that did their work in `worked`. The prep and check steps run between
# the two clock readings' pairs, never inside them (their CPU is not billed either: `times` is
# read right around the command).
prep() { :; }
check() { return 0; }
run_timed() {
    local i t1 c1 n=$2
    local -a raw=() rawcpu=()
    worked=0
    for ((i = 0; i < n; i++)); do
        prep "$i"
        cpu_ms; c1=$CPU
        now_ns; t1=$NOW
        "${cmd[@]}" <"$tmp/payload.json" >"$tmp/out" 2>"$tmp/err" || true
        now_ns
        cpu_ms
        raw+=($(((NOW - t1) / 1000)))
        rawcpu+=($(((CPU - c1) * 1000)))
        if check "$i"; then worked=$((worked + 1)); fi
    done
    mapfile -t cputimes < <(printf '%s\n' "${rawcpu[@]}" | sort -n)
    mapfile -t times < <(printf '%s\n' "${raw[@]}" | sort -n)
}

# Nearest-rank percentile P of `times` (µs; of `cputimes` with a second argument `cpu`),
# printed as ms with one decimal.
pct() {
    local -n arr=times
    [[ ${2:-} == cpu ]] && local -n arr=cputimes
    local n=${#arr[@]} idx
    idx=$(((n * $1 + 99) / 100 - 1))
    ((idx < 0)) && idx=0
    local us=${arr[$idx]}
    printf '%d.%d' $((us / 1000)) $((us % 1000 / 100))
}
pct_us() {
    local n=${#times[@]} idx
    idx=$(((n * $1 + 99) / 100 - 1))
    ((idx < 0)) && idx=0
    echo "${times[$idx]}"
}

# The story's tip. A hook's save may fold into the hook's previous revision (replace it rather
# than add one), so the work is told by the tip moving, not by the revision count.
tip() { git rev-parse -q --verify refs/checkpoints/42; }
wait_tip() { # OLD: true once the tip is no longer OLD (polled for at most 20 s)
    local k
    for ((k = 0; k < 400; k++)); do
        [[ $(tip) != "$1" ]] && return 0
        sleep 0.05
    done
    return 1
}

# payload JSON: the common fields of the agent's payloads plus JSON object members EXTRA.
payload() { # AGENT SESSION EXTRA
    local extra=${3:+,$3}
    if [[ $1 == cursor ]]; then
        printf '{"workspace_roots":["%s"],"conversation_id":"%s","hook_event_name":"%s"%s}\n' \
            "$repo" "$2" "$event" "$extra" >"$tmp/payload.json"
    else
        printf '{"cwd":"%s","session_id":"%s","transcript_path":"/dev/null","hook_event_name":"%s"%s}\n' \
            "$repo" "$2" "$event" "$extra" >"$tmp/payload.json"
    fi
}

# The plan tool call of AGENT at run I: T1 in progress, and item I/2 added (even I) or
# completed (odd I), so every run changes the plan.
plan_payload() { # AGENT I
    local item="$1 bench step $(($2 / 2))" st=pending
    (($2 % 2)) && st=completed
    case $1 in
    claude) payload claude bench "\"tool_name\":\"TodoWrite\",\"tool_input\":{\"todos\":[{\"content\":\"T1 — token-bucket limiter with unit tests\",\"status\":\"in_progress\",\"activeForm\":\"Writing the limiter\"},{\"content\":\"$item\",\"status\":\"$st\",\"activeForm\":\"Working\"}]},\"tool_response\":{}" ;;
    codex) payload codex bench "\"tool_name\":\"update_plan\",\"tool_input\":{\"plan\":[{\"step\":\"T1 — token-bucket limiter with unit tests\",\"status\":\"in_progress\"},{\"step\":\"$item\",\"status\":\"$st\"}]},\"tool_response\":{}" ;;
    gemini) payload gemini bench "\"tool_name\":\"write_todos\",\"tool_input\":{\"todos\":[{\"description\":\"T1 — token-bucket limiter with unit tests\",\"status\":\"in_progress\"},{\"description\":\"$item\",\"status\":\"$st\"}]},\"tool_response\":{}" ;;
    esac
}

# The SessionStart rows claim story 42 for their session, as an agent's session start does, and
# a hook of another session then rightly writes nothing into it (exit 0, a line on stderr). The
# writing rows stand for sessions of their own, so the claim is released before each of their
# runs (untimed), as the claiming session's SessionEnd would.
unclaim() {
    "$BIN" release -q --force 42 >/dev/null 2>&1 || true
}

rewrite_scratch() { # an untracked file of its own written again: a state no nudge was given for
    echo "stop $1" >"$repo/bench-stop.txt"
}

toggle_scratch() { # an untracked file appears or disappears: the work tree moved
    if [[ -e $repo/bench-scratch.txt ]]; then rm -f "$repo/bench-scratch.txt"; else echo x >"$repo/bench-scratch.txt"; fi
}

# One event: AGENT EVENT KIND [LABEL]; sets row fields for the report.
declare -a rows=()
measure_event() {
    agent=$1 event=$2
    local kind=$3 label=${4:-$2} what
    cmd=("$BIN" agent hook "$event" --agent "$agent")
    prep() { :; }
    check() { return 0; }
    case $kind in
    start)
        what=brief
        payload "$agent" bench-start '"source":"startup"'
        check() { grep -q 'story #42' "$tmp/out"; }
        ;;
    prompt)
        what=silent
        payload "$agent" bench-prompt '"prompt":"go on"'
        check() { [[ ! -s $tmp/out ]]; }
        ;;
    prompt-owed)
        what=brief
        payload "$agent" bench-owed '"prompt":"go on"'
        prep() {
            mkdir -p "$(git rev-parse --git-dir)/checkpoint-hooks"
            printf '{"brief_owed":true}' >"$(git rev-parse --git-dir)/checkpoint-hooks/$agent-bench-owed.json"
        }
        check() { grep -q 'story #42' "$tmp/out"; }
        ;;
    plan)
        what=wrote
        prep() { unclaim; plan_payload "$agent" "$1"; before=$(tip); }
        check() { [[ $(tip) != "$before" ]]; }
        ;;
    precompact | postcompact | end)
        what=wrote
        case $kind in
        precompact) [[ $agent == gemini ]] && extra='"trigger":"manual"' || extra='"trigger":"auto"' ;;
        postcompact) extra='"trigger":"auto","compact_summary":"Limiter half done; wiring untouched."' ;;
        end) extra='"reason":"other"' ;;
        esac
        prep() { unclaim; payload "$agent" "bench-$kind-$1" "$extra"; toggle_scratch; before=$(tip); }
        # Detached (the default): the revision comes after the hook answered; wait for it
        # (untimed, at most 20 s) so the next run does not overlap the last one's scan.
        check() { wait_tip "$before"; }
        ;;
    stop)
        what=nudged
        if [[ $agent == cursor ]]; then
            extra='"status":"completed","loop_count":0'
        elif [[ $agent == gemini ]]; then
            extra='"stop_hook_active":false,"prompt_response":"T1 is half done."'
        else
            extra='"stop_hook_active":false,"last_assistant_message":"T1 is half done."'
        fi
        prep() { unclaim; payload "$agent" "bench-stop$round-$1" "$extra"; rewrite_scratch "$1"; }
        check() { grep -q 'git-checkpoint save 42' "$tmp/out"; }
        ;;
    esac
    run_timed "$event" "$runs"
    local p95us verdict
    p95us=$(pct_us 95)
    ((p95us < TARGET_MS * 1000)) && verdict=PASS || { verdict=FAIL; failed=$((failed + 1)); }
    printf '  %-7s %-24s %8s %8s %8s   %-6s %2d/%-2d   %s\n' "$agent" "$label" "$(pct 50)" "$(pct 95)" \
        "$(pct 50 cpu)" "$what" "$worked" "$runs" "$verdict"
    ((worked == runs)) || echo "    warning: only $worked of $runs runs did the work ($kind); see $tmp/out, $tmp/err"
}

reference() { # LABEL, then the command
    local label=$1
    shift
    cmd=("$@")
    prep() { :; }
    check() { return 0; }
    : >"$tmp/payload.json"
    run_timed "$label" "$runs"
    printf '  %-32s %8s %8s %8s   (reference)\n' "$label" "$(pct 50)" "$(pct 95)" "$(pct 50 cpu)"
}

echo "==> machine: $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB memory," \
    "load $(cut -d' ' -f1-3 /proc/loadavg), $(git --version), $(date -u +%FT%TZ)"
failed=0
round=
for which in small big; do
    repo=${!which}
    cd "$repo"
    if [[ $which == small ]]; then runs=$N; else runs=$N_BIG; fi
    echo
    echo "==> $which repository: $(git ls-files | wc -l) tracked files; $runs runs per row;" \
        "times in ms (target: p95 < $TARGET_MS ms)"
    printf '  %-32s %8s %8s %8s   %s\n' "" p50 p95 "cpu p50" "work   verdict"
    reference "git status --porcelain" git status --porcelain
    reference "git cat-file -p ...:checkpoint.md" git cat-file -p refs/checkpoints/42:checkpoint.md
    reference "git-checkpoint --version" "$BIN" --version
    for agent in claude codex; do
        measure_event $agent SessionStart start
        measure_event $agent PostToolUse plan
        measure_event $agent PreCompact precompact
        measure_event $agent PostCompact postcompact
        measure_event $agent Stop stop
        measure_event $agent SessionEnd end
    done
    measure_event gemini SessionStart start
    measure_event gemini BeforeAgent prompt
    measure_event gemini BeforeAgent prompt-owed "BeforeAgent (brief owed)"
    measure_event gemini AfterTool plan
    measure_event gemini PreCompress precompact "PreCompress (manual)"
    measure_event gemini AfterAgent stop
    measure_event gemini SessionEnd end
    measure_event cursor sessionStart start
    measure_event cursor preCompact precompact
    measure_event cursor stop stop
    measure_event cursor sessionEnd end
    reference "git status --porcelain (again)" git status --porcelain
    if [[ $which == big ]]; then
        # With git's untracked cache in the index (core.untrackedCache), the scanning hooks
        # delegate to `git status --porcelain=v2 -z`, which reads only changed directories.
        echo "  -- with core.untrackedCache=true (the cache written by one git status):"
        git config core.untrackedCache true
        git status --porcelain >/dev/null
        round=-cache # new session ids: each Stop run is a new session, so its nudge is due
        reference "git status --porcelain" git status --porcelain
        measure_event claude SessionStart start
        measure_event claude Stop stop
        measure_event gemini AfterAgent stop
        git config --unset core.untrackedCache
        git update-index --no-untracked-cache
    fi
done
echo
echo "==> load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
if ((failed == 0)); then
    echo "PASS: every hook's p95 is under $TARGET_MS ms in both repositories"
else
    echo "FAIL: $failed hook rows have a p95 of $TARGET_MS ms or more"
fi
