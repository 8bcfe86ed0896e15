# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_git_checkpoint_global_optspecs
    string join \n color= no-pager h/help V/version
end

function __fish_git_checkpoint_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_git_checkpoint_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_git_checkpoint_using_subcommand
    set -l cmd (__fish_git_checkpoint_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -s V -l version -d 'Print version'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "save" -d 'Create or update a story\'s checkpoint in place (a new revision on its ref)'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "resume" -d 'Read a story\'s latest checkpoint and report where the work stands'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "show" -d 'Print the stored checkpoint document as is (markdown or JSON)'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "list" -d 'List checkpoints: story, title, branch, updated, tasks, revisions, status'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "log" -d 'Show a story\'s revisions, newest first'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "diff" -d 'Compare two revisions section by section, then as text'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "done" -d 'Finish a story: a final revision, then archive its ref (or purge it)'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "push" -d 'Push checkpoints, archives and notes to a remote (never forced; merges and retries)'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "fetch" -d 'Fetch a remote\'s checkpoints into remote-tracking refs and integrate them'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "sync" -d 'Fetch, integrate, then push everything'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "setup" -d 'Configure a remote so plain `git fetch` brings checkpoints, and notes follow rewrites'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "claim" -d 'Claim a story: one holder at a time (taken on the remote by a leased push)'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "release" -d 'Release the claim on a story'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "handoff" -d 'Offer the claim on a story to a named teammate or agent'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "at" -d 'List the checkpoints taken at a code commit (from refs/notes/checkpoints)'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "start" -d 'Make a story this worktree\'s current story (used when no story is given)'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "current" -d 'Make a story this worktree\'s current story (used when no story is given)'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "switch" -d 'Save the current story, then make another one current'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "stack" -d 'Suspend stories on a stack kept in git and restore them: push, pop, list, drop'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "status" -d 'How old the checkpoint is and how far HEAD and the working tree moved; exit 1 when stale'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "import" -d 'Import checkpoint files of the pair, team, pm and gstack systems'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "export" -d 'Write a checkpoint as a pair, team, pm or gstack file'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "prompt" -d 'Print a self-contained hand-off text for a fresh session or a subagent'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "pr-body" -d 'Render a pull-request description for the story of the current branch'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "install-man" -d 'Install the man pages where `git help checkpoint` finds them'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "agent" -d 'Connect coding agents (Claude Code, Codex, Cursor, Gemini CLI) to checkpoints'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "mcp" -d 'Serve checkpoints to MCP clients over stdio (resume, save, done, list, log, diff, status)'
complete -c git-checkpoint -n "__fish_git_checkpoint_needs_command" -f -a "help" -d 'Show the help of a command (the same as `git checkpoint COMMAND --help`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l title -d 'Set the story\'s title (an empty value clears it)' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l goal -d 'Set the story\'s goal (an empty value clears it)' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l source -d 'Set where the story comes from (issue URL, ticket)' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l strategy -d 'Set the commit strategy (e.g. commit-per-task)' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l done -d 'Record a task as done; a leading task id (`T3`) moves the matching todo. Repeatable' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l todo -d 'Add a remaining todo. Repeatable' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l decision -d 'Add a key decision (one line, with the reason). Repeatable' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l next -d 'Set the next immediate action (an empty value clears it)' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l stage -d 'Set the item\'s stage (pm: design, plan, execute, finish)' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l stopped-at -d 'Set where the last session stopped' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l start-with -d 'Set the exact command or file the next session starts with' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l branch -d 'Set the story\'s branch (by default a story keeps its branch when saved from another)' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l done-when -d 'Add a "Done when" check that `done` requires. Repeatable' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l met -d 'Mark the "Done when" check with this text (or text prefix) as met. Repeatable' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l context -d 'Add a context note the next session needs. Repeatable' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l question -d 'Add an open question or blocker. Repeatable' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l template -d 'Write with template NAME (pair, team, pm, gstack, or a custom one); recorded and reused by later revisions. Default: the checkpoint\'s template, else `checkpoint.template`, else pair' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -s m -l message -d 'This revision\'s journal entry (first line becomes the commit subject)' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -s F -l file -d 'Replace the whole document with FILE (`-` for stdin); it is parsed and gaps reported. With `--journal`, FILE is the journal entry instead' -r -F
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l expect -d 'Refuse unless the checkpoint is still at this revision (number or commit id, as `resume --json` reports it): for whole-document saves based on what you read' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l journal -d 'Take the journal entry from `-F FILE` instead of the document'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l edit -d 'Edit the document in the editor git uses (GIT_EDITOR, core.editor, VISUAL, EDITOR)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l print -d 'Render and print the checkpoint; write nothing'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l allow-secret -d 'Write even if the content holds what looks like a credential (this save only; see checkpoint.secretScan). The revision records each value accepted (its kind and a fingerprint, never the value): later saves holding it warn instead of refusing, and push refuses it unless given --allow-secret again'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l force -d 'Save even while someone else holds the story\'s claim (`git checkpoint claim`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand resume" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand resume" -l rev -d 'Read an older revision: its number (see `log`) or its commit id' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand resume" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand resume" -l archived -d 'Read a finished story from refs/checkpoints-archive/'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand resume" -l strict -d 'Exit with status 3 when confidence is not high'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand resume" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand resume" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand show" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand show" -l format -d 'Output format' -r -f -a "markdown\t'The stored checkpoint.md'
json\t'The parsed checkpoint as one JSON document (same fields as `resume --json`)'
pr\t'A pull-request description: summary, tasks done, key decisions, remaining work, links'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand show" -l rev -d 'Show an older revision: its number or commit id' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand show" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand show" -l json -d 'Same as `--format json`'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand show" -l archived -d 'Read a finished story from refs/checkpoints-archive/'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand show" -l raw -d 'Write control characters raw even on a terminal'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand list" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand list" -l remote -d 'List a remote\'s checkpoints as last fetched (refs/remotes/<REMOTE>/checkpoints/)' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand list" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand list" -l all -d 'List checkpoints of every branch, not only the current branch\'s'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand list" -l archived -d 'List finished stories (refs/checkpoints-archive/) instead of active ones'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand list" -l json -d 'Print one JSON array instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand log" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand log" -s n -l max-count -d 'Show only the N newest revisions (as `git log -n`)' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand log" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand log" -l archived -d 'Read a finished story from refs/checkpoints-archive/'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand log" -l completed -d 'List the completed tasks in the order they were completed, with dates'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand log" -l oneline -d 'One line per revision: its short commit id, `r<N>` and its subject (as `git log --oneline`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand log" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand log" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand diff" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand diff" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand diff" -l archived -d 'Read a finished story from refs/checkpoints-archive/'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand diff" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand diff" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand done" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand done" -s m -l message -d 'Journal text for the final revision' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand done" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand done" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand done" -l purge -d 'Delete the checkpoint and its archive for good instead of archiving'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand done" -s y -l yes -d 'Do not ask for confirmation (needed for --purge off a terminal)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand done" -l force -d 'Finish even while todos or "Done when" checks are open, or someone else holds the story\'s claim'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand done" -l allow-secret -d 'Write the message even if it looks like it holds a credential, recording it as accepted on the archived revision (see checkpoint.secretScan)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand done" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand done" -l merged -d 'Finish every active story whose branch has landed in the default branch (merged, fast-forwarded or squash-merged), open todos or not'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand done" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand push" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand push" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand push" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand push" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand push" -l all -d 'Push every checkpoint and archive (the default when no story is named)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand push" -l allow-secret -d 'Push even if a checkpoint holds what looks like a credential, including one accepted with `save --allow-secret` (this command only; see checkpoint.secretScan)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand push" -l no-verify -d 'Do not run the repository\'s pre-push hook (as `git push --no-verify`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand push" -s n -l dry-run -d 'Write nothing and contact no remote: list every ref, revision and note that would be uploaded or deleted (compared with the remote as last fetched), the refs held back, and what the secret guard would refuse'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand push" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand fetch" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand fetch" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand fetch" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand fetch" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand fetch" -l ours -d 'Resolve every open merge conflict of the stories fetched by taking the side the conflict marker calls `ours` (the clone that merged), writing one revision per story'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand fetch" -l theirs -d 'Likewise, taking the side the marker calls `theirs`: the side the merging clone fetched, whichever clone runs this (the marker names each side\'s author and revision; `resume` shows them)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand fetch" -l unshallow -d 'In a shallow clone, fetch the whole history (as `git fetch --unshallow`, which makes the code\'s history complete too), so that `log`, `diff` and `resume --rev` reach every revision. In a complete clone, a plain fetch'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand fetch" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand sync" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand sync" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand sync" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand sync" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand sync" -l allow-secret -d 'Push even if a checkpoint holds what looks like a credential, including one accepted with `save --allow-secret` (this command only; see checkpoint.secretScan)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand sync" -l no-verify -d 'Do not run the repository\'s pre-push hook (as `git push --no-verify`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand sync" -l ours -d 'Resolve every open merge conflict of the stories fetched by taking the side the conflict marker calls `ours` (the clone that merged), writing one revision per story'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand sync" -l theirs -d 'Likewise, taking the side the marker calls `theirs`: the side the merging clone fetched, whichever clone runs this (the marker names each side\'s author and revision; `resume` shows them)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand sync" -s n -l dry-run -d 'Fetch into remote-tracking refs only (as a plain `git fetch` after `git checkpoint setup`), integrate and push nothing: no checkpoint, archive, purge record or notes ref of yours moves. Lists every ref, revision and note the push would upload or delete, the refs held back, and what the secret guard would refuse'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand sync" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand setup" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand setup" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand setup" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand setup" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand setup" -l undo -d 'Remove the values setup adds'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand setup" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand claim" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand claim" -l for -d 'How long the claim lasts unless renewed (30m, 2h, 1d); default: checkpoint.claimDuration, else 2h' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand claim" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand claim" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand claim" -l force -d 'Take the claim even while someone else holds it'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand claim" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand claim" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand release" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand release" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand release" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand release" -l force -d 'Release a claim someone else holds'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand release" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand release" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand handoff" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand handoff" -l to -d 'Who takes it over: an email, a name, an agent or a session id' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand handoff" -s m -l message -d 'A note for them' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand handoff" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand handoff" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand handoff" -l force -d 'Hand off a claim someone else holds'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand handoff" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand handoff" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand at" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand at" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand at" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand at" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand start" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand start" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand start" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand start" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand start" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand current" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand current" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand current" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand current" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand current" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand switch" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand switch" -s m -l message -d 'Journal entry for the revision saved on the story being left' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand switch" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand switch" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand switch" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand switch" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and not __fish_seen_subcommand_from push pop list drop" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and not __fish_seen_subcommand_from push pop list drop" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and not __fish_seen_subcommand_from push pop list drop" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and not __fish_seen_subcommand_from push pop list drop" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and not __fish_seen_subcommand_from push pop list drop" -f -a "push" -d 'Suspend a story (default: the current one) on top of the stack; it stops being current'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and not __fish_seen_subcommand_from push pop list drop" -f -a "pop" -d 'Restore the top story: make it current and print its resume'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and not __fish_seen_subcommand_from push pop list drop" -f -a "list" -d 'List suspended stories, top first'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and not __fish_seen_subcommand_from push pop list drop" -f -a "drop" -d 'Remove a story from the stack without restoring it (default: the top one)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from push" -l reason -d 'Why it is suspended: one line of text, kept verbatim (scanned for credentials, as a save\'s text is)' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from push" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from push" -l allow-secret -d 'Write the reason even if it looks like it holds a credential (see checkpoint.secretScan)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from push" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from push" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from push" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from push" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from pop" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from pop" -l switch -d 'Also check out its branch (`git switch`); refused while the working tree has changes'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from pop" -l force -d 'Pop even while another story is current (it stops being current)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from pop" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from pop" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from pop" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from pop" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from list" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from list" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from list" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from drop" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from drop" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from drop" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from drop" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand stack; and __fish_seen_subcommand_from drop" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand status" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand status" -l max-age -d 'Stale when older than DURATION (`90s`, `30m`, `2h`, `1d`, `1w`, `1h30m`); default `checkpoint.maxAge`' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand status" -l max-commits -d 'Stale when HEAD has more than N commits the checkpoint has not seen; default `checkpoint.maxCommits`' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand status" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand status" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand import" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand import" -l story -d 'Import into this story instead of the one each file names' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand import" -l format -d 'How to read the files' -r -f -a "auto\t'Recognise each file by its name and content'
pair\t'The pair format\'s checkpoint files (`.pair/working/checkpoints/<story>.md`)'
team\t'The team format\'s `working-context.md` / `completed.md`'
pm\t'The pm format\'s `NOW.md` / `STACK.md`'
gstack\t'The gstack format\'s timestamped checkpoint files'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand import" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand import" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand import" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand import" -l allow-secret -d 'Import even if a file holds what looks like a credential (this import only), recording it as accepted on the revisions written (see checkpoint.secretScan)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand import" -l force -d 'Import a file that no format recognises anyway, as a pair checkpoint. Without it such a file (a README, a page that only shares a checkpoint\'s file name: no section, field, task, decision, next step or branch any format reads, no hand-off heading) is refused and nothing is imported'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand import" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand export" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand export" -l format -d 'The file format to write' -r -f -a "pair\t'`.pair/working/checkpoints/<story>.md`'
team\t'`working-context.md`, plus `completed.md` beside it with `-o`'
pm\t'`NOW.md`, plus `STACK.md` beside it with `-o` when stories are stacked'
gstack\t'A timestamped checkpoint file with front matter'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand export" -s o -l output -d 'Write to PATH instead of stdout; a directory gets the system\'s usual file name (a PATH ending in `/` is a directory, made when missing). A symlink of the work tree is followed only when it leads inside it, never into `.git/`; the file\'s mode is kept' -r -F
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand export" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand export" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand export" -l force -d 'Replace a file at PATH that git-checkpoint did not write, or that changed since it wrote it. Without it such a file is left as it is and nothing is written: export replaces only files it wrote itself (recorded with their content\'s hash in `.git/checkpoint/exported`) or files that already hold what it would write'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand export" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand prompt" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand prompt" -l max-chars -d 'Keep the text within N characters (Unicode scalar values); parts are dropped from the least important up, and the next action and start command always stay (a teammate\'s are cut when they do not fit). Without it the text is whole, unless it holds a teammate\'s text: then it keeps to checkpoint.hookBudget' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand prompt" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand prompt" -l json -d 'Print one JSON document instead of text'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand prompt" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand pr-body" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand pr-body" -l branch -d 'Detect the story from this branch name instead of HEAD\'s (CI checkouts are often detached: pass e.g. "$GITHUB_HEAD_REF")' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand pr-body" -l remote -d 'Read the copy fetched from REMOTE (refs/remotes/REMOTE/checkpoints/<story>) instead of the local checkpoint' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand pr-body" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand pr-body" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand install-man" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand install-man" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand install-man" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand install-man" -l dry-run -d 'Print where the pages would go; write nothing'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand install-man" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and not __fish_seen_subcommand_from install uninstall status hook" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and not __fish_seen_subcommand_from install uninstall status hook" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and not __fish_seen_subcommand_from install uninstall status hook" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and not __fish_seen_subcommand_from install uninstall status hook" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and not __fish_seen_subcommand_from install uninstall status hook" -f -a "install" -d 'Add git-checkpoint\'s hooks and skill to an agent\'s configuration, with --mcp its MCP server too (replaces older entries of ours, keeps everything else; idempotent)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and not __fish_seen_subcommand_from install uninstall status hook" -f -a "uninstall" -d 'Remove git-checkpoint\'s hooks, skill and MCP server from an agent\'s configuration'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and not __fish_seen_subcommand_from install uninstall status hook" -f -a "status" -d 'Show where git-checkpoint\'s hooks, skill and MCP server are installed, and what is missing'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and not __fish_seen_subcommand_from install uninstall status hook" -f -a "hook" -d 'Run one hook event for an agent (what the installed hooks call)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from install" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from install" -l project -d 'This repository (the default): the agent\'s files under the work tree\'s top directory; for Claude Code its uncommitted .claude/settings.local.json'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from install" -l user -d 'Every project of the current user: the agent\'s files under HOME (or CLAUDE_CONFIG_DIR, CODEX_HOME)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from install" -l shared -d 'Project scope, the shared file the team commits (Claude Code\'s .claude/settings.json; the other agents have only one project file)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from install" -l mcp -d 'Also register the MCP server (`git-checkpoint mcp`, by its absolute path) in the agent\'s MCP configuration: Codex\'s config.toml, Cursor\'s mcp.json, Gemini CLI\'s settings.json. Implied for claude-desktop; Claude Code has its hooks (use `claude mcp add`). Uninstall removes the server with or without it'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from install" -l mcp-only -d 'Only the MCP server, no hooks or skill: registers it (as --mcp does) where another scope already has the hooks, e.g. `agent install codex --user --mcp-only` beside project hooks; uninstall removes only the server'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from install" -l dry-run -d 'Print the change as a diff; write nothing'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from install" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from install" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from install" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from uninstall" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from uninstall" -l project -d 'This repository (the default): the agent\'s files under the work tree\'s top directory; for Claude Code its uncommitted .claude/settings.local.json'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from uninstall" -l user -d 'Every project of the current user: the agent\'s files under HOME (or CLAUDE_CONFIG_DIR, CODEX_HOME)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from uninstall" -l shared -d 'Project scope, the shared file the team commits (Claude Code\'s .claude/settings.json; the other agents have only one project file)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from uninstall" -l mcp -d 'Also register the MCP server (`git-checkpoint mcp`, by its absolute path) in the agent\'s MCP configuration: Codex\'s config.toml, Cursor\'s mcp.json, Gemini CLI\'s settings.json. Implied for claude-desktop; Claude Code has its hooks (use `claude mcp add`). Uninstall removes the server with or without it'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from uninstall" -l mcp-only -d 'Only the MCP server, no hooks or skill: registers it (as --mcp does) where another scope already has the hooks, e.g. `agent install codex --user --mcp-only` beside project hooks; uninstall removes only the server'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from uninstall" -l dry-run -d 'Print the change as a diff; write nothing'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from uninstall" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from uninstall" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from uninstall" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from status" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from status" -l json -d 'Print one JSON document (docs/json-schema/v1/agent-status.schema.json)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from status" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from status" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from hook" -l agent -d 'The agent (claude, codex, cursor, gemini); an unknown one gets no answer' -r
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from hook" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from hook" -l detached -d 'Internal: stdin is a refresh to write (`hook::Refresh` as JSON), from the hook run that detached it'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from hook" -l from-plugin -d 'Run by a plugin\'s launcher (plugins/<agent>/hooks/git-checkpoint.sh): do nothing when `agent install` put our hooks in one of the agent\'s settings files that apply here too, which answer instead (the brief must not arrive twice)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from hook" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from hook" -s q -l quiet -d 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand agent; and __fish_seen_subcommand_from hook" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand mcp" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand mcp" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand mcp" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand help" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand help" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand generate-docs" -l color -d 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto' -r -f -a "auto\t'Colour on a terminal unless `NO_COLOR` is set or `TERM=dumb`'
always\t'Always colour'
never\t'Never colour'"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand generate-docs" -l no-pager -d 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand generate-docs" -s h -l help -d 'Print help (see more with \'--help\')'

# Story ids from refs/checkpoints/ for the subcommands that take a story.
complete -c git-checkpoint -n "__fish_seen_subcommand_from save resume show log diff done pr-body" -f -a "(git for-each-ref --format='%(refname:lstrip=2)' refs/checkpoints 2>/dev/null)"
# Remotes for push, fetch, sync and setup, and for --remote.
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand push fetch sync setup" -f -a "(git remote 2>/dev/null)"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand list pr-body" -l remote -f -r -a "(git remote 2>/dev/null)"
# Templates: the built-in ones, then those declared in git config.
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l template -f -r -a "pair team pm gstack (git config --name-only --get-regexp '^checkpoint\..+\.sections\$' 2>/dev/null | string replace -r '^checkpoint\.(.*)\.sections\$' '\$1')"
