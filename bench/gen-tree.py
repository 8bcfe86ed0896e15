#!/usr/bin/env python3
"""A `git fast-import` stream of one commit holding FILES small source files in nested dirs.

Used by bench/hooks.sh to make a large code repository in seconds (one pack, no loose objects;
`git reset --hard` then writes the work tree). Usage:
    gen-tree.py FILES TIME > stream
writes to stdout one commit on refs/heads/main, authored and committed at TIME (seconds since
the epoch), with a README.md, a .gitignore and FILES files named
src/pkgPPP/modMM/fileFF.rs: 50 files per directory, 20 directories per package, as many
packages as needed. Each file is a few lines of Rust that differ per file, so every blob is
distinct. The same arguments give the same stream, byte for byte.
"""

import sys

from fast_import import commit, inline

PER_DIR = 50
DIRS_PER_PKG = 20
def main():
    files, when = int(sys.argv[1]), int(sys.argv[2])
    out = sys.stdout.buffer
    commit(out, "refs/heads/main", when, b"initial import\n")
    inline(out, "README.md", b"# bench project\n")
    inline(out, ".gitignore", b"target/\n*.log\n")
    for n in range(files):
        f = n % PER_DIR
        m = (n // PER_DIR) % DIRS_PER_PKG
        p = n // (PER_DIR * DIRS_PER_PKG)
        path = b"src/pkg%03d/mod%02d/file%02d.rs" % (p, m, f)
        body = b"// pkg%03d/mod%02d/file%02d\npub fn f%d(x: u64) -> u64 {\n    x * %d + %d\n}\n" % (
            p, m, f, n, p + 1, m * PER_DIR + f)
        inline(out, path, body)
    out.write(b"\ndone\n")


if __name__ == "__main__":
    main()
