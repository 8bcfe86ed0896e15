#!/usr/bin/env python3
"""Writes the linker's symbol-ordering file from callgrind runs (bench/symbol-order.sh).

Usage: symbol_order.py BINARY CALLGRIND_OUT...  > link/symbol-order.txt

Reads each callgrind output file (written with --dump-instr=yes; format: valgrind's
"Callgrind Format Specification", positions as absolute `0x..` or relative `+N`/`-N`/`*`),
collects the instruction addresses each run executed inside BINARY, maps each to the function
symbol that holds it (`nm --defined-only -n BINARY`) and prints those symbols' names, one per
line, grouped by the set of runs that executed them: the runs are given most important first,
and a function's set is read as a binary number whose top bit is the first run, largest first
(every function of the first run, then the rest of the second run's, ...; within a group, the
functions the next runs share come first), then by address. Each run's functions so sit in few
64 KiB blocks, the unit the kernel maps around a text page fault: in bench/symbol-order.sh's
runs, a teammate's resume touched 40 blocks in plain address order and 19 in this one, a
200-file status 41 and 23. Exits 1 when no address of BINARY was found.
"""
import bisect
import re
import subprocess
import sys


def executed(binary, path):
    """The addresses of BINARY that the callgrind output at PATH executed."""
    names, current, addr, out = {}, None, 0, set()
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith(("ob=", "cob=")):
                key, _, rest = line.strip().partition("=")
                m = re.match(r"\((\d+)\)(?: (.*))?$", rest)
                name = rest
                if m:
                    if m.group(2):
                        names[m.group(1)] = m.group(2)
                    name = names.get(m.group(1))
                if key == "ob":
                    current = name
                continue
            tok = line.split(maxsplit=1)[0] if line.strip() else ""
            if tok.startswith("0x"):
                addr = int(tok, 16)
            elif tok[:1] in ("+", "-") and tok[1:].isdigit():
                addr += int(tok) if tok[0] == "+" else int(tok)
            elif tok[:1] in ("+", "-") and tok[1:3] == "0x":
                addr += int(tok[0] + tok[3:], 16)
            elif tok != "*":
                continue
            if current == binary:
                out.add(addr)
    return out


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, files = sys.argv[1], sys.argv[2:]
    runs = [executed(binary, path) for path in files]
    addrs = set().union(*runs)
    nm = subprocess.run(["nm", "--defined-only", "-n", binary], capture_output=True, text=True, check=True)
    syms = []
    for line in nm.stdout.splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[1] in "tTwW":
            syms.append((int(parts[0], 16), parts[2]))
    starts = [s for s, _ in syms]
    # Each function's first executed address, and which runs executed it (bit 0: the last run).
    hot, used = {}, {}
    for bit, run in enumerate(reversed(runs)):
        for a in run:
            i = bisect.bisect_right(starts, a) - 1
            if i >= 0:
                name = syms[i][1]
                hot[name] = min(hot.get(name, a), a)
                used[name] = used.get(name, 0) | 1 << bit
    if not hot:
        sys.exit(f"error: no instruction of {binary} in {' '.join(files)}")
    for name in sorted(hot, key=lambda n: (-used[n], hot[n])):
        print(name)
    print(f"{len(hot)} functions, {len(addrs)} instruction addresses", file=sys.stderr)


if __name__ == "__main__":
    main()
