"""Writing a `git fast-import` stream (git-fast-import(1)): the pieces the bench generators share.

Imported by bench/gen-stories.py and bench/gen-tree.py (python3 puts a script's own directory
first on the module path). Every function writes bytes to `out`, a binary stream.
"""

AUTHOR = "Bench Author <author@bench.invalid>"
COMMITTER = "Bench Committer <committer@bench.invalid>"


def data(out, payload: bytes):
    """A `data` command with its exact byte count, then `payload` and a newline."""
    out.write(b"data %d\n" % len(payload))
    out.write(payload)
    out.write(b"\n")


def commit(out, ref: str, when: int, message: bytes):
    """The start of a `commit` on `ref` by AUTHOR and COMMITTER at `when` (seconds since the
    epoch, UTC) with `message`; the file commands follow."""
    out.write(f"commit {ref}\n".encode())
    out.write(f"author {AUTHOR} {when} +0000\ncommitter {COMMITTER} {when} +0000\n".encode())
    data(out, message)


def inline(out, path, payload: bytes):
    """A regular file (mode 100644) at `path` (str or bytes) holding `payload`."""
    if isinstance(path, str):
        path = path.encode()
    out.write(b"M 100644 inline %s\n" % path)
    data(out, payload)
