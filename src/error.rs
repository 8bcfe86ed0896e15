//! The library's typed errors. Each variant names what failed (story, ref, path, oid) and, where
//! there is one, the fix; the binary prints them as one line (`error: ...`) and picks the exit code.
//! This module must not print or exit.

use std::path::PathBuf;

/// Everything the library can fail with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The current directory (or `GIT_DIR`) is not inside a git repository.
    #[error("not a git repository: {0}; run it inside one (cd into a repository, or `git init`)")]
    NotARepository(String),
    /// A story id failed validation; `rule` says which rule it broke.
    #[error("invalid story id {input:?}: {rule}")]
    InvalidStory {
        /// The id as it was given.
        input: String,
        /// The rule it broke, phrased as the fix.
        rule: String,
    },
    /// No story was given and none could be detected.
    #[error("cannot detect the story: {reason}; pass it explicitly (git checkpoint {command} <story>){candidates}")]
    NoStory {
        /// The command that needed a story.
        command: &'static str,
        /// Why detection failed.
        reason: String,
        /// Pre-formatted ` (candidates: a, b)` list or empty.
        candidates: String,
    },
    /// No checkpoint exists for the story.
    #[error(
        "no checkpoint found for story {story} ({refname}); {}",
        not_found_fix(story, refname)
    )]
    NotFound {
        /// The canonical story id.
        story: String,
        /// The ref that was looked up.
        refname: String,
    },
    /// The story has no active checkpoint: it was finished (`done`), and its archive is here.
    #[error("story {story} is finished: its checkpoint is archived at {refname}; `git checkpoint resume --archived {story}` reads it, and a save starts it again")]
    Finished {
        /// The canonical story id.
        story: String,
        /// The archive ref.
        refname: String,
    },
    /// The story is not in this clone and several remotes have a copy of it.
    #[error("story {story} has no checkpoint in this clone, and {} remotes have one ({}): name one, as in `git checkpoint resume {}/{story}`, or fetch one with `git checkpoint fetch <remote>`", remotes.len(), remotes.join(", "), remotes[0])]
    OnSeveralRemotes {
        /// The canonical story id.
        story: String,
        /// The remotes with a copy (at least two).
        remotes: Vec<String>,
    },
    /// A remote-tracking checkpoint ref (`refs/remotes/<remote>/checkpoints/<story>`) is missing.
    #[error("no checkpoint for story {story} at {refname}; fetch it first with `git checkpoint fetch <remote>` (or `git fetch <remote> '+refs/checkpoints/*:refs/remotes/<remote>/checkpoints/*'`)")]
    RemoteNotFound {
        /// The canonical story id.
        story: String,
        /// The ref that was looked up.
        refname: String,
    },
    /// No committer identity is configured.
    #[error("no identity configured for the checkpoint commit; set one with `git config user.name \"Your Name\"` and `git config user.email you@example.com` (or GIT_COMMITTER_NAME/GIT_COMMITTER_EMAIL)")]
    NoIdentity,
    /// The document is larger than `checkpoint.maxSize`.
    #[error("checkpoint document is {}{size} bytes, larger than the limit of {limit} bytes (checkpoint.maxSize); shorten it or raise the limit with `git config checkpoint.maxSize <bytes>`", if *.at_least { "more than " } else { "" })]
    TooLarge {
        /// Size of the document in bytes (a lower bound when `at_least`).
        size: u64,
        /// The input was endless or too long to count; `size` is how far it was read.
        at_least: bool,
        /// The limit in bytes.
        limit: u64,
    },
    /// A ref lock file is held by another process (or left behind by a crashed one).
    #[error("cannot lock ref {refname}: {} exists; another git process may be running, or one crashed (remove the file only if no git process is running)", lock.display())]
    LockHeld {
        /// The ref that could not be locked.
        refname: String,
        /// The lock file's path.
        lock: PathBuf,
    },
    /// The ref kept moving under us; the update was not applied.
    #[error("{refname} changed concurrently {attempts} times; nothing was written, try again")]
    Contended {
        /// The contended ref.
        refname: String,
        /// How many attempts were made.
        attempts: u32,
    },
    /// The remote refused refs for a reason a retry cannot change (a server hook, a
    /// permission): reported at once.
    #[error(
        "{remote} refused {refs}; a retry cannot help: check the remote's hooks and permissions"
    )]
    Refused {
        /// The remote name.
        remote: String,
        /// Each refused ref with git's summary.
        refs: String,
    },
    /// The remote kept rejecting refs after fetching and integrating.
    #[error("{remote} rejected {refs} after {attempts} attempts (fetched and merged in between); run `git checkpoint sync {remote}` or check the remote's permissions")]
    Rejected {
        /// The remote name.
        remote: String,
        /// Each rejected ref with git's summary.
        refs: String,
        /// Attempts made.
        attempts: u32,
    },
    /// A requested revision of a checkpoint does not exist.
    #[error("no revision {rev} in the history of {refname}; see `git checkpoint log {story}`")]
    NoSuchRevision {
        /// The story.
        story: String,
        /// The ref whose history was searched.
        refname: String,
        /// The revision as given (a number or a commit).
        rev: String,
    },
    /// `--rev REV` or a `diff` argument names several revisions.
    #[error("revision {rev} is ambiguous: it names {}; give a longer commit id", candidates.join("; "))]
    AmbiguousRevision {
        /// The revision as given.
        rev: String,
        /// Each revision it names: short commit, number, subject.
        candidates: Vec<String>,
    },
    /// Content about to be written or pushed holds what looks like a credential (the secret
    /// guard; `checkpoint.secretScan`, `--allow-secret`). Never carries the secret itself.
    #[error("refusing to {verb}: line {line} of {place} holds a credential ({kind}); nothing was {done}. Remove it, or pass --allow-secret to {verb} it anyway (`git config checkpoint.secretScan false` turns the scan off)")]
    Secret {
        /// The command's verb: `save`, `import`, `push`.
        verb: &'static str,
        /// What was scanned: `checkpoint.md`, the journal entry, a ref's tip.
        place: String,
        /// 1-based line number within `place`.
        line: usize,
        /// What it looks like, from [`crate::secrets::Finding::kind`].
        kind: &'static str,
        /// `written` or `pushed`.
        done: &'static str,
    },
    /// A revision `push` would send holds a credential that `save --allow-secret` accepted:
    /// accepted for the local ref, not for the remote, so pushing needs `--allow-secret` again.
    /// Never carries the secret itself.
    #[error("refusing to push: revision {revision} of {refname} ({commit}) holds a secret accepted with --allow-secret on revision {accepted_on} ({kind}, line {line} of {place}); nothing was pushed. Push with --allow-secret to send it anyway (editing the document does not remove it from revision {revision}), or keep the story local")]
    AcceptedSecret {
        /// The ref being pushed.
        refname: String,
        /// The revision number holding it.
        revision: u64,
        /// That revision's commit, abbreviated to 12 hex digits.
        commit: String,
        /// The revision that accepted it.
        accepted_on: u64,
        /// What it looks like, from [`crate::secrets::Finding::kind`].
        kind: &'static str,
        /// 1-based line number within `place`.
        line: usize,
        /// `checkpoint.md`, `meta.json` or `the commit message`.
        place: &'static str,
    },
    /// A checkpoint's `checkpoint.md`, `meta.json` or commit is larger than
    /// `checkpoint.maxReadSize` (refs come from other clones: reading it could exhaust memory).
    #[error("{at} at {commit}: {what} is {size} bytes, over the read limit of {limit} bytes (checkpoint.maxReadSize); nothing was read or written. Raise the limit (`git config checkpoint.maxReadSize 128m`) to read it, or remove {at} if it came from an untrusted clone (`git update-ref -d <ref>`)")]
    TooLargeToRead {
        /// The ref read (or `commit <id>` when read by id).
        at: String,
        /// The commit, abbreviated to 12 hex digits.
        commit: String,
        /// `checkpoint.md`, `meta.json`, `the commit` or another file of the tree.
        what: String,
        /// Its size in bytes.
        size: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// A loose ref file of ours holds neither an object id nor `ref: <name>` (or is larger than
    /// any ref file can be): hand-edited, or truncated by a crash of another tool.
    #[error("{refname} is not a valid ref ({path} {reason}); restore it from `git reflog {refname}` with `git update-ref {refname} <commit>`, or remove it with `git update-ref -d {refname}`")]
    BrokenRef {
        /// The ref.
        refname: String,
        /// Its loose file.
        path: std::path::PathBuf,
        /// What is wrong with the file.
        reason: &'static str,
    },
    /// A notes ref (`refs/notes/checkpoints`, or a remote's as fetched) points at something
    /// other than a commit: someone wrote or pushed it by hand. Notes are an index, so the
    /// stories are saved and shared without it; this names it and the fix.
    #[error("{refname} points at {kind} ({oid}), not a notes commit; {fix}")]
    BrokenNotes {
        /// The notes ref.
        refname: String,
        /// What it points at: `a blob`, `a tree`, `a tag`, or a missing object.
        kind: &'static str,
        /// Its value, abbreviated to 12 hex digits.
        oid: String,
        /// How to repair it, here or on the remote.
        fix: String,
    },
    /// A ref under our namespaces (`refs/checkpoints/...`, the archive, a remote's copy) that
    /// is no checkpoint at all: it points at a blob, a tree, a tag, or a commit with neither
    /// the checkpoint trailers nor a `checkpoint.md` (made outside git-checkpoint). Listings,
    /// fetch, push and sync skip it naming it; reading it fails with this.
    #[error("{refname} is not a checkpoint: it points at {what} ({oid}), made outside git-checkpoint; {fix}")]
    NotACheckpoint {
        /// The ref.
        refname: String,
        /// What it points at (`a blob`, `a commit whose tree has no checkpoint.md`, ...).
        what: &'static str,
        /// Its value, abbreviated to 12 hex digits.
        oid: String,
        /// How to look at it and remove it (here, or on the remote for a remote's copy).
        fix: String,
    },
    /// A revision of a healthy story is not in this clone because the clone is shallow (`git
    /// clone --depth`, `git fetch --depth`): its history was cut at a shallow boundary.
    #[error("{what} of {refname} is not in this shallow clone: `git checkpoint fetch --unshallow` brings the whole history ({refname} itself is healthy: keep it)")]
    NotInShallowClone {
        /// The ref whose history was read.
        refname: String,
        /// What is missing: `revision 2`, `commit 18d1baabb708`.
        what: String,
    },
    /// An object a checkpoint revision needs (its commit, tree, `checkpoint.md` or
    /// `meta.json`) is not in this clone although the ref is sound: lost to a `git gc` race, a
    /// damaged copy or a disk. The history is intact, so the fix never deletes the ref.
    #[error("{what} ({object}) of {refname} at {commit} is missing from this clone (lost to a `git gc` race or a damaged copy); the ref and its history are sound, keep them: {fix}")]
    MissingObject {
        /// The ref whose revision was read.
        refname: String,
        /// The revision's commit, abbreviated to 12 hex digits.
        commit: String,
        /// What is missing: `checkpoint.md`, `meta.json`, `its tree`, `the commit`.
        what: &'static str,
        /// The missing object (full hex, as `git fetch <remote> <object>` needs it).
        object: String,
        /// How to bring it back, or go on without it.
        fix: String,
    },
    /// A stored checkpoint commit lacks the expected tree entries or metadata.
    #[error("{refname} at {oid} is not a checkpoint commit: {reason}; {fix}")]
    Corrupt {
        /// The ref.
        refname: String,
        /// The offending object id (full hex).
        oid: String,
        /// What is wrong with it.
        reason: String,
        /// What to do: restore the last good revision (`git update-ref <ref> <good> <broken>`),
        /// keep the ref when the tip is fine, or remove it when nothing earlier reads.
        fix: String,
    },
    /// A file could not be read; the binary prints `cannot read PATH: <the I/O error>`.
    #[error("cannot read {}", path.display())]
    Read {
        /// The path.
        path: PathBuf,
        /// The underlying error.
        #[source]
        cause: std::io::Error,
    },
    /// A configuration value is malformed.
    #[error("bad config value {key}={value:?}: {reason}")]
    Config {
        /// The `section.key` name.
        key: String,
        /// The value found.
        value: String,
        /// What is expected instead.
        reason: String,
    },
    /// A template name that is not built in and not defined by the repository or config.
    #[error("unknown template {name:?}: {reason}")]
    Template {
        /// The name as given or recorded.
        name: String,
        /// What is wrong, phrased with the fix.
        reason: String,
    },
    /// `save -F FILE` (without `--journal`) was combined with options that add content.
    #[error("-F FILE replaces the whole document and cannot be combined with content options; drop them, or add --journal to read the journal entry from FILE")]
    FileWithContentOptions,
    /// `save --journal` was given without `-F FILE`.
    #[error("--journal reads the journal entry from -F FILE; give -F FILE (or use -m TEXT)")]
    JournalWithoutFile,
    /// `save --journal -F FILE` was combined with `-m TEXT`.
    #[error("give the journal entry either with -m TEXT or with --journal -F FILE, not both")]
    JournalTwice,
    /// The document file given with `save -F` holds only whitespace.
    #[error(
        "{} is empty; nothing was written (to finish a story use `git checkpoint done`)",
        shown_input(path)
    )]
    EmptyInput {
        /// The file as given (`-` for stdin).
        path: PathBuf,
    },
    /// An input document (`save -F`, `import`) is in an encoding we do not read (not UTF-8,
    /// UTF-16 without a byte order mark, UTF-32); see [`crate::encoding`]. Nothing was written.
    #[error(
        "{} cannot be read: {found}; nothing was written; {fix}",
        shown_input(path)
    )]
    Encoding {
        /// The file as given (`-` for stdin).
        path: PathBuf,
        /// What was found (the first invalid byte and its offset).
        found: String,
        /// What the user can do (the `iconv` command).
        fix: String,
    },
    /// `export -o FILE` would replace a file git-checkpoint did not write, or one that
    /// changed since it wrote it (`ops::export`); nothing was written.
    #[error("refusing to overwrite {}: {reason}; nothing was written; pass --force to replace it, or -o another path", path.display())]
    WouldOverwrite {
        /// The file as given.
        path: PathBuf,
        /// Why it is not ours to replace.
        reason: String,
    },
    /// `import`: no format recognises anything in a file (a README, a page that only shares a
    /// checkpoint's file name); nothing was imported.
    #[error("{} is not a checkpoint: {reason}; nothing was imported; pass --format <name> to read it as that format, or --force to import it anyway", path.display())]
    Unrecognised {
        /// The file being imported.
        path: PathBuf,
        /// What was looked for and not found.
        reason: String,
    },
    /// The document given as text (the MCP server's `document`) holds only whitespace.
    #[error(
        "the document is empty; nothing was written (to finish a story use `git checkpoint done`)"
    )]
    EmptyText,
    /// The document was given as text and as a file (or with `--journal` or `--edit`).
    #[error("the document is given as text: pass no file, --journal or --edit with it")]
    TextWithFile,
    /// `save --edit`: the editor left an empty (or all-whitespace) document.
    #[error("the edited checkpoint is empty; nothing was written")]
    EmptyEdit,
    /// `save --edit` or `save -F -` from a front end that passed no editor or no standard
    /// input in (the library reads neither itself).
    #[error("{what} was asked for, but none was passed in; nothing was written")]
    InputNotGiven {
        /// What was missing: `--edit (an editor)` or `-F - (standard input)`.
        what: &'static str,
    },
    /// `save --edit`: the editor exited unsuccessfully.
    #[error("the editor '{editor}' exited with {status}; nothing was written")]
    EditorFailed {
        /// The editor command as configured.
        editor: String,
        /// How it exited.
        status: std::process::ExitStatus,
    },
    /// `save --edit`: another writer moved the story's ref while the editor was open.
    #[error("{refname} changed while the editor was open; nothing was written (your text is in {})", kept.display())]
    ChangedWhileEditing {
        /// The checkpoint ref that moved.
        refname: String,
        /// The file that still holds the edited text.
        kept: PathBuf,
    },
    /// `save --done T9` names a task id that no todo or done task has.
    #[error("no task {id} in story {story}: open tasks are {}; give a todo's id, or the whole text of a new done task", if open.is_empty() { "none".to_string() } else { open.join(", ") })]
    UnknownTask {
        /// The id as given.
        id: String,
        /// The story.
        story: String,
        /// The ids of the open todos.
        open: Vec<String>,
    },
    /// `save --met TEXT` names no "Done when" check of the story (by its text or a prefix).
    #[error("no Done-when check {check:?} in story {story}: {}; give a check's text (or its start), or add one with --done-when", if unmet.is_empty() { "it has no unmet check".to_string() } else { format!("unmet checks are {}", unmet.iter().map(|c| format!("{c:?}")).collect::<Vec<_>>().join(", ")) })]
    UnknownCheck {
        /// The text as given.
        check: String,
        /// The story.
        story: String,
        /// The texts of the unmet checks.
        unmet: Vec<String>,
    },
    /// `save --todo "T3 — ..."` reuses a task id the story already has.
    #[error(
        "story {story} already has task {id} (\"{existing}\"); task ids are unique: use another id"
    )]
    DuplicateTask {
        /// The id as given.
        id: String,
        /// The story.
        story: String,
        /// The task that has it.
        existing: String,
    },
    /// `save --expect REV` when the tip is another revision.
    #[error("checkpoint moved since revision {expected} (now {now}): read it again (`git checkpoint resume {story}`) and redo your change on top; nothing was written")]
    Moved {
        /// The story.
        story: String,
        /// The revision given.
        expected: String,
        /// The tip's revision number (0: no checkpoint).
        now: u64,
    },
    /// `done` without `--force` on a story whose checkpoint still has open tasks or checks.
    #[error("story {story} is not done: {} still open ({}); finish them (`git checkpoint save --done T<n>` / `--met <check>`) or pass --force", open.len(), open.join("; "))]
    NotDone {
        /// The story as shown to the user.
        story: String,
        /// Each open task or unmet check, as the document words it.
        open: Vec<String>,
    },
    /// `done --purge` was not confirmed (no `--yes`, and the prompt was declined or impossible).
    #[error("not purged: {} kept (pass --yes to purge without asking)", refs.join(", "))]
    NotPurged {
        /// The refs that would have been deleted.
        refs: Vec<String>,
    },
    /// `prompt --max-chars` is smaller than the start command alone.
    #[error("--max-chars {budget} cannot hold the start command ({needed} characters); raise it")]
    BudgetTooSmall {
        /// The budget given, in characters.
        budget: usize,
        /// Characters the start command needs.
        needed: usize,
    },
    /// More objects than a pack header can count (2^32 - 1).
    #[error("{objects} objects do not fit in one pack")]
    PackTooLarge {
        /// How many objects were to be packed.
        objects: usize,
    },
    /// The remote named (or configured) is not a valid remote name, or would read as an option.
    #[error("'{remote}' is not a valid remote name (it starts with '-' or breaks `git check-ref-format` rules); rename it with `git remote rename`, or name another remote")]
    InvalidRemote {
        /// The remote name as given.
        remote: String,
    },
    /// The remote named (or chosen by default) is not configured.
    #[error("no such remote '{remote}'; add it with `git remote add {remote} <url>` or name one (see `git remote -v`)")]
    NoSuchRemote {
        /// The remote name.
        remote: String,
    },
    /// `git fetch` failed as a whole (for example, the remote is unreachable).
    #[error("git fetch {remote} failed: {stderr}")]
    FetchFailed {
        /// The remote name.
        remote: String,
        /// git's standard error, trimmed.
        stderr: String,
    },
    /// `git push` failed without reporting per-ref results (for example, unreachable remote).
    #[error("git push {remote} failed: {stderr}")]
    PushFailed {
        /// The remote name.
        remote: String,
        /// git's standard error, trimmed.
        stderr: String,
    },
    /// A `git` command run through [`crate::git::Git`] exited unsuccessfully.
    #[error("`git {}` failed ({status}): {stderr}", args.join(" "))]
    GitFailed {
        /// The arguments after `git` (without the `--git-dir`/`--work-tree` the edge adds).
        args: Vec<String>,
        /// git's exit status.
        status: std::process::ExitStatus,
        /// git's standard error, trimmed.
        stderr: String,
    },
    /// `git config` failed to set a value (`setup`).
    #[error("git config {key} failed: {stderr}")]
    SetConfig {
        /// The `section.key` being set.
        key: String,
        /// git's standard error, trimmed.
        stderr: String,
    },
    /// A ref could not be written because refs exist below it (`<refname>/...`), made outside
    /// git-checkpoint.
    #[error("cannot update {refname}: refs under {refname}/ exist (made outside git-checkpoint); list them with `git for-each-ref {refname}/` and remove them with `git update-ref -d`")]
    RefsUnderRef {
        /// The ref that could not be written.
        refname: String,
    },
    /// A revision given on the command line names nothing (gitrevisions(7)).
    #[error("{rev}: no such revision ({reason}); {fix}")]
    UnknownRevision {
        /// The revision as given.
        rev: String,
        /// Why it names nothing, in git's words (`HEAD has no parent`, `unknown revision`).
        reason: String,
        /// What to run or name instead.
        fix: String,
    },
    /// A revision given on the command line names an object that is not a commit.
    #[error("{rev}: not a commit (it names a {kind}); name a commit: a branch, a tag, HEAD~1 or a commit id")]
    NotACommit {
        /// The revision as given.
        rev: String,
        /// What it names: `tree` or `blob`.
        kind: String,
    },
    /// `import`: no story id could be told for a file; `--story` names it.
    #[error("cannot tell which story {} belongs to; pass --story <id>", path.display())]
    NoStoryForFile {
        /// The file being imported.
        path: PathBuf,
    },
    /// `import`: the chosen format read nothing from a file.
    #[error("{} has nothing this format can read; check --format (pair, team, pm, gstack)", path.display())]
    NothingToImport {
        /// The file being imported.
        path: PathBuf,
    },
    /// `import` of a pm `STACK.md`: an entry's heading does not hold a valid story id.
    #[error("{}: stack entry {id:?} is not a usable story id; fix its `### <ID> <Title>` heading", path.display())]
    BadStackEntry {
        /// The `STACK.md` file.
        path: PathBuf,
        /// The id as written in the heading.
        id: String,
    },
    /// `stack push --reason TEXT` with an empty text, or one holding a line break or another
    /// control character (the reason is one line of the stack's list and of `STACK.md`).
    #[error("--reason {reason:?}: {why}; pass one line of text")]
    BadReason {
        /// The text as given.
        reason: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// `import` of a team `completed.md` whose story has no checkpoint to attach the tasks to.
    #[error("{}: no checkpoint for story {story} to attach the completed tasks to; import its working-context.md with it", path.display())]
    CompletedWithoutCheckpoint {
        /// The `completed.md` file.
        path: PathBuf,
        /// The story it belongs to.
        story: String,
    },
    /// `stack drop STORY`: the story is not on the stack.
    #[error("story {story} is not on the stack; see `git checkpoint stack list`")]
    NotStacked {
        /// The story as given.
        story: String,
    },
    /// `stack drop` or `stack pop` on an empty stack.
    #[error("nothing stacked: the stack is empty")]
    StackEmpty,
    /// `stack push` of a story that is already on the stack.
    #[error(
        "story {story} is already on the stack; `git checkpoint stack drop {story}` removes it"
    )]
    AlreadyStacked {
        /// The story.
        story: String,
    },
    /// `stack pop`: another process removed the top entry between reading and writing the stack.
    #[error("story {story} was removed from the stack by another process; nothing popped")]
    PoppedElsewhere {
        /// The story that was on top.
        story: String,
    },
    /// `stack pop` while another story is current: popping would replace it (seed 003 pushes
    /// the active item first).
    #[error("story {current} is current here; popping {top} would replace it: suspend it first with `git checkpoint stack push {current} --reason \"...\"`, or pass --force to pop anyway")]
    PopWouldReplace {
        /// The worktree's current story.
        current: String,
        /// The story on top of the stack.
        top: String,
    },
    /// `stack pop --switch` in a repository without a working tree.
    #[error("--switch needs a working tree")]
    SwitchNeedsWorkTree,
    /// `stack pop --switch` with tracked changes in the working tree.
    #[error("not switching to '{branch}': the working tree has changes in {}; commit or stash them, then run `git checkpoint stack pop --switch` again", paths.join(", "))]
    DirtyWorkTree {
        /// The branch that would be switched to.
        branch: String,
        /// The changed paths.
        paths: Vec<String>,
    },
    /// `stack pop --switch`: `git switch` failed.
    #[error("`git switch {branch}` failed ({status}); the stack is unchanged")]
    SwitchFailed {
        /// The branch.
        branch: String,
        /// How git exited.
        status: std::process::ExitStatus,
    },
    /// `help COMMAND` names no (visible) command.
    #[error("no such command '{command}'; `git checkpoint --help` lists them")]
    NoSuchCommand {
        /// The name as given.
        command: String,
    },
    /// `export -o PATH` where PATH has no file name (`/`, `..`).
    #[error("-o {}: not a file path", path.display())]
    NotAFilePath {
        /// The path as given.
        path: PathBuf,
    },
    /// A file the command writes (an export, an agent's settings) could not be written. The I/O
    /// error is part of the message rather than its source because the fix follows it.
    #[error("cannot write {}: {cause}; check that the directory exists and is writable", path.display())]
    Write {
        /// The path.
        path: PathBuf,
        /// The underlying error (already in the message, so not chained again).
        cause: std::io::Error,
    },
    /// `install-man`: a page could not be written to the chosen directory (the I/O error is in
    /// the message, before the fix, as for [`Error::Write`]).
    #[error("cannot write {}: {cause}; pass a writable directory: git checkpoint install-man DIR", path.display())]
    ManPageWrite {
        /// The page's path.
        path: PathBuf,
        /// The underlying error (already in the message, so not chained again).
        cause: std::io::Error,
    },
    /// `install-man` without DIR when no default applies (no `bin/` prefix, no XDG_DATA_HOME,
    /// no HOME).
    #[error("HOME is not set, so there is no user man directory; pass one: git checkpoint install-man DIR")]
    NoManDir,
    /// `agent install --user` without HOME.
    #[error("HOME is not set; use --project inside a repository")]
    NoHome,
    /// `agent install` (project scope) in a repository without a work tree.
    #[error("this repository has no work tree; use --user to configure the agent for your user")]
    NoWorkTree,
    /// `agent install`/`uninstall`/`status`: the agent's existing settings file cannot be
    /// edited (invalid JSON, comments where the agent allows none, or `hooks` of another
    /// shape); nothing was written.
    #[error("cannot edit the hooks in {}: {reason}; fix the file or move it aside, then run the command again", path.display())]
    SettingsFile {
        /// The settings file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// `agent install`/`uninstall`/`status`: a client's MCP configuration file cannot be edited
    /// (invalid JSON or TOML, `mcpServers` of another shape, another program's entry under our
    /// name); nothing was written.
    #[error("cannot edit the MCP servers in {}: {reason}; fix the file or move it aside, then run the command again", path.display())]
    McpConfigFile {
        /// The configuration file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// `agent install claude --mcp`: Claude Code's MCP servers are not a file we edit.
    #[error("Claude Code gets the brief from its hooks; to add the MCP server as well, run `claude mcp add git-checkpoint -- git-checkpoint mcp`")]
    NoMcpConfig,
    /// `agent install`: another place of the agent (project or user) already has our hooks,
    /// and the agent takes those of every place together
    /// ([`crate::agents::Agent::doubles_across_scopes`]); nothing was written.
    #[error("{agent} already has git-checkpoint's hooks in {file} ({place} scope) and takes those of every scope together, so installing them here too would give the model the brief or the instructions twice: keep that install, or remove it first with `{fix}`{}", if *.mcp { "; to register only the MCP server here, use --mcp-only instead of --mcp" } else { "" })]
    InstalledElsewhere {
        /// The agent, as its makers write it.
        agent: &'static str,
        /// The other place's hooks file, for people.
        file: String,
        /// The other place: `project` or `user`.
        place: &'static str,
        /// The command that removes the other install.
        fix: String,
        /// Whether the MCP server was asked for too (`--mcp`): the message names `--mcp-only`.
        mcp: bool,
    },
    /// `agent install claude-desktop --project` (or `--shared`): Claude Desktop has only a user
    /// configuration.
    #[error("Claude Desktop has only a user configuration: drop --project and --shared")]
    UserScopeOnly,
    /// `agent install`/`uninstall`: a settings or instruction file that must not be written
    /// (a symlink leading out of the project or HOME, another user's file, a read-only file);
    /// nothing was written.
    #[error("refusing to write {}: {reason}; {fix}", path.display())]
    UnsafeWrite {
        /// The file as the agent reads it.
        path: PathBuf,
        /// What is wrong.
        reason: String,
        /// What the user can do.
        fix: String,
    },
    /// An error reported by gix while reading or writing objects and refs. The message is what
    /// we were doing; gix's error is the source, so the binary prints `context: gix's message`.
    #[error("{context}")]
    Git {
        /// What we were doing.
        context: String,
        /// gix's error.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The story is claimed by someone else (`refs/checkpoints-claims/<story>`, unexpired).
    #[error("story {story} is claimed by {holder} until {until}: {refused}; {fix}")]
    Held {
        /// The story as given.
        story: String,
        /// Who holds it: name <email>, agent and session when known, host.
        holder: String,
        /// When the claim expires (RFC 3339).
        until: String,
        /// What was refused (`not claimed`, `not saved`, ...).
        refused: String,
        /// How to go on anyway.
        fix: String,
    },
    /// An I/O error from writing output or running the editor.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// What kind of failure an [`Error`] is: the fact a front end needs to choose how to report it
/// (the binary turns it into an exit code through its exit-status table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input given was wrong before anything was looked up or written: an invalid story
    /// id, no story given and none detectable, options that cannot be combined, an option value
    /// refused, a command name that does not exist. The same input fails the same way in any
    /// repository.
    Usage,
    /// Everything else: the repository, its refs, the remote, the files or the environment did
    /// not allow the operation.
    Failure,
    /// The story is held by someone else's claim ([`Error::Held`]): nothing was written.
    Held,
}

impl Error {
    /// The kind of this error; see [`ErrorKind`]. Every variant is classified here (no
    /// wildcard), so a new variant must be given a kind.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::InvalidStory { .. }
            | Error::NoStory { .. }
            | Error::FileWithContentOptions
            | Error::JournalWithoutFile
            | Error::JournalTwice
            | Error::TextWithFile
            | Error::InputNotGiven { .. }
            | Error::BudgetTooSmall { .. }
            | Error::NoStoryForFile { .. }
            | Error::NoSuchCommand { .. }
            | Error::NotAFilePath { .. }
            | Error::NoMcpConfig
            | Error::UserScopeOnly => ErrorKind::Usage,
            Error::NotARepository(_)
            | Error::GitFailed { .. }
            | Error::NotFound { .. }
            | Error::RemoteNotFound { .. }
            | Error::OnSeveralRemotes { .. }
            | Error::Finished { .. }
            | Error::NoIdentity
            | Error::TooLarge { .. }
            | Error::LockHeld { .. }
            | Error::Contended { .. }
            | Error::Refused { .. }
            | Error::Rejected { .. }
            | Error::NoSuchRevision { .. }
            | Error::AmbiguousRevision { .. }
            | Error::Secret { .. }
            | Error::AcceptedSecret { .. }
            | Error::TooLargeToRead { .. }
            | Error::BrokenRef { .. }
            | Error::BrokenNotes { .. }
            | Error::NotACheckpoint { .. }
            | Error::NotInShallowClone { .. }
            | Error::MissingObject { .. }
            | Error::Corrupt { .. }
            | Error::Read { .. }
            | Error::Config { .. }
            | Error::Template { .. }
            | Error::EmptyInput { .. }
            | Error::EmptyText
            | Error::EmptyEdit
            | Error::EditorFailed { .. }
            | Error::ChangedWhileEditing { .. }
            | Error::UnknownTask { .. }
            | Error::UnknownCheck { .. }
            | Error::DuplicateTask { .. }
            | Error::Moved { .. }
            | Error::NotDone { .. }
            | Error::NotPurged { .. }
            | Error::PackTooLarge { .. }
            | Error::InvalidRemote { .. }
            | Error::NoSuchRemote { .. }
            | Error::FetchFailed { .. }
            | Error::PushFailed { .. }
            | Error::SetConfig { .. }
            | Error::RefsUnderRef { .. }
            | Error::UnknownRevision { .. }
            | Error::NotACommit { .. }
            | Error::NothingToImport { .. }
            | Error::Unrecognised { .. }
            | Error::Encoding { .. }
            | Error::WouldOverwrite { .. }
            | Error::BadStackEntry { .. }
            | Error::BadReason { .. }
            | Error::CompletedWithoutCheckpoint { .. }
            | Error::NotStacked { .. }
            | Error::StackEmpty
            | Error::AlreadyStacked { .. }
            | Error::PoppedElsewhere { .. }
            | Error::PopWouldReplace { .. }
            | Error::SwitchNeedsWorkTree
            | Error::DirtyWorkTree { .. }
            | Error::SwitchFailed { .. }
            | Error::Write { .. }
            | Error::ManPageWrite { .. }
            | Error::NoManDir
            | Error::NoHome
            | Error::NoWorkTree
            | Error::SettingsFile { .. }
            | Error::McpConfigFile { .. }
            | Error::UnsafeWrite { .. }
            | Error::InstalledElsewhere { .. }
            | Error::Git { .. }
            | Error::Io(_) => ErrorKind::Failure,
            Error::Held { .. } => ErrorKind::Held,
        }
    }

    /// Wraps a gix error with what we were doing when it happened; the error is kept as the
    /// source.
    pub fn git(
        context: impl Into<String>,
        err: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Self {
        Error::Git {
            context: context.into(),
            source: err.into(),
        }
    }

    /// This error and its sources as one line, `: `-separated (the form `anyhow`'s `{:#}`
    /// prints), for messages that embed an error in another text (warnings, [`Error::Corrupt`]).
    pub fn chain(&self) -> Chain<'_> {
        Chain(self)
    }
}

