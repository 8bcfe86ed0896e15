
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'git-checkpoint' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'git-checkpoint'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'git-checkpoint' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('save', 'save', [CompletionResultType]::ParameterValue, 'Create or update a story''s checkpoint in place (a new revision on its ref)')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Read a story''s latest checkpoint and report where the work stands')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print the stored checkpoint document as is (markdown or JSON)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List checkpoints: story, title, branch, updated, tasks, revisions, status')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'Show a story''s revisions, newest first')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Compare two revisions section by section, then as text')
            [CompletionResult]::new('done', 'done', [CompletionResultType]::ParameterValue, 'Finish a story: a final revision, then archive its ref (or purge it)')
            [CompletionResult]::new('push', 'push', [CompletionResultType]::ParameterValue, 'Push checkpoints, archives and notes to a remote (never forced; merges and retries)')
            [CompletionResult]::new('fetch', 'fetch', [CompletionResultType]::ParameterValue, 'Fetch a remote''s checkpoints into remote-tracking refs and integrate them')
            [CompletionResult]::new('sync', 'sync', [CompletionResultType]::ParameterValue, 'Fetch, integrate, then push everything')
            [CompletionResult]::new('setup', 'setup', [CompletionResultType]::ParameterValue, 'Configure a remote so plain `git fetch` brings checkpoints, and notes follow rewrites')
            [CompletionResult]::new('claim', 'claim', [CompletionResultType]::ParameterValue, 'Claim a story: one holder at a time (taken on the remote by a leased push)')
            [CompletionResult]::new('release', 'release', [CompletionResultType]::ParameterValue, 'Release the claim on a story')
            [CompletionResult]::new('handoff', 'handoff', [CompletionResultType]::ParameterValue, 'Offer the claim on a story to a named teammate or agent')
            [CompletionResult]::new('at', 'at', [CompletionResultType]::ParameterValue, 'List the checkpoints taken at a code commit (from refs/notes/checkpoints)')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Make a story this worktree''s current story (used when no story is given)')
            [CompletionResult]::new('current', 'current', [CompletionResultType]::ParameterValue, 'Make a story this worktree''s current story (used when no story is given)')
            [CompletionResult]::new('switch', 'switch', [CompletionResultType]::ParameterValue, 'Save the current story, then make another one current')
            [CompletionResult]::new('stack', 'stack', [CompletionResultType]::ParameterValue, 'Suspend stories on a stack kept in git and restore them: push, pop, list, drop')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'How old the checkpoint is and how far HEAD and the working tree moved; exit 1 when stale')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Import checkpoint files of the pair, team, pm and gstack systems')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write a checkpoint as a pair, team, pm or gstack file')
            [CompletionResult]::new('prompt', 'prompt', [CompletionResultType]::ParameterValue, 'Print a self-contained hand-off text for a fresh session or a subagent')
            [CompletionResult]::new('pr-body', 'pr-body', [CompletionResultType]::ParameterValue, 'Render a pull-request description for the story of the current branch')
            [CompletionResult]::new('install-man', 'install-man', [CompletionResultType]::ParameterValue, 'Install the man pages where `git help checkpoint` finds them')
            [CompletionResult]::new('agent', 'agent', [CompletionResultType]::ParameterValue, 'Connect coding agents (Claude Code, Codex, Cursor, Gemini CLI) to checkpoints')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve checkpoints to MCP clients over stdio (resume, save, done, list, log, diff, status)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Show the help of a command (the same as `git checkpoint COMMAND --help`)')
            break
        }
        'git-checkpoint;save' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--title', '--title', [CompletionResultType]::ParameterName, 'Set the story''s title (an empty value clears it)')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'Set the story''s goal (an empty value clears it)')
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Set where the story comes from (issue URL, ticket)')
            [CompletionResult]::new('--strategy', '--strategy', [CompletionResultType]::ParameterName, 'Set the commit strategy (e.g. commit-per-task)')
            [CompletionResult]::new('--done', '--done', [CompletionResultType]::ParameterName, 'Record a task as done; a leading task id (`T3`) moves the matching todo. Repeatable')
            [CompletionResult]::new('--todo', '--todo', [CompletionResultType]::ParameterName, 'Add a remaining todo. Repeatable')
            [CompletionResult]::new('--decision', '--decision', [CompletionResultType]::ParameterName, 'Add a key decision (one line, with the reason). Repeatable')
            [CompletionResult]::new('--next', '--next', [CompletionResultType]::ParameterName, 'Set the next immediate action (an empty value clears it)')
            [CompletionResult]::new('--stage', '--stage', [CompletionResultType]::ParameterName, 'Set the item''s stage (pm: design, plan, execute, finish)')
            [CompletionResult]::new('--stopped-at', '--stopped-at', [CompletionResultType]::ParameterName, 'Set where the last session stopped')
            [CompletionResult]::new('--start-with', '--start-with', [CompletionResultType]::ParameterName, 'Set the exact command or file the next session starts with')
            [CompletionResult]::new('--branch', '--branch', [CompletionResultType]::ParameterName, 'Set the story''s branch (by default a story keeps its branch when saved from another)')
            [CompletionResult]::new('--done-when', '--done-when', [CompletionResultType]::ParameterName, 'Add a "Done when" check that `done` requires. Repeatable')
            [CompletionResult]::new('--met', '--met', [CompletionResultType]::ParameterName, 'Mark the "Done when" check with this text (or text prefix) as met. Repeatable')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'Add a context note the next session needs. Repeatable')
            [CompletionResult]::new('--question', '--question', [CompletionResultType]::ParameterName, 'Add an open question or blocker. Repeatable')
            [CompletionResult]::new('--template', '--template', [CompletionResultType]::ParameterName, 'Write with template NAME (pair, team, pm, gstack, or a custom one); recorded and reused by later revisions. Default: the checkpoint''s template, else `checkpoint.template`, else pair')
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'This revision''s journal entry (first line becomes the commit subject)')
            [CompletionResult]::new('--message', '--message', [CompletionResultType]::ParameterName, 'This revision''s journal entry (first line becomes the commit subject)')
            [CompletionResult]::new('-F', '-F ', [CompletionResultType]::ParameterName, 'Replace the whole document with FILE (`-` for stdin); it is parsed and gaps reported. With `--journal`, FILE is the journal entry instead')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Replace the whole document with FILE (`-` for stdin); it is parsed and gaps reported. With `--journal`, FILE is the journal entry instead')
            [CompletionResult]::new('--expect', '--expect', [CompletionResultType]::ParameterName, 'Refuse unless the checkpoint is still at this revision (number or commit id, as `resume --json` reports it): for whole-document saves based on what you read')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--journal', '--journal', [CompletionResultType]::ParameterName, 'Take the journal entry from `-F FILE` instead of the document')
            [CompletionResult]::new('--edit', '--edit', [CompletionResultType]::ParameterName, 'Edit the document in the editor git uses (GIT_EDITOR, core.editor, VISUAL, EDITOR)')
            [CompletionResult]::new('--print', '--print', [CompletionResultType]::ParameterName, 'Render and print the checkpoint; write nothing')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('--allow-secret', '--allow-secret', [CompletionResultType]::ParameterName, 'Write even if the content holds what looks like a credential (this save only; see checkpoint.secretScan). The revision records each value accepted (its kind and a fingerprint, never the value): later saves holding it warn instead of refusing, and push refuses it unless given --allow-secret again')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Save even while someone else holds the story''s claim (`git checkpoint claim`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;resume' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--rev', '--rev', [CompletionResultType]::ParameterName, 'Read an older revision: its number (see `log`) or its commit id')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('--archived', '--archived', [CompletionResultType]::ParameterName, 'Read a finished story from refs/checkpoints-archive/')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Exit with status 3 when confidence is not high')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;show' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--rev', '--rev', [CompletionResultType]::ParameterName, 'Show an older revision: its number or commit id')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Same as `--format json`')
            [CompletionResult]::new('--archived', '--archived', [CompletionResultType]::ParameterName, 'Read a finished story from refs/checkpoints-archive/')
            [CompletionResult]::new('--raw', '--raw', [CompletionResultType]::ParameterName, 'Write control characters raw even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;list' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--remote', '--remote', [CompletionResultType]::ParameterName, 'List a remote''s checkpoints as last fetched (refs/remotes/<REMOTE>/checkpoints/)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'List checkpoints of every branch, not only the current branch''s')
            [CompletionResult]::new('--archived', '--archived', [CompletionResultType]::ParameterName, 'List finished stories (refs/checkpoints-archive/) instead of active ones')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON array instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;log' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Show only the N newest revisions (as `git log -n`)')
            [CompletionResult]::new('--max-count', '--max-count', [CompletionResultType]::ParameterName, 'Show only the N newest revisions (as `git log -n`)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('--archived', '--archived', [CompletionResultType]::ParameterName, 'Read a finished story from refs/checkpoints-archive/')
            [CompletionResult]::new('--completed', '--completed', [CompletionResultType]::ParameterName, 'List the completed tasks in the order they were completed, with dates')
            [CompletionResult]::new('--oneline', '--oneline', [CompletionResultType]::ParameterName, 'One line per revision: its short commit id, `r<N>` and its subject (as `git log --oneline`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;diff' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('--archived', '--archived', [CompletionResultType]::ParameterName, 'Read a finished story from refs/checkpoints-archive/')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;done' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'Journal text for the final revision')
            [CompletionResult]::new('--message', '--message', [CompletionResultType]::ParameterName, 'Journal text for the final revision')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--purge', '--purge', [CompletionResultType]::ParameterName, 'Delete the checkpoint and its archive for good instead of archiving')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (needed for --purge off a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (needed for --purge off a terminal)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Finish even while todos or "Done when" checks are open, or someone else holds the story''s claim')
            [CompletionResult]::new('--allow-secret', '--allow-secret', [CompletionResultType]::ParameterName, 'Write the message even if it looks like it holds a credential, recording it as accepted on the archived revision (see checkpoint.secretScan)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('--merged', '--merged', [CompletionResultType]::ParameterName, 'Finish every active story whose branch has landed in the default branch (merged, fast-forwarded or squash-merged), open todos or not')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;push' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Push every checkpoint and archive (the default when no story is named)')
            [CompletionResult]::new('--allow-secret', '--allow-secret', [CompletionResultType]::ParameterName, 'Push even if a checkpoint holds what looks like a credential, including one accepted with `save --allow-secret` (this command only; see checkpoint.secretScan)')
            [CompletionResult]::new('--no-verify', '--no-verify', [CompletionResultType]::ParameterName, 'Do not run the repository''s pre-push hook (as `git push --no-verify`)')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Write nothing and contact no remote: list every ref, revision and note that would be uploaded or deleted (compared with the remote as last fetched), the refs held back, and what the secret guard would refuse')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Write nothing and contact no remote: list every ref, revision and note that would be uploaded or deleted (compared with the remote as last fetched), the refs held back, and what the secret guard would refuse')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;fetch' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('--ours', '--ours', [CompletionResultType]::ParameterName, 'Resolve every open merge conflict of the stories fetched by taking the side the conflict marker calls `ours` (the clone that merged), writing one revision per story')
            [CompletionResult]::new('--theirs', '--theirs', [CompletionResultType]::ParameterName, 'Likewise, taking the side the marker calls `theirs`: the side the merging clone fetched, whichever clone runs this (the marker names each side''s author and revision; `resume` shows them)')
            [CompletionResult]::new('--unshallow', '--unshallow', [CompletionResultType]::ParameterName, 'In a shallow clone, fetch the whole history (as `git fetch --unshallow`, which makes the code''s history complete too), so that `log`, `diff` and `resume --rev` reach every revision. In a complete clone, a plain fetch')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;sync' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('--allow-secret', '--allow-secret', [CompletionResultType]::ParameterName, 'Push even if a checkpoint holds what looks like a credential, including one accepted with `save --allow-secret` (this command only; see checkpoint.secretScan)')
            [CompletionResult]::new('--no-verify', '--no-verify', [CompletionResultType]::ParameterName, 'Do not run the repository''s pre-push hook (as `git push --no-verify`)')
            [CompletionResult]::new('--ours', '--ours', [CompletionResultType]::ParameterName, 'Resolve every open merge conflict of the stories fetched by taking the side the conflict marker calls `ours` (the clone that merged), writing one revision per story')
            [CompletionResult]::new('--theirs', '--theirs', [CompletionResultType]::ParameterName, 'Likewise, taking the side the marker calls `theirs`: the side the merging clone fetched, whichever clone runs this (the marker names each side''s author and revision; `resume` shows them)')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Fetch into remote-tracking refs only (as a plain `git fetch` after `git checkpoint setup`), integrate and push nothing: no checkpoint, archive, purge record or notes ref of yours moves. Lists every ref, revision and note the push would upload or delete, the refs held back, and what the secret guard would refuse')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Fetch into remote-tracking refs only (as a plain `git fetch` after `git checkpoint setup`), integrate and push nothing: no checkpoint, archive, purge record or notes ref of yours moves. Lists every ref, revision and note the push would upload or delete, the refs held back, and what the secret guard would refuse')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;setup' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('--undo', '--undo', [CompletionResultType]::ParameterName, 'Remove the values setup adds')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;claim' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--for', '--for', [CompletionResultType]::ParameterName, 'How long the claim lasts unless renewed (30m, 2h, 1d); default: checkpoint.claimDuration, else 2h')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Take the claim even while someone else holds it')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;release' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Release a claim someone else holds')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;handoff' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Who takes it over: an email, a name, an agent or a session id')
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'A note for them')
            [CompletionResult]::new('--message', '--message', [CompletionResultType]::ParameterName, 'A note for them')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Hand off a claim someone else holds')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;at' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;start' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;current' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;switch' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'Journal entry for the revision saved on the story being left')
            [CompletionResult]::new('--message', '--message', [CompletionResultType]::ParameterName, 'Journal entry for the revision saved on the story being left')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;stack' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('push', 'push', [CompletionResultType]::ParameterValue, 'Suspend a story (default: the current one) on top of the stack; it stops being current')
            [CompletionResult]::new('pop', 'pop', [CompletionResultType]::ParameterValue, 'Restore the top story: make it current and print its resume')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List suspended stories, top first')
            [CompletionResult]::new('drop', 'drop', [CompletionResultType]::ParameterValue, 'Remove a story from the stack without restoring it (default: the top one)')
            break
        }
        'git-checkpoint;stack;push' {
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why it is suspended: one line of text, kept verbatim (scanned for credentials, as a save''s text is)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--allow-secret', '--allow-secret', [CompletionResultType]::ParameterName, 'Write the reason even if it looks like it holds a credential (see checkpoint.secretScan)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;stack;pop' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--switch', '--switch', [CompletionResultType]::ParameterName, 'Also check out its branch (`git switch`); refused while the working tree has changes')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Pop even while another story is current (it stops being current)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;stack;list' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;stack;drop' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;status' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--max-age', '--max-age', [CompletionResultType]::ParameterName, 'Stale when older than DURATION (`90s`, `30m`, `2h`, `1d`, `1w`, `1h30m`); default `checkpoint.maxAge`')
            [CompletionResult]::new('--max-commits', '--max-commits', [CompletionResultType]::ParameterName, 'Stale when HEAD has more than N commits the checkpoint has not seen; default `checkpoint.maxCommits`')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;import' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--story', '--story', [CompletionResultType]::ParameterName, 'Import into this story instead of the one each file names')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to read the files')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('--allow-secret', '--allow-secret', [CompletionResultType]::ParameterName, 'Import even if a file holds what looks like a credential (this import only), recording it as accepted on the revisions written (see checkpoint.secretScan)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Import a file that no format recognises anyway, as a pair checkpoint. Without it such a file (a README, a page that only shares a checkpoint''s file name: no section, field, task, decision, next step or branch any format reads, no hand-off heading) is refused and nothing is imported')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;export' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'The file format to write')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to PATH instead of stdout; a directory gets the system''s usual file name (a PATH ending in `/` is a directory, made when missing). A symlink of the work tree is followed only when it leads inside it, never into `.git/`; the file''s mode is kept')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to PATH instead of stdout; a directory gets the system''s usual file name (a PATH ending in `/` is a directory, made when missing). A symlink of the work tree is followed only when it leads inside it, never into `.git/`; the file''s mode is kept')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace a file at PATH that git-checkpoint did not write, or that changed since it wrote it. Without it such a file is left as it is and nothing is written: export replaces only files it wrote itself (recorded with their content''s hash in `.git/checkpoint/exported`) or files that already hold what it would write')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;prompt' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--max-chars', '--max-chars', [CompletionResultType]::ParameterName, 'Keep the text within N characters (Unicode scalar values); parts are dropped from the least important up, and the next action and start command always stay (a teammate''s are cut when they do not fit). Without it the text is whole, unless it holds a teammate''s text: then it keeps to checkpoint.hookBudget')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;pr-body' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--branch', '--branch', [CompletionResultType]::ParameterName, 'Detect the story from this branch name instead of HEAD''s (CI checkouts are often detached: pass e.g. "$GITHUB_HEAD_REF")')
            [CompletionResult]::new('--remote', '--remote', [CompletionResultType]::ParameterName, 'Read the copy fetched from REMOTE (refs/remotes/REMOTE/checkpoints/<story>) instead of the local checkpoint')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;install-man' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print where the pages would go; write nothing')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;agent' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Add git-checkpoint''s hooks and skill to an agent''s configuration, with --mcp its MCP server too (replaces older entries of ours, keeps everything else; idempotent)')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Remove git-checkpoint''s hooks, skill and MCP server from an agent''s configuration')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show where git-checkpoint''s hooks, skill and MCP server are installed, and what is missing')
            [CompletionResult]::new('hook', 'hook', [CompletionResultType]::ParameterValue, 'Run one hook event for an agent (what the installed hooks call)')
            break
        }
        'git-checkpoint;agent;install' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'This repository (the default): the agent''s files under the work tree''s top directory; for Claude Code its uncommitted .claude/settings.local.json')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'Every project of the current user: the agent''s files under HOME (or CLAUDE_CONFIG_DIR, CODEX_HOME)')
            [CompletionResult]::new('--shared', '--shared', [CompletionResultType]::ParameterName, 'Project scope, the shared file the team commits (Claude Code''s .claude/settings.json; the other agents have only one project file)')
            [CompletionResult]::new('--mcp', '--mcp', [CompletionResultType]::ParameterName, 'Also register the MCP server (`git-checkpoint mcp`, by its absolute path) in the agent''s MCP configuration: Codex''s config.toml, Cursor''s mcp.json, Gemini CLI''s settings.json. Implied for claude-desktop; Claude Code has its hooks (use `claude mcp add`). Uninstall removes the server with or without it')
            [CompletionResult]::new('--mcp-only', '--mcp-only', [CompletionResultType]::ParameterName, 'Only the MCP server, no hooks or skill: registers it (as --mcp does) where another scope already has the hooks, e.g. `agent install codex --user --mcp-only` beside project hooks; uninstall removes only the server')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print the change as a diff; write nothing')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;agent;uninstall' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'This repository (the default): the agent''s files under the work tree''s top directory; for Claude Code its uncommitted .claude/settings.local.json')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'Every project of the current user: the agent''s files under HOME (or CLAUDE_CONFIG_DIR, CODEX_HOME)')
            [CompletionResult]::new('--shared', '--shared', [CompletionResultType]::ParameterName, 'Project scope, the shared file the team commits (Claude Code''s .claude/settings.json; the other agents have only one project file)')
            [CompletionResult]::new('--mcp', '--mcp', [CompletionResultType]::ParameterName, 'Also register the MCP server (`git-checkpoint mcp`, by its absolute path) in the agent''s MCP configuration: Codex''s config.toml, Cursor''s mcp.json, Gemini CLI''s settings.json. Implied for claude-desktop; Claude Code has its hooks (use `claude mcp add`). Uninstall removes the server with or without it')
            [CompletionResult]::new('--mcp-only', '--mcp-only', [CompletionResultType]::ParameterName, 'Only the MCP server, no hooks or skill: registers it (as --mcp does) where another scope already has the hooks, e.g. `agent install codex --user --mcp-only` beside project hooks; uninstall removes only the server')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print the change as a diff; write nothing')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;agent;status' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON document (docs/json-schema/v1/agent-status.schema.json)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;agent;hook' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent (claude, codex, cursor, gemini); an unknown one gets no answer')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--detached', '--detached', [CompletionResultType]::ParameterName, 'Internal: stdin is a refresh to write (`hook::Refresh` as JSON), from the hook run that detached it')
            [CompletionResult]::new('--from-plugin', '--from-plugin', [CompletionResultType]::ParameterName, 'Run by a plugin''s launcher (plugins/<agent>/hooks/git-checkpoint.sh): do nothing when `agent install` put our hooks in one of the agent''s settings files that apply here too, which answer instead (the brief must not arrive twice)')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors and warnings on stderr, and the data asked for on stdout (`--json`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;mcp' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;help' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'git-checkpoint;generate-docs' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto')
            [CompletionResult]::new('--no-pager', '--no-pager', [CompletionResultType]::ParameterName, 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
