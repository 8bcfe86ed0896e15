#!/usr/bin/env bash
# Benchmark: parallel writers (issue 31), against a `git update-ref` loop in the same run.
#
# Usage: bench/writers.sh                    (32 writers x 20 saves, 3 rounds)
#        BENCH_WRITERS=16 BENCH_SAVES=10 BENCH_ROUNDS=2 bench/writers.sh
#        BENCH_BIN=path/to/git-checkpoint bench/writers.sh   (skip the release build)
#
# In a repository with one code commit it starts BENCH_WRITERS shell loops at once, each
# timing every command it runs (bash's EPOCHREALTIME around it), in three set-ups, rotated by
# round:
#   update-ref  each loop runs `git update-ref refs/bench/<loop> <commit>` BENCH_SAVES times
#               (the reference: git moving one ref per command, no shared ref)
#   distinct    each loop runs `git-checkpoint save w<loop> -q -m ...` BENCH_SAVES times: one
#               story per writer, all sharing the notes ref
#   one         every loop saves the same story
#   floor       each loop runs examples/floor_save.rs (`floor_save f<loop> ...`): one story per
#               writer, only the writes no save can avoid (checkpoint blob, tree, commit and
#               ref; note blob, tree, commit and notes ref), each ref's writers taking turns
#   floor-one   the same on one story for every loop: the floor of `one`
# and prints per set-up the throughput (commands per second of wall time from the first start
# to the last end), p50/p99 of one command, the failures, and for the saves what was lost: a
# save whose message is not in its story's history exactly once, or whose note line is missing.
# Targets: distinct >= 0.5x update-ref's throughput, p99 <= 0.5 s, 0 failures; one: 0 lost,
# 0 failures, p99 <= 1 s. The floor's ratio to update-ref is the best any save could reach on
# the machine: where it is below 0.5x, the throughput target is impossible as written. A report,
# not a gate: exits 0 once measured.

set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/common.sh"
bench_params WRITERS=32 SAVES=20 ROUNDS=3
if [[ -n ${BENCH_BIN:-} ]]; then BIN=$BENCH_BIN; else build_release; fi
echo "==> cargo build --release --locked --example floor_save"
FLOOR=$(cd "$root" && cargo build --release --locked --example floor_save \
    --message-format=json-render-diagnostics | sed -n 's/.*"executable":"\([^"]*floor_save\)".*/\1/p')
[[ -n $FLOOR && -x $FLOOR ]] || { echo "error: the build did not produce floor_save" >&2; exit 1; }
hermetic_env writers
install_copies BIN FLOOR

# run_loops KIND DIR: starts WRITERS loops of KIND in DIR at once, waits; leaves per-command
# durations (us) in $tmp/lat.KIND, failures in FAILS, wall ms in WALL.
run_loops() {
    local kind=$1 dir=$2 p t0 commit
    commit=$(git -C "$dir" rev-parse HEAD)
    rm -f "$tmp"/lat.* "$tmp"/fail.*
    now_ns; t0=$NOW
    for ((p = 0; p < WRITERS; p++)); do
        (
            cd "$dir"
            for ((i = 1; i <= SAVES; i++)); do
                s=$EPOCHREALTIME
                case $kind in
                    update-ref) git update-ref "refs/bench/$p" "$commit" ;;
                    distinct) "$BIN" save "w$p" -q -m "writer $p save $i" ;;
                    one) "$BIN" save hot -q -m "writer $p save $i" ;;
                    floor) "$FLOOR" "f$p" "writer $p save $i" ;;
                    floor-one) "$FLOOR" hot "writer $p save $i" ;;
                esac >/dev/null 2>>"$tmp/fail.$p" || echo "$p $i" >>"$tmp/failed.$p"
                e=$EPOCHREALTIME
                echo $(((${e%.*} - ${s%.*}) * 1000000 + 10#${e#*.} - 10#${s#*.}))
            done >"$tmp/lat.$p"
        ) &
    done
    wait
    now_ns
    WALL=$(((NOW - t0) / 1000000))
    FAILS=$( { cat "$tmp"/failed.* 2>/dev/null || true; } | wc -l)
    rm -f "$tmp"/failed.*
    cat "$tmp"/lat.[0-9]* | sort -n >"$tmp/lat.all"
}

pct() { # PERCENT: from $tmp/lat.all, in ms
    awk -v p="$1" '{ v[NR] = $1 } END { i = int(NR * p / 100 + 0.999); if (i < 1) i = 1; printf "%.0f", v[i] / 1000 }' "$tmp/lat.all"
}

