
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
            cand pr-body 'Render a pull-request description for the story of the current branch'
            cand install-man 'Install the man pages where `git help checkpoint` finds them'
            cand agent 'Connect coding agents (Claude Code, Codex, Cursor, Gemini CLI) to checkpoints'
            cand generate-docs 'Write man pages and shell completions into a directory (for packagers)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'git-checkpoint;save'= {
            cand --title 'Set the story''s title'
            cand --goal 'Set the story''s goal'
            cand --source 'Set where the story comes from (issue URL, ticket)'
            cand --strategy 'Set the commit strategy (e.g. commit-per-task)'
            cand --done 'Record a task as done; a leading task id (`T3`) moves the matching todo. Repeatable'
            cand --todo 'Add a remaining todo. Repeatable'
            cand --decision 'Add a key decision (one line, with the reason). Repeatable'
            cand --next 'Set the next immediate action'
            cand -m 'This revision''s journal text (first line becomes the commit subject)'
            cand --message 'This revision''s journal text (first line becomes the commit subject)'
            cand -F 'Replace the whole document with FILE (`-` for stdin); it is parsed and gaps reported'
            cand --file 'Replace the whole document with FILE (`-` for stdin); it is parsed and gaps reported'
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --edit 'Edit the document in the editor git uses (GIT_EDITOR, core.editor, VISUAL, EDITOR)'
            cand --print 'Render and print the checkpoint; write nothing'
            cand --json 'Print one JSON document instead of text'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;resume'= {
            cand --rev 'Read an older revision: its number (see `log`) or its commit id'
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --archived 'Read a finished story from refs/checkpoints-archive/'
            cand --strict 'Exit with status 3 when confidence is not high'
            cand --json 'Print one JSON document instead of text'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;show'= {
            cand --format 'Output format'
            cand --rev 'Show an older revision: its number or commit id'
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --json 'Same as `--format json`'
            cand --archived 'Read a finished story from refs/checkpoints-archive/'
            cand --raw 'Write control characters raw even on a terminal'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;list'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --all 'List checkpoints of every branch, not only the current branch''s'
            cand --archived 'List finished stories (refs/checkpoints-archive/) instead of active ones'
            cand --json 'Print one JSON array instead of text'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;log'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --archived 'Read a finished story from refs/checkpoints-archive/'
            cand --json 'Print one JSON document instead of text'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;diff'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --archived 'Read a finished story from refs/checkpoints-archive/'
            cand --json 'Print one JSON document instead of text'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;done'= {
            cand -m 'Journal text for the final revision'
            cand --message 'Journal text for the final revision'
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --purge 'Delete the checkpoint and its archive for good instead of archiving'
            cand -y 'Do not ask for confirmation (needed for --purge off a terminal)'
            cand --yes 'Do not ask for confirmation (needed for --purge off a terminal)'
            cand --json 'Print one JSON document instead of text'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;pr-body'= {
            cand --branch 'Detect the story from this branch name instead of HEAD''s (CI checkouts are often detached: pass e.g. "$GITHUB_HEAD_REF")'
            cand --remote 'Read the copy fetched from REMOTE (refs/remotes/REMOTE/checkpoints/<story>) instead of the local checkpoint'
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;install-man'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --dry-run 'Print where the pages would go; write nothing'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;agent'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand install 'Merge git-checkpoint hooks into an agent''s configuration (never overwrites; idempotent)'
            cand hook 'Run one hook event for an agent (what the installed hooks call)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'git-checkpoint;agent;install'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --project 'Configure this repository (the default): the file under the work tree''s top directory'
            cand --user 'Configure every project of the current user: the file under HOME'
            cand --dry-run 'Print the change as a diff; write nothing'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;agent;hook'= {
            cand --agent 'The agent whose output format to use'
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;agent;help'= {
            cand install 'Merge git-checkpoint hooks into an agent''s configuration (never overwrites; idempotent)'
            cand hook 'Run one hook event for an agent (what the installed hooks call)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'git-checkpoint;agent;help;install'= {
        }
        &'git-checkpoint;agent;help;hook'= {
        }
        &'git-checkpoint;agent;help;help'= {
        }
        &'git-checkpoint;generate-docs'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never. `--color` alone means always. Default: color.checkpoint, else color.ui, else auto'
            cand --no-pager 'Do not pipe log, diff and show into a pager (as `git --no-pager checkpoint`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;help'= {
            cand save 'Create or update a story''s checkpoint in place (a new revision on its ref)'
            cand resume 'Read a story''s latest checkpoint and report where the work stands'
            cand show 'Print the stored checkpoint document as is (markdown or JSON)'
            cand list 'List checkpoints: story, title, branch, updated, tasks, revisions, status'
            cand log 'Show a story''s revisions, newest first'
            cand diff 'Compare two revisions section by section, then as text'
            cand done 'Finish a story: a final revision, then archive its ref (or purge it)'
            cand pr-body 'Render a pull-request description for the story of the current branch'
            cand install-man 'Install the man pages where `git help checkpoint` finds them'
            cand agent 'Connect coding agents (Claude Code, Codex, Cursor, Gemini CLI) to checkpoints'
            cand generate-docs 'Write man pages and shell completions into a directory (for packagers)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'git-checkpoint;help;save'= {
        }
        &'git-checkpoint;help;resume'= {
        }
        &'git-checkpoint;help;show'= {
        }
        &'git-checkpoint;help;list'= {
        }
        &'git-checkpoint;help;log'= {
        }
        &'git-checkpoint;help;diff'= {
        }
        &'git-checkpoint;help;done'= {
        }
        &'git-checkpoint;help;pr-body'= {
        }
        &'git-checkpoint;help;install-man'= {
        }
        &'git-checkpoint;help;agent'= {
            cand install 'Merge git-checkpoint hooks into an agent''s configuration (never overwrites; idempotent)'
            cand hook 'Run one hook event for an agent (what the installed hooks call)'
        }
        &'git-checkpoint;help;agent;install'= {
        }
        &'git-checkpoint;help;agent;hook'= {
        }
        &'git-checkpoint;help;generate-docs'= {
        }
        &'git-checkpoint;help;help'= {
        }
    ]
    $completions[$command]
}
