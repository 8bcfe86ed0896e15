#!/usr/bin/env python3
"""A `git fast-import` stream of checkpoint stories in git-checkpoint's storage format.

Used by bench/scale.sh. Usage:
    gen-stories.py STORIES REVISIONS BASE_TIME HEAD_ID [ONLY]
writes to stdout, for story i in 1..STORIES (or only story ONLY), REVISIONS commits on
refs/checkpoints/s<i> (zero-padded to the width of STORIES), each exactly as `git checkpoint
save` writes them (docs/FORMAT.md): a tree of checkpoint.md (pair template) and meta.json, and a
message of a summary line plus the Checkpoint-* trailers. Revision r of story i is committed at
BASE_TIME + (i-1)*REVISIONS + r, so the same story is byte-identical whatever STORIES or ONLY is.
"""

import json
import sys
from datetime import datetime, timezone

from fast_import import commit, inline

TASKS = [
    "Token-bucket limiter with unit tests for refill, burst and clock skew",
    "Middleware wiring behind the rateLimit flag, default off",
    "429 responses with Retry-After and a JSON error body",
    "Prometheus counters for throttled requests per tier",
    "Grafana panel for throttled requests next to the latency panels",
    "Load test at 3x peak traffic on staging, p99 with and without the limiter",
    "Document the limits and the 429 contract in the API reference",
    "Enable the flag for 10% of tokens and watch the throttled counter for a day",
    "Alert when more than 1% of requests are throttled for 15 minutes",
    "Remove the flag once the rollout is complete",
]
DECISIONS = [
    "Token bucket rather than a sliding window: constant memory per key, and bursts are what clients send.",
    "Limits are keyed by API token when present and by client IP otherwise; IPv6 truncated to /64.",
    "Limiter state stays in-process until we run more than four replicas (ADR-0031).",
]
def main():
    stories, revs, base, head = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    only = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    width = len(str(stories))
    out = sys.stdout.buffer
    for i in [only] if only else range(1, stories + 1):
        sid = f"s{i:0{width}d}"
        title = f"Rate-limit the search API, part {i}"
        branch = f"feature/{sid}"
        completed = []
        for r in range(1, revs + 1):
            t = base + (i - 1) * revs + r
            when = datetime.fromtimestamp(t, timezone.utc)
            iso = when.strftime("%Y-%m-%dT%H:%M:%SZ")
            done = r * 8 // revs
            while len(completed) < done:
                completed.append({"task": f"T{len(completed) + 1} — {TASKS[len(completed)]}", "date": iso})
            nxt = f"step {r}: {TASKS[done]}" if done < len(TASKS) else f"step {r}: wrap up"
            lines = [
                f"# Checkpoint: {sid} — {title}",
                "",
                f"**Last updated:** {when.strftime('%Y-%m-%d %H:%M')}",
                "**Written by:** Bench Author",
                "",
                "## 1. Story",
                f"**ID:** {sid}",
                f"**Title:** {title}",
                "**Goal:** Add per-token and per-IP rate limits with clear 429 responses and metrics, "
                "keeping p99 latency of unthrottled requests within 2 ms.",
                f"**Source:** https://tracker.example.com/browse/BENCH-{i}",
                "",
                "## 2. Branch",
                f"**Branch:** `{branch}`",
                "**Commit strategy:** commit-per-task",
                f"**Commits so far:** {done}",
                "",
                "## 3. Tasks Done",
            ]
            lines += [f"- [x] T{k + 1} — {TASKS[k]}" for k in range(done)] or ["_None yet._"]
            lines += ["", "## 4. Key Decisions"] + [f"- {d}" for d in DECISIONS]
            lines += ["", "## 5. Remaining Todos"]
            lines += [f"- [ ] T{k + 1} — {TASKS[k]}" for k in range(done, len(TASKS))]
            lines += ["", f"**Next immediate action:** {nxt}", ""]
            doc = "\n".join(lines).encode()
            meta = {
                "schema_version": 1,
                "story": sid,
                "title": title,
                "branch": branch,
                "head": head,
                "default_branch": "main",
                "merge_base": head,
                "files_modified": [],
                "tasks_done": done,
                "tasks_total": len(TASKS),
                "template": "pair",
                "status": "active",
                "revision": r,
                "saved_at": iso,
            }
            if completed:
                meta["completed"] = completed
            meta_bytes = json.dumps(meta, indent=2, ensure_ascii=False).encode()
            subject = f"checkpoint {sid}: {done}/{len(TASKS)} tasks done; next: {nxt}"
            message = (
                f"{subject}\n\n"
                f"Checkpoint-Story: {sid}\n"
                f"Checkpoint-Title: {title}\n"
                f"Checkpoint-Branch: {branch}\n"
                f"Checkpoint-Head: {head}\n"
                f"Checkpoint-Merge-Base: {head}\n"
                f"Checkpoint-Tasks: {done}/{len(TASKS)}\n"
                "Checkpoint-Status: active\n"
                f"Checkpoint-Revision: {r}\n"
                "Checkpoint-Template: pair\n"
                "Checkpoint-Format: 1\n"
            ).encode()
            commit(out, f"refs/checkpoints/{sid}", t, message)
            inline(out, "checkpoint.md", doc)
            inline(out, "meta.json", meta_bytes)
            out.write(b"\n")
    out.write(b"done\n")


if __name__ == "__main__":
    main()
