#!/usr/bin/env bash
# Writes link/symbol-order.txt, the order in which build.rs asks the linker (lld) to place the
# functions that the short, frequent calls run, so that they sit together in the binary: each
# text page fault then maps code that the call runs (the kernel maps 16 pages around a fault)
# instead of cold code. A 200-file `status` took 267 page faults and 2.70 ms laid out by
# rustc, 198 and 2.34 ms in this order (bench/floor.sh's repository, interleaved).
#
# Usage: bench/symbol-order.sh   (needs bash, git, cargo, python3, nm and valgrind)
#
# It builds the release binary, makes bench/floor.sh's 200-file code repository (story 42,
# work in progress) and a clone of it that fetched story 42 (a teammate's story), runs under
# callgrind (--dump-instr=yes) the calls an agent and its user make most: status, prompt,
# resume (own and a teammate's), show, list, save, --version and the SessionStart,
# UserPromptSubmit and Stop hooks; then bench/symbol_order.py lists the functions those runs
# executed, grouped by the runs that execute them (see there). Rerun it when a release changes
# what those calls run or after a toolchain or dependency update (symbol names carry a hash that
# changes with them; names the binary no longer has are skipped silently,
# `--no-warn-symbol-ordering`).
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/common.sh"
command -v valgrind >/dev/null || { echo "error: valgrind is needed (apt install valgrind)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "error: python3 is needed" >&2; exit 1; }
build_release
hermetic_env symbol-order
install_copies BIN
t0=1700000000
out=$tmp/callgrind
mkdir -p "$out"
profile() { # NAME INPUT ARGS...: one run of the binary under callgrind, stdin from INPUT
    local name=$1 input=$2
    shift 2
    valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$out/$name" \
        "$BIN" "$@" <"$input" >/dev/null 2>&1 || true
    [[ -s $out/$name ]] || { echo "error: callgrind wrote nothing for $name" >&2; exit 1; }
}
hook_payload() { # EVENT EXTRA: Claude Code's payload for EVENT in this directory
    # One session for every event, as an agent's: SessionStart claims the story, so its Stop
    # runs the nudge (another session's Stop stays quiet on a story it does not hold).
    printf '{"cwd":"%s","session_id":"order","transcript_path":"/dev/null","hook_event_name":"%s"%s}\n' \
        "$PWD" "$1" "${2:+,$2}" >"$tmp/$1.json"
}

echo "==> a code repository of 200 files"
code_repo "$tmp/code" 200
profile status /dev/null status 42
profile prompt /dev/null prompt 42
profile resume /dev/null resume 42
profile show /dev/null show 42
profile list /dev/null list --all
profile save /dev/null save -q 42 --next "profile the next step"
profile version /dev/null --version
hook_payload SessionStart '"source":"startup"'
profile hook-start "$tmp/SessionStart.json" agent hook SessionStart --agent claude
hook_payload UserPromptSubmit '"prompt":"go on"'
profile hook-prompt "$tmp/UserPromptSubmit.json" agent hook UserPromptSubmit --agent claude
hook_payload Stop '"stop_hook_active":false'
profile hook-stop "$tmp/Stop.json" agent hook Stop --agent claude

echo "==> a teammate's clone"
git clone -q --no-local "$tmp/code" "$tmp/mate"
cd "$tmp/mate"
"$BIN" fetch -q origin
profile resume-theirs /dev/null resume 42

# Most important first (bench/symbol_order.py groups functions by the runs that execute them):
# the calls bench/floor.sh holds to their floors, then the rest.
python3 "$root/bench/symbol_order.py" "$BIN" \
    "$out"/{resume-theirs,resume,status,hook-stop,hook-start,prompt,hook-prompt,show,list,version,save} \
    >"$root/link/symbol-order.txt"
echo "wrote $root/link/symbol-order.txt"
