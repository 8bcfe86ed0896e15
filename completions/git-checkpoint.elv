
use builtin;
use str;

set edit:completion:arg-completer[git-checkpoint] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'git-checkpoint'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'git-checkpoint'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand save 'Create or update a story''s checkpoint in place (a new revision on its ref)'
            cand resume 'Read a story''s latest checkpoint and report where the work stands'
            cand show 'Print the stored checkpoint document as is (markdown or JSON)'
            cand list 'List checkpoints: story, title, branch, updated, tasks, revisions, status'
            cand log 'Show a story''s revisions, newest first'
            cand diff 'Compare two revisions section by section, then as text'
            cand done 'Finish a story: a final revision, then archive its ref (or purge it)'
            cand push 'Push checkpoints, archives and notes to a remote (never forced; merges and retries)'
            cand fetch 'Fetch a remote''s checkpoints into remote-tracking refs and integrate them'
            cand sync 'Fetch, integrate, then push everything'
            cand setup 'Configure a remote so plain `git fetch` brings checkpoints, and notes follow rewrites'
            cand claim 'Claim a story: one holder at a time (taken on the remote by a leased push)'
            cand release 'Release the claim on a story'
            cand handoff 'Offer the claim on a story to a named teammate or agent'
            cand at 'List the checkpoints taken at a code commit (from refs/notes/checkpoints)'
            cand start 'Make a story this worktree''s current story (used when no story is given)'
            cand current 'Make a story this worktree''s current story (used when no story is given)'
            cand switch 'Save the current story, then make another one current'
            cand stack 'Suspend stories on a stack kept in git and restore them: push, pop, list, drop'
            cand status 'How old the checkpoint is and how far HEAD and the working tree moved; exit 1 when stale'
            cand import 'Import checkpoint files of the pair, team, pm and gstack systems'
            cand export 'Write a checkpoint as a pair, team, pm or gstack file'
            cand prompt 'Print a self-contained hand-off text for a fresh session or a subagent'
            cand pr-body 'Render a pull-request description for the story of the current branch'
            cand install-man 'Install the man pages where `git help checkpoint` finds them'
            cand agent 'Connect coding agents (Claude Code, Codex, Cursor, Gemini CLI) to checkpoints'
            cand mcp 'Serve checkpoints to MCP clients over stdio (resume, save, done, list, log, diff, status)'
            cand help 'Show the help of a command (the same as `git checkpoint COMMAND --help`)'
        }
        &'git-checkpoint;save'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --title 'Set the story''s title (an empty value clears it)'
            cand --goal 'Set the story''s goal (an empty value clears it)'
            cand --source 'Set where the story comes from (issue URL, ticket)'
            cand --strategy 'Set the commit strategy (e.g. commit-per-task)'
            cand --done 'Record a task as done; a leading task id (`T3`) moves the matching todo. Repeatable'
            cand --todo 'Add a remaining todo. Repeatable'
            cand --decision 'Add a key decision (one line, with the reason). Repeatable'
            cand --next 'Set the next immediate action (an empty value clears it)'
            cand --stage 'Set the item''s stage (pm: design, plan, execute, finish)'
            cand --stopped-at 'Set where the last session stopped'
            cand --start-with 'Set the exact command or file the next session starts with'
            cand --branch 'Set the story''s branch (by default a story keeps its branch when saved from another)'
            cand --done-when 'Add a "Done when" check that `done` requires. Repeatable'
            cand --met 'Mark the "Done when" check with this text (or text prefix) as met. Repeatable'
            cand --context 'Add a context note the next session needs. Repeatable'
            cand --question 'Add an open question or blocker. Repeatable'
            cand --template 'Write with template NAME (pair, team, pm, gstack, or a custom one); recorded and reused by later revisions. Default: the checkpoint''s template, else `checkpoint.template`, else pair'
            cand -m 'This revision''s journal entry (first line becomes the commit subject)'
            cand --message 'This revision''s journal entry (first line becomes the commit subject)'
            cand -F 'Replace the whole document with FILE (`-` for stdin); it is parsed and gaps reported. With `--journal`, FILE is the journal entry instead'
            cand --file 'Replace the whole document with FILE (`-` for stdin); it is parsed and gaps reported. With `--journal`, FILE is the journal entry instead'
            cand --expect 'Refuse unless the checkpoint is still at this revision (number or commit id, as `resume --json` reports it): for whole-document saves based on what you read'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --journal 'Take the journal entry from `-F FILE` instead of the document'
            cand --edit 'Edit the document in the editor git uses (GIT_EDITOR, core.editor, VISUAL, EDITOR)'
            cand --print 'Render and print the checkpoint; write nothing'
            cand --json 'Print one JSON document instead of text'
            cand --allow-secret 'Write even if the content holds what looks like a credential (this save only; see checkpoint.secretScan). The revision records each value accepted (its kind and a fingerprint, never the value): later saves holding it warn instead of refusing, and push refuses it unless given --allow-secret again'
            cand --force 'Save even while someone else holds the story''s claim (`git checkpoint claim`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;resume'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --rev 'Read an older revision: its number (see `log`) or its commit id'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand --archived 'Read a finished story from refs/checkpoints-archive/'
            cand --strict 'Exit with status 3 when confidence is not high'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;show'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --format 'Output format'
            cand --rev 'Show an older revision: its number or commit id'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand --json 'Same as `--format json`'
            cand --archived 'Read a finished story from refs/checkpoints-archive/'
            cand --raw 'Write control characters raw even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;list'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --remote 'List a remote''s checkpoints as last fetched (refs/remotes/<REMOTE>/checkpoints/)'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand --all 'List checkpoints of every branch, not only the current branch''s'
            cand --archived 'List finished stories (refs/checkpoints-archive/) instead of active ones'
            cand --json 'Print one JSON array instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;log'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand -n 'Show only the N newest revisions (as `git log -n`)'
            cand --max-count 'Show only the N newest revisions (as `git log -n`)'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand --archived 'Read a finished story from refs/checkpoints-archive/'
            cand --completed 'List the completed tasks in the order they were completed, with dates'
            cand --oneline 'One line per revision: its short commit id, `r<N>` and its subject (as `git log --oneline`)'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;diff'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand --archived 'Read a finished story from refs/checkpoints-archive/'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;done'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand -m 'Journal text for the final revision'
            cand --message 'Journal text for the final revision'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --purge 'Delete the checkpoint and its archive for good instead of archiving'
            cand -y 'Do not ask for confirmation (needed for --purge off a terminal)'
            cand --yes 'Do not ask for confirmation (needed for --purge off a terminal)'
            cand --force 'Finish even while todos or "Done when" checks are open, or someone else holds the story''s claim'
            cand --allow-secret 'Write the message even if it looks like it holds a credential, recording it as accepted on the archived revision (see checkpoint.secretScan)'
            cand --json 'Print one JSON document instead of text'
            cand --merged 'Finish every active story whose branch has landed in the default branch (merged, fast-forwarded or squash-merged), open todos or not'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;push'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --json 'Print one JSON document instead of text'
            cand --all 'Push every checkpoint and archive (the default when no story is named)'
            cand --allow-secret 'Push even if a checkpoint holds what looks like a credential, including one accepted with `save --allow-secret` (this command only; see checkpoint.secretScan)'
            cand --no-verify 'Do not run the repository''s pre-push hook (as `git push --no-verify`)'
            cand -n 'Write nothing and contact no remote: list every ref, revision and note that would be uploaded or deleted (compared with the remote as last fetched), the refs held back, and what the secret guard would refuse'
            cand --dry-run 'Write nothing and contact no remote: list every ref, revision and note that would be uploaded or deleted (compared with the remote as last fetched), the refs held back, and what the secret guard would refuse'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;fetch'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --json 'Print one JSON document instead of text'
            cand --ours 'Resolve every open merge conflict of the stories fetched by taking the side the conflict marker calls `ours` (the clone that merged), writing one revision per story'
            cand --theirs 'Likewise, taking the side the marker calls `theirs`: the side the merging clone fetched, whichever clone runs this (the marker names each side''s author and revision; `resume` shows them)'
            cand --unshallow 'In a shallow clone, fetch the whole history (as `git fetch --unshallow`, which makes the code''s history complete too), so that `log`, `diff` and `resume --rev` reach every revision. In a complete clone, a plain fetch'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;sync'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --json 'Print one JSON document instead of text'
            cand --allow-secret 'Push even if a checkpoint holds what looks like a credential, including one accepted with `save --allow-secret` (this command only; see checkpoint.secretScan)'
            cand --no-verify 'Do not run the repository''s pre-push hook (as `git push --no-verify`)'
            cand --ours 'Resolve every open merge conflict of the stories fetched by taking the side the conflict marker calls `ours` (the clone that merged), writing one revision per story'
            cand --theirs 'Likewise, taking the side the marker calls `theirs`: the side the merging clone fetched, whichever clone runs this (the marker names each side''s author and revision; `resume` shows them)'
            cand -n 'Fetch into remote-tracking refs only (as a plain `git fetch` after `git checkpoint setup`), integrate and push nothing: no checkpoint, archive, purge record or notes ref of yours moves. Lists every ref, revision and note the push would upload or delete, the refs held back, and what the secret guard would refuse'
            cand --dry-run 'Fetch into remote-tracking refs only (as a plain `git fetch` after `git checkpoint setup`), integrate and push nothing: no checkpoint, archive, purge record or notes ref of yours moves. Lists every ref, revision and note the push would upload or delete, the refs held back, and what the secret guard would refuse'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;setup'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --json 'Print one JSON document instead of text'
            cand --undo 'Remove the values setup adds'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;claim'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --for 'How long the claim lasts unless renewed (30m, 2h, 1d); default: checkpoint.claimDuration, else 2h'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --force 'Take the claim even while someone else holds it'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;release'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --force 'Release a claim someone else holds'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;handoff'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --to 'Who takes it over: an email, a name, an agent or a session id'
            cand -m 'A note for them'
            cand --message 'A note for them'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --force 'Hand off a claim someone else holds'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;at'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;start'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;current'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;switch'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand -m 'Journal entry for the revision saved on the story being left'
            cand --message 'Journal entry for the revision saved on the story being left'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;stack'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand push 'Suspend a story (default: the current one) on top of the stack; it stops being current'
            cand pop 'Restore the top story: make it current and print its resume'
            cand list 'List suspended stories, top first'
            cand drop 'Remove a story from the stack without restoring it (default: the top one)'
        }
        &'git-checkpoint;stack;push'= {
            cand --reason 'Why it is suspended: one line of text, kept verbatim (scanned for credentials, as a save''s text is)'
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --allow-secret 'Write the reason even if it looks like it holds a credential (see checkpoint.secretScan)'
            cand --json 'Print one JSON document instead of text'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;stack;pop'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --switch 'Also check out its branch (`git switch`); refused while the working tree has changes'
            cand --force 'Pop even while another story is current (it stops being current)'
            cand --json 'Print one JSON document instead of text'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;stack;list'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --json 'Print one JSON document instead of text'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;stack;drop'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --json 'Print one JSON document instead of text'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;status'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --max-age 'Stale when older than DURATION (`90s`, `30m`, `2h`, `1d`, `1w`, `1h30m`); default `checkpoint.maxAge`'
            cand --max-commits 'Stale when HEAD has more than N commits the checkpoint has not seen; default `checkpoint.maxCommits`'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;import'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --story 'Import into this story instead of the one each file names'
            cand --format 'How to read the files'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --json 'Print one JSON document instead of text'
            cand --allow-secret 'Import even if a file holds what looks like a credential (this import only), recording it as accepted on the revisions written (see checkpoint.secretScan)'
            cand --force 'Import a file that no format recognises anyway, as a pair checkpoint. Without it such a file (a README, a page that only shares a checkpoint''s file name: no section, field, task, decision, next step or branch any format reads, no hand-off heading) is refused and nothing is imported'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;export'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --format 'The file format to write'
            cand -o 'Write to PATH instead of stdout; a directory gets the system''s usual file name (a PATH ending in `/` is a directory, made when missing). A symlink of the work tree is followed only when it leads inside it, never into `.git/`; the file''s mode is kept'
            cand --output 'Write to PATH instead of stdout; a directory gets the system''s usual file name (a PATH ending in `/` is a directory, made when missing). A symlink of the work tree is followed only when it leads inside it, never into `.git/`; the file''s mode is kept'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --force 'Replace a file at PATH that git-checkpoint did not write, or that changed since it wrote it. Without it such a file is left as it is and nothing is written: export replaces only files it wrote itself (recorded with their content''s hash in `.git/checkpoint/exported`) or files that already hold what it would write'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;prompt'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --max-chars 'Keep the text within N characters (Unicode scalar values); parts are dropped from the least important up, and the next action and start command always stay (a teammate''s are cut when they do not fit). Without it the text is whole, unless it holds a teammate''s text: then it keeps to checkpoint.hookBudget'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;pr-body'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --branch 'Detect the story from this branch name instead of HEAD''s (CI checkouts are often detached: pass e.g. "$GITHUB_HEAD_REF")'
            cand --remote 'Read the copy fetched from REMOTE (refs/remotes/REMOTE/checkpoints/<story>) instead of the local checkpoint'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;install-man'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --dry-run 'Print where the pages would go; write nothing'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;agent'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand install 'Add git-checkpoint''s hooks and skill to an agent''s configuration, with --mcp its MCP server too (replaces older entries of ours, keeps everything else; idempotent)'
            cand uninstall 'Remove git-checkpoint''s hooks, skill and MCP server from an agent''s configuration'
            cand status 'Show where git-checkpoint''s hooks, skill and MCP server are installed, and what is missing'
            cand hook 'Run one hook event for an agent (what the installed hooks call)'
        }
        &'git-checkpoint;agent;install'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --project 'This repository (the default): the agent''s files under the work tree''s top directory; for Claude Code its uncommitted .claude/settings.local.json'
            cand --user 'Every project of the current user: the agent''s files under HOME (or CLAUDE_CONFIG_DIR, CODEX_HOME)'
            cand --shared 'Project scope, the shared file the team commits (Claude Code''s .claude/settings.json; the other agents have only one project file)'
            cand --mcp 'Also register the MCP server (`git-checkpoint mcp`, by its absolute path) in the agent''s MCP configuration: Codex''s config.toml, Cursor''s mcp.json, Gemini CLI''s settings.json. Implied for claude-desktop; Claude Code has its hooks (use `claude mcp add`). Uninstall removes the server with or without it'
            cand --mcp-only 'Only the MCP server, no hooks or skill: registers it (as --mcp does) where another scope already has the hooks, e.g. `agent install codex --user --mcp-only` beside project hooks; uninstall removes only the server'
            cand --dry-run 'Print the change as a diff; write nothing'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;agent;uninstall'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --project 'This repository (the default): the agent''s files under the work tree''s top directory; for Claude Code its uncommitted .claude/settings.local.json'
            cand --user 'Every project of the current user: the agent''s files under HOME (or CLAUDE_CONFIG_DIR, CODEX_HOME)'
            cand --shared 'Project scope, the shared file the team commits (Claude Code''s .claude/settings.json; the other agents have only one project file)'
            cand --mcp 'Also register the MCP server (`git-checkpoint mcp`, by its absolute path) in the agent''s MCP configuration: Codex''s config.toml, Cursor''s mcp.json, Gemini CLI''s settings.json. Implied for claude-desktop; Claude Code has its hooks (use `claude mcp add`). Uninstall removes the server with or without it'
            cand --mcp-only 'Only the MCP server, no hooks or skill: registers it (as --mcp does) where another scope already has the hooks, e.g. `agent install codex --user --mcp-only` beside project hooks; uninstall removes only the server'
            cand --dry-run 'Print the change as a diff; write nothing'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;agent;status'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --json 'Print one JSON document (docs/json-schema/v1/agent-status.schema.json)'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;agent;hook'= {
            cand --agent 'The agent (claude, codex, cursor, gemini); an unknown one gets no answer'
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --detached 'Internal: stdin is a refresh to write (`hook::Refresh` as JSON), from the hook run that detached it'
            cand --from-plugin 'Run by a plugin''s launcher (plugins/<agent>/hooks/git-checkpoint.sh): do nothing when `agent install` put our hooks in one of the agent''s settings files that apply here too, which answer instead (the brief must not arrive twice)'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -q 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand --quiet 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;mcp'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;help'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;generate-docs'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
    ]
    $completions[$command]
}
