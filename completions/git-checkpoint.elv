
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
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
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
            cand at 'List the checkpoints taken at a code commit (from refs/notes/checkpoints)'
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
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --edit 'Edit the document in the editor git uses (GIT_EDITOR, core.editor, VISUAL, EDITOR)'
            cand --print 'Render and print the checkpoint; write nothing'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;resume'= {
            cand --rev 'Read an older revision: its number (see `log`) or its commit id'
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --archived 'Read a finished story from refs/checkpoints-archive/'
            cand --strict 'Exit with status 3 when confidence is not high'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;show'= {
            cand --format 'Output format'
            cand --rev 'Show an older revision: its number or commit id'
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --json 'Same as `--format json`'
            cand --archived 'Read a finished story from refs/checkpoints-archive/'
            cand --raw 'Write control characters raw even on a terminal'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;list'= {
            cand --remote 'List a remote''s checkpoints as last fetched (refs/remotes/<REMOTE>/checkpoints/)'
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --all 'List checkpoints of every branch, not only the current branch''s'
            cand --archived 'List finished stories (refs/checkpoints-archive/) instead of active ones'
            cand --json 'Print one JSON array instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;log'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --archived 'Read a finished story from refs/checkpoints-archive/'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;diff'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --archived 'Read a finished story from refs/checkpoints-archive/'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;done'= {
            cand -m 'Journal text for the final revision'
            cand --message 'Journal text for the final revision'
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --purge 'Delete the checkpoint and its archive for good instead of archiving'
            cand -y 'Do not ask for confirmation (needed for --purge off a terminal)'
            cand --yes 'Do not ask for confirmation (needed for --purge off a terminal)'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;push'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --all 'Push every checkpoint and archive (the default when no story is named)'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;fetch'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;sync'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;setup'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --undo 'Remove the values setup adds'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;at'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
            cand --json 'Print one JSON document instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'git-checkpoint;generate-docs'= {
            cand --color 'When to colour output: auto (on a terminal, unless NO_COLOR is set), always, never'
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
            cand push 'Push checkpoints, archives and notes to a remote (never forced; merges and retries)'
            cand fetch 'Fetch a remote''s checkpoints into remote-tracking refs and integrate them'
            cand sync 'Fetch, integrate, then push everything'
            cand setup 'Configure a remote so plain `git fetch` brings checkpoints, and notes follow rewrites'
            cand at 'List the checkpoints taken at a code commit (from refs/notes/checkpoints)'
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
        &'git-checkpoint;help;push'= {
        }
        &'git-checkpoint;help;fetch'= {
        }
        &'git-checkpoint;help;sync'= {
        }
        &'git-checkpoint;help;setup'= {
        }
        &'git-checkpoint;help;at'= {
        }
        &'git-checkpoint;help;generate-docs'= {
        }
        &'git-checkpoint;help;help'= {
        }
    ]
    $completions[$command]
}