# lost DIR STORY-OF-WRITER: saves not in their story's history exactly once, plus note lines
# missing from the note on HEAD (each story's highest revision must be there).
lost() {
    local dir=$1 mode=$2 p n=0 story log note
    note=$(git -C "$dir" notes --ref=checkpoints show HEAD 2>/dev/null || true)
    for ((p = 0; p < WRITERS; p++)); do
        if [[ $mode == one ]]; then story=hot; else story=w$p; fi
        log=$(git -C "$dir" log --format=%s "refs/checkpoints/$story")
        for ((i = 1; i <= SAVES; i++)); do
            [[ $(grep -cx "writer $p save $i" <<<"$log" || true) == 1 ]] || n=$((n + 1))
        done
        if [[ $mode == distinct ]]; then
            grep -q "^w$p .* r$(git -C "$dir" rev-list --count "refs/checkpoints/w$p") " <<<"$note" ||
                { n=$((n + 1)); echo "note line of w$p missing" >&2; }
        fi
    done
    echo "$n"
}

new_dir() {
    git init -q -b main "$1"
    git -C "$1" config gc.auto 0
    git -C "$1" commit -q --allow-empty -m init
}

declare -A tput p50 p99 fails lostn walls
for k in update-ref distinct one floor floor-one; do tput[$k]=""; p50[$k]=""; p99[$k]=""; fails[$k]=0; lostn[$k]=0; done
kinds=(update-ref distinct one floor floor-one)
# Every round writes into a repository of its own, none removed before the end, after a settle
# (common.sh: on ext4 each new file is slower for a minute after files are removed, and a round
# creates thousands: locks, objects, reflogs).
settle
for ((r = 0; r < ROUNDS; r++)); do
    for ((j = 0; j < 5; j++)); do
        k=${kinds[(j + r) % 5]}
        repo=$tmp/repo-$r-$k
        new_dir "$repo"
        run_loops "$k" "$repo"
        total=$((WRITERS * SAVES))
        tput[$k]+="$(awk -v n="$total" -v w="$WALL" 'BEGIN { printf "%.0f", n * 1000 / w }') "
        p50[$k]+="$(pct 50) " p99[$k]+="$(pct 99) "
        fails[$k]=$((fails[$k] + FAILS))
        if [[ $k == distinct || $k == one ]]; then
            lostn[$k]=$((lostn[$k] + $(lost "$repo" "$k")))
        fi
        if ((FAILS > 0)); then
            echo "  $k round $r: $FAILS failed; first error:" >&2
            { cat "$tmp"/fail.* | grep -v '^$' || true; } | head -3 >&2
        fi
    done
done

med() { printf '%s\n' $1 | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo
echo "git-checkpoint writers benchmark: $WRITERS writers x $SAVES commands, $ROUNDS rounds (median)," \
    "$(git --version), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for k in "${kinds[@]}"; do
    printf '%-11s %5s cmds/s (rounds: %s)  p50 %5s ms  p99 %5s ms (rounds: %s)  failed %d  lost %d\n' \
        "$k" "$(med "${tput[$k]}")" "${tput[$k]% }" "$(med "${p50[$k]}")" "$(med "${p99[$k]}")" "${p99[$k]% }" \
        "${fails[$k]}" "${lostn[$k]}"
done
ref=$(med "${tput[update-ref]}")
d=$(med "${tput[distinct]}")
r=$(ratio_milli "$d" "$ref")
ok=$( ((r >= 500 && $(med "${p99[distinct]}") <= 500 && fails[distinct] == 0 && lostn[distinct] == 0)) && echo PASS || echo FAIL)
printf '%-60s %sx  target >= 0.5x, p99 <= 500 ms, 0 failed, 0 lost  %s\n' \
    "$WRITERS writers on $WRITERS stories / update-ref loop" "$(fmt_ms "$r")" "$ok"
fr=$(ratio_milli "$(med "${tput[floor]}")" "$ref")
printf '%-60s %sx  p99 %s ms (the floor: %s; %s)\n' "$WRITERS floor_save writers on $WRITERS stories / update-ref loop" \
    "$(fmt_ms "$fr")" "$(med "${p99[floor]}")" \
    "$( ((fr < 500)) && echo "below 0.5x, so the throughput target is impossible as written" || echo "throughput within reach")" \
    "$( (($(med "${p99[floor]}") > 500)) && echo "p99 above 0.5 s, so the p99 target is impossible as written" || echo "p99 within reach")"
printf '%-60s %sx\n' "$WRITERS writers on $WRITERS stories / floor_save writers" "$(fmt_ms "$(ratio_milli "$d" "$(med "${tput[floor]}")")")"
ok=$( (($(med "${p99[one]}") <= 1000 && fails[one] == 0 && lostn[one] == 0)) && echo PASS || echo FAIL)
printf '%-60s %sx  target 0 lost, 0 failed, p99 <= 1000 ms  %s\n' \
    "$WRITERS writers on one story / update-ref loop" "$(fmt_ms "$(ratio_milli "$(med "${tput[one]}")" "$ref")")" "$ok"
printf '%-60s %sx  p99 %s ms (the floor of one: %s)\n' "$WRITERS floor_save writers on one story / update-ref loop" \
    "$(fmt_ms "$(ratio_milli "$(med "${tput[floor-one]}")" "$ref")")" "$(med "${p99[floor-one]}")" \
    "$( (($(med "${p99[floor-one]}") > 1000)) && echo "above 1 s, so the p99 target is impossible as written" || echo "p99 within the target")"