/// Displays an error followed by each of its sources, `: `-separated; see [`Error::chain`].
#[derive(Debug, Clone, Copy)]
pub struct Chain<'a>(&'a (dyn std::error::Error + 'static));

impl std::fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)?;
        let mut next = self.0.source();
        while let Some(e) = next {
            write!(f, ": {e}")?;
            next = e.source();
        }
        Ok(())
    }
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The fix for [`Error::NotFound`]: an archived story cannot be started, only looked up.
fn not_found_fix(story: &str, refname: &str) -> String {
    if refname.starts_with("refs/checkpoints-archive/") {
        "`git checkpoint list --archived` lists the finished stories".to_string()
    } else {
        format!("start one with `git checkpoint save {story}`")
    }
}

/// How an input file is named in an error: `-` is standard input, so it says so.
fn shown_input(path: &std::path::Path) -> String {
    if path == std::path::Path::new("-") {
        "standard input (-F -)".to_string()
    } else {
        path.display().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn git_errors_keep_the_source_and_print_it_once() {
        let e = Error::git("cannot read refs", std::io::Error::other("disk on fire"));
        assert_eq!(e.to_string(), "cannot read refs");
        let source = std::error::Error::source(&e).map(ToString::to_string);
        assert_eq!(source.as_deref(), Some("disk on fire"));
        assert_eq!(e.chain().to_string(), "cannot read refs: disk on fire");
        assert_eq!(
            format!("{:#}", anyhow::Error::from(e)),
            "cannot read refs: disk on fire"
        );
    }

    #[test]
    fn messages_read_as_the_binary_prints_them() {
        let e = Error::NotDone {
            story: "ABC-12".into(),
            open: vec!["T1 write it".into(), "T2 test it".into()],
        };
        assert!(std::error::Error::source(&e).is_none());
        assert_eq!(e.chain().to_string(), e.to_string());
        assert!(e
            .to_string()
            .starts_with("story ABC-12 is not done: 2 still open (T1 write it; T2 test it);"));
        let e = Error::Read {
            path: "NOW.md".into(),
            cause: std::io::Error::other("gone"),
        };
        assert_eq!(e.chain().to_string(), "cannot read NOW.md: gone");
    }
}
