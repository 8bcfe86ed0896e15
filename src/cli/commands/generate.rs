//! `git checkpoint generate-docs DIR` (hidden): writes the man pages (`DIR/man/*.1`) and shell
//! completions (`DIR/completions/*`) from the clap definitions, and the JSON Schemas
//! (`DIR/docs/json-schema/v1/*.schema.json`) from the types in [`git_checkpoint::json`], and
//! each agent's plugin (`DIR/plugins/<agent>/`, from [`git_checkpoint::agents::plugin`]). The
//! committed `man/`, `completions/`, `docs/json-schema/` and `plugins/` are its output; a test
//! fails when they are stale.
//!
//! `git-checkpoint(1)` also carries CONFIGURATION, ENVIRONMENT and EXIT STATUS (from the tables
//! in [`crate::cli::reference`]), STORAGE FORMAT (docs/FORMAT.md converted to roff) and JSON
//! SCHEMA (the generated schemas), so each fact has one source. Completions are clap_complete's, with
//! story ids completed from `refs/checkpoints/` and `git checkpoint ...` wired into git's bash
//! and zsh completion (see [`completions`]).

pub use crate::cli::self_args::GenerateArgs as Args;
use clap_complete::Shell;
use git_checkpoint::agents::plugin;
use git_checkpoint::error::Result;
use git_checkpoint::files;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Runs `generate-docs`.
///
/// # Errors
/// I/O errors writing the files.
pub fn run(args: Args) -> Result<i32> {
    generate(&args.dir)?;
    Ok(0)
}

/// The storage format specification, rendered into the man page.
const FORMAT_MD: &str = include_str!("../../../docs/FORMAT.md");

/// Escapes text for a roff line: backslashes, and a leading `.` or `'` that roff would read as
/// a request (groff_man(7)).
fn esc(text: &str) -> String {
    let s = text.replace('\\', "\\e").replace('-', "\\-");
    if s.starts_with('.') || s.starts_with('\'') {
        format!("\\&{s}")
    } else {
        s
    }
}

/// A section heading.
fn section(out: &mut Vec<u8>, title: &str) -> std::io::Result<()> {
    writeln!(out, ".SH {title}")
}

/// A tagged paragraph: bold `tag`, then `text` indented under it.
fn tagged(out: &mut Vec<u8>, tag: &str, text: &str) -> std::io::Result<()> {
    writeln!(out, ".TP\n\\fB{}\\fR\n{}", esc(tag), esc(text))
}

/// Converts the Markdown of docs/FORMAT.md into man page text (CommonMark via pulldown-cmark,
/// GFM tables): headings become `.SS` subsections, code blocks no-fill blocks, list items
/// bulleted paragraphs, and each table row a tagged paragraph: the first cell bold, the others
/// under it (prefixed with their column's heading when there are several).
pub fn markdown_to_roff(md: &str) -> String {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let mut out = String::new();
    let mut line = String::new();
    let mut in_code = false;
    let mut in_heading = false;
    let mut cells: Vec<String> = Vec::new();
    let mut head: Vec<String> = Vec::new();
    let mut in_table = false;
    let flush = |out: &mut String, line: &mut String| {
        let t = line.trim();
        if !t.is_empty() {
            out.push_str(&esc(t));
            out.push('\n');
        }
        line.clear();
    };
    for event in Parser::new_ext(md, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Heading { .. }) => {
                flush(&mut out, &mut line);
                in_heading = true;
            }
            Event::End(TagEnd::Heading(level)) => {
                in_heading = false;
                // The document title duplicates the section name; keep subsections only.
                if level != pulldown_cmark::HeadingLevel::H1 {
                    out.push_str(&format!(".SS {}\n", esc(line.trim())));
                }
                line.clear();
            }
            Event::Start(Tag::Paragraph) => {
                flush(&mut out, &mut line);
                if !in_table {
                    out.push_str(".PP\n");
                }
            }
            Event::End(TagEnd::Paragraph) => flush(&mut out, &mut line),
            Event::Start(Tag::Item) => {
                flush(&mut out, &mut line);
                out.push_str(".IP \\(bu 2\n");
            }
            Event::End(TagEnd::Item) => flush(&mut out, &mut line),
            Event::Start(Tag::CodeBlock(_)) => {
                flush(&mut out, &mut line);
                out.push_str(".PP\n.RS 4\n.nf\n");
                in_code = true;
            }
            Event::End(TagEnd::CodeBlock) => {
                out.push_str(".fi\n.RE\n");
                in_code = false;
            }
            Event::Start(Tag::Table(_)) => {
                flush(&mut out, &mut line);
                in_table = true;
            }
            Event::End(TagEnd::Table) => {
                in_table = false;
                out.push_str(".PP\n");
            }
            Event::End(TagEnd::TableCell) => {
                cells.push(line.trim().to_string());
                line.clear();
            }
            Event::Start(Tag::TableCell) => line.clear(),
            Event::End(TagEnd::TableHead) => head = std::mem::take(&mut cells),
            Event::End(TagEnd::TableRow) => {
                let mut row = std::mem::take(&mut cells).into_iter();
                let tag = row.next().unwrap_or_default();
                out.push_str(&format!(".TP\n\\fB{}\\fR\n", esc(&tag)));
                let rest: Vec<String> = row.collect();
                for (i, cell) in rest.iter().enumerate() {
                    if i > 0 {
                        out.push_str(".br\n");
                    }
                    let text = match head.get(i + 1) {
                        Some(h) if rest.len() > 1 => format!("{h}: {cell}"),
                        _ => cell.clone(),
                    };
                    out.push_str(&esc(&text));
                    out.push('\n');
                }
            }
            Event::Text(t) if in_code => {
                for l in t.lines() {
                    out.push_str(&esc(l));
                    out.push('\n');
                }
            }
            Event::Text(t) => line.push_str(&t),
            Event::Code(c) if in_heading => line.push_str(&c),
            Event::Code(c) => line.push_str(&c),
            Event::SoftBreak | Event::HardBreak => line.push(' '),
            _ => {}
        }
    }
    flush(&mut out, &mut line);
    out
}

/// The extra sections of `git-checkpoint(1)`, as roff.
fn extra_sections() -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    section(&mut out, "CONFIGURATION")?;
    writeln!(
        out,
        "Settings are read with git's rules (system, global, repository, worktree, GIT_CONFIG_* \
         overrides; the last value wins). A command\\-line option always wins over configuration."
    )?;
    for k in git_checkpoint::config::KEYS {
        tagged(
            &mut out,
            k.name,
            &format!("{}. Default: {}.", capitalize(k.meaning), k.default),
        )?;
    }
    section(&mut out, "ENVIRONMENT")?;
    for v in crate::cli::reference::ENVIRONMENT {
        tagged(&mut out, v.name, v.meaning)?;
    }
    section(&mut out, "EXIT STATUS")?;
    for e in crate::cli::reference::EXIT_CODES {
        tagged(
            &mut out,
            &e.code.to_string(),
            &format!("{}: {}", e.name, e.meaning),
        )?;
    }
    section(&mut out, "STORAGE FORMAT")?;
    out.extend_from_slice(markdown_to_roff(FORMAT_MD).as_bytes());
    section(&mut out, "JSON SCHEMA")?;
    writeln!(
        out,
        "Each \\-\\-json output is described by a JSON Schema (draft 2020\\-12) in the source \
         repository under docs/json\\-schema/v1/; the schema version is the schema_version \
         field of every document."
    )?;
    for schema in git_checkpoint::json::schemas() {
        let v = &schema.schema;
        let mut text = v["description"]
            .as_str()
            .unwrap_or_default()
            .replace('`', "")
            .replace('\n', " ");
        let commands = schema.commands.join(", ");
        text.push_str(&format!(" Printed by: {commands}."));
        let props = schema_fields(v, v).join(", ");
        if !props.is_empty() {
            text.push_str(&format!(" Fields: {props}."));
        }
        tagged(&mut out, schema.file, &text)?;
    }
    section(&mut out, "FILES")?;
    tagged(
        &mut out,
        "refs/checkpoints/<story>",
        "The active checkpoint of a story.",
    )?;
    tagged(
        &mut out,
        "refs/checkpoints-archive/<story>",
        "Finished stories (done).",
    )?;
    tagged(
        &mut out,
        "refs/remotes/<remote>/checkpoints/<story>",
        "A fetched copy, read by show <remote>/<story> and pr-body --remote.",
    )?;
    Ok(out)
}

/// The field names of the objects `schema` describes, in order, without repeats: its own
/// `properties`, those of an array's `items`, and of every `anyOf` variant, following
/// `#/$defs/...` references into `root`.
fn schema_fields(root: &serde_json::Value, schema: &serde_json::Value) -> Vec<String> {
    let schema = match schema["$ref"].as_str().and_then(|r| r.strip_prefix("#")) {
        Some(pointer) => root.pointer(pointer).unwrap_or(&serde_json::Value::Null),
        None => schema,
    };
    let mut names: Vec<String> = Vec::new();
    let mut add = |more: Vec<String>| {
        for n in more {
            if !names.contains(&n) {
                names.push(n);
            }
        }
    };
    if let Some(p) = schema["properties"].as_object() {
        add(p.keys().cloned().collect());
    }
    if schema["items"].is_object() {
        add(schema_fields(root, &schema["items"]));
    }
    for variant in schema["anyOf"].as_array().into_iter().flatten() {
        add(schema_fields(root, variant));
    }
    names
}

/// Rewrites the `.TH` line as git's pages have it: `GIT-CHECKPOINT(1)` in the header and an
/// explicit empty date. clap_mangen drops an empty date argument, which shifts the source into
/// the date's place and the manual name out of the header.
fn fix_title(page: Vec<u8>, name: &str) -> Vec<u8> {
    let text = String::from_utf8_lossy(&page);
    let th = format!(
        ".TH {} 1 \"\" \"git-checkpoint {}\" \"Git Manual\"",
        esc(&name.to_uppercase()),
        env!("CARGO_PKG_VERSION")
    );
    text.lines()
        .map(|l| {
            if l.starts_with(".TH ") {
                th.as_str()
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        .into_bytes()
        .into_iter()
        .chain(std::iter::once(b'\n'))
        .collect()
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The man pages as (file name, roff bytes): `git-checkpoint.1` with the extra sections, then
/// one `git-checkpoint-<sub>.1` per visible subcommand (titles as git's own pages).
///
/// # Errors
/// I/O errors from rendering (writing to memory; only malformed schema JSON can cause one).
pub fn man_pages() -> std::io::Result<Vec<(String, Vec<u8>)>> {
    // Not built: clap_mangen builds each page itself (a built tree adds a `help` page).
    let cmd = <crate::cli::Cli as clap::CommandFactory>::command().name("git-checkpoint");
    let mut pages = Vec::new();
    let man = clap_mangen::Man::new(cmd.clone()).manual("Git Manual");
    let mut buf = Vec::new();
    man.render_title(&mut buf)?;
    man.render_name_section(&mut buf)?;
    man.render_synopsis_section(&mut buf)?;
    man.render_description_section(&mut buf)?;
    man.render_options_section(&mut buf)?;
    man.render_subcommands_section(&mut buf)?;
    buf.extend_from_slice(&extra_sections()?);
    man.render_version_section(&mut buf)?;
    pages.push((
        "git-checkpoint.1".to_string(),
        fix_title(buf, "git-checkpoint"),
    ));
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("git-checkpoint-{}", sub.get_name());
        // The root's `disable_help_subcommand` reaches a subcommand only through the root.
        let page = sub
            .clone()
            .disable_help_subcommand(true)
            .name(name.clone())
            .bin_name(format!("git checkpoint {}", sub.get_name()));
        let man = clap_mangen::Man::new(page).manual("Git Manual");
        let mut buf = Vec::new();
        man.render(&mut buf)?;
        section(&mut buf, "SEE ALSO")?;
        writeln!(
            buf,
            "\\fBgit\\-checkpoint\\fR(1) for configuration, environment, exit status, the \
             storage format and the JSON schema."
        )?;
        pages.push((format!("{name}.1"), fix_title(buf, &name)));
    }
    Ok(pages)
}

/// Writes [`man_pages`] into `dir/man/`, [`completions`] into `dir/completions/` and
/// [`git_checkpoint::json::schemas`] into `dir/docs/json-schema/v1/`, and refreshes the reference
/// tables of `dir/README.md` when it has their markers (the repository root; see
/// [`crate::cli::reference::README_MARKERS`]).
///
/// # Errors
/// I/O errors.
pub fn generate(dir: &Path) -> std::io::Result<()> {
    // Through the one writer, with `dir` as the tree whose symlinks may not lead out of it.
    let write = |path: PathBuf, bytes: &[u8]| {
        let target = files::Target::named(path, Some(dir.to_path_buf()), Vec::new());
        files::write(&target, bytes).map_err(std::io::Error::other)
    };
    let readme = dir.join("README.md");
    if let Ok(text) = std::fs::read_to_string(&readme) {
        if let Some(fresh) = crate::cli::reference::with_readme_tables(&text) {
            if fresh != text {
                write(readme, fresh.as_bytes())?;
            }
        }
    }
    let man = dir.join("man");
    let completions_dir = dir.join("completions");
    for (file, bytes) in man_pages()? {
        write(man.join(file), &bytes)?;
    }
    for (file, bytes) in completions()? {
        write(completions_dir.join(file), &bytes)?;
    }
    let schemas = dir.join("docs/json-schema/v1");
    for schema in git_checkpoint::json::schemas() {
        write(schemas.join(schema.file), schema.text().as_bytes())?;
    }
    for file in plugin::files(env!("CARGO_PKG_VERSION")) {
        let path = dir.join(&file.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, &file.text)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = if file.executable { 0o755 } else { 0o644 };
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode))?;
        }
    }
    Ok(())
}

/// Story ids for completion: one per line, from `refs/checkpoints/` (git for-each-ref).
const BASH_STORIES: &str = r#"
# Story ids for completion: the refs under refs/checkpoints/ (git -C is honoured when git's
# completion has parsed it).
__git_checkpoint_stories() {
    git ${__git_C_args:+"${__git_C_args[@]}"} for-each-ref --format='%(refname:lstrip=2)' refs/checkpoints 2>/dev/null
}
"#;

/// Remote names (`git remote`) and template names (the built-in ones, `checkpoint.<name>.sections`
/// and `.checkpoint/templates/<name>.md`) for bash; `@BUILTIN@` is replaced by the built-in names.
const BASH_VALUES: &str = r#"
__git_checkpoint_remotes() {
    git ${__git_C_args:+"${__git_C_args[@]}"} remote 2>/dev/null
}
__git_checkpoint_templates() {
    echo @BUILTIN@
    git ${__git_C_args:+"${__git_C_args[@]}"} config --name-only --get-regexp '^checkpoint\..+\.sections$' 2>/dev/null | sed 's/^checkpoint\.//; s/\.sections$//'
    local top f
    top=$(git ${__git_C_args:+"${__git_C_args[@]}"} rev-parse --show-toplevel 2>/dev/null) || return 0
    for f in "$top"/.checkpoint/templates/*.md; do
        [[ -f $f ]] && { f=${f##*/}; echo "${f%.md}"; }
    done
}
"#;

/// `git checkpoint ...` under git's bash completion: git calls `_git_checkpoint` with `words`,
/// `cword`, `cur` and `__git_cmd_idx` set (git-completion.bash, `__git_complete_command`).
const BASH_GIT: &str = r#"
# `git checkpoint <TAB>`: git's completion (git-completion.bash) calls _git_checkpoint with
# words/cword/cur set and __git_cmd_idx at "checkpoint". Re-run ours on the words after it.
_git_checkpoint() {
    local COMP_WORDS=(git-checkpoint "${words[@]:__git_cmd_idx+1}")
    local COMP_CWORD=$((cword - __git_cmd_idx))
    local prev_word=""
    [[ $COMP_CWORD -gt 0 ]] && prev_word="${COMP_WORDS[COMP_CWORD-1]}"
    _git__checkpoint git-checkpoint "$cur" "$prev_word"
    # git's completion runs with -o nospace: add the space a finished word needs.
    local i
    for i in "${!COMPREPLY[@]}"; do
        [[ ${COMPREPLY[i]} == *[/=] ]] || COMPREPLY[i]+=" "
    done
}
"#;

/// Story ids, remotes and templates for zsh (`@BUILTIN@`: the built-in template names).
const ZSH_STORIES: &str = r#"
(( $+functions[__git_checkpoint_stories] )) ||
__git_checkpoint_stories() {
    local -a stories
    stories=(${(f)"$(_call_program stories "git for-each-ref --format='%(refname:lstrip=2)' refs/checkpoints" 2>/dev/null)"})
    _describe -t stories 'story' stories
}
(( $+functions[__git_checkpoint_remotes] )) ||
__git_checkpoint_remotes() {
    local -a remotes
    remotes=(${(f)"$(_call_program remotes git remote 2>/dev/null)"})
    _describe -t remotes 'remote' remotes
}
(( $+functions[__git_checkpoint_templates] )) ||
__git_checkpoint_templates() {
    local -a templates
    templates=(@BUILTIN@ ${${${(f)"$(_call_program templates git config --name-only --get-regexp "'^checkpoint\..+\.sections$'" 2>/dev/null)"}#checkpoint.}%.sections})
    _describe -t templates 'template' templates
}
"#;

/// Fish: story ids for the subcommands that take one, remote names for the REMOTE arguments
/// and `--remote`, template names for `--template` (`@BUILTIN@`: the built-in names).
const FISH_STORIES: &str = r#"
# Story ids from refs/checkpoints/ for the subcommands that take a story.
complete -c git-checkpoint -n "__fish_seen_subcommand_from save resume show log diff done pr-body" -f -a "(git for-each-ref --format='%(refname:lstrip=2)' refs/checkpoints 2>/dev/null)"
# Remotes for push, fetch, sync and setup, and for --remote.
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand push fetch sync setup" -f -a "(git remote 2>/dev/null)"
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand list pr-body" -l remote -f -r -a "(git remote 2>/dev/null)"
# Templates: the built-in ones, then those declared in git config.
complete -c git-checkpoint -n "__fish_git_checkpoint_using_subcommand save" -l template -f -r -a "@BUILTIN@ (git config --name-only --get-regexp '^checkpoint\..+\.sections\$' 2>/dev/null | string replace -r '^checkpoint\.(.*)\.sections\$' '\$1')"
"#;

/// The shell completion files as (file name, bytes): bash, zsh, fish, elvish and PowerShell
/// from clap_complete. bash and zsh complete story ids from `refs/checkpoints/` and also
/// work under git's own completion (`git checkpoint <TAB>`); fish's git completion (3.7+) delegates
/// `git checkpoint` to `git-checkpoint` completions by itself.
///
/// # Errors
/// [`std::io::ErrorKind::InvalidData`] when clap_complete's output no longer has the shape the
/// story completion is spliced into (a clap_complete upgrade changed it).
pub fn completions() -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut files = Vec::new();
    for (shell, file) in [
        (Shell::Bash, "git-checkpoint.bash"),
        (Shell::Zsh, "_git-checkpoint"),
        (Shell::Fish, "git-checkpoint.fish"),
        (Shell::Elvish, "git-checkpoint.elv"),
        (Shell::PowerShell, "_git-checkpoint.ps1"),
    ] {
        let mut buf = Vec::new();
        // Not built: clap_complete builds it itself, with the binary name it is given.
        let mut cmd = <crate::cli::Cli as clap::CommandFactory>::command().name("git-checkpoint");
        clap_complete::generate(shell, &mut cmd, "git-checkpoint", &mut buf);
        let text = String::from_utf8(buf).map_err(std::io::Error::other)?;
        let text = match shell {
            Shell::Bash => splice_bash(&text)?,
            Shell::Zsh => splice_zsh(&text)?,
            Shell::Fish => splice_fish(&text),
            Shell::Elvish => without_hidden(&text, |h| format!("cand {h} '")),
            Shell::PowerShell => without_hidden(&text, |h| {
                format!("::new('{h}', '{h}', [CompletionResultType]::ParameterValue")
            }),
            _ => text,
        };
        files.push((file.to_string(), text.into_bytes()));
    }
    Ok(files)
}

fn shape_changed(what: &str) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!("clap_complete output changed shape: {what}; update generate.rs"),
    )
}

/// Bash: clap_complete's case labels are repaired; each word list offers the subcommands and
/// positional values (story ids, remotes) unless the word being completed starts with `-`, and
/// options only then (git's own completion does the same); hidden subcommands are dropped;
/// `--template` completes template names and `--remote` remotes; the git hook is added.
fn splice_bash(text: &str) -> std::io::Result<String> {
    if !text.contains("_git__checkpoint() {") {
        return Err(shape_changed("bash function _git__checkpoint missing"));
    }
    // clap_complete 4.6 mangles the '-' of a hyphenated binary name as a subcommand separator
    // in its case labels but not where it assigns `cmd`, so no subcommand's options complete;
    // give the labels the name the assignments use.
    let text = text.replace("git__subcmd__checkpoint", "git__checkpoint");
    let label_of =
        |n: &String| format!("git__checkpoint__subcmd__{})", n.replace('-', "__subcmd__"));
    let stories: Vec<String> = story_subcommands().iter().map(label_of).collect();
    let remotes: Vec<String> = subcommands_with("remote").iter().map(label_of).collect();
    let hidden = hidden_subcommands();
    let mut out = String::new();
    let mut label = String::new();
    let (mut spliced, mut with_remotes, mut values) = (0, 0, 0);
    for line in text.lines() {
        let t = line.trim();
        let indent = &line[..line.len() - line.trim_start().len()];
        if t.ends_with(')') && !t.contains(' ') {
            label = t.to_string();
        }
        let is_sub = |wanted: &[String]| wanted.contains(&label);
        if let Some(list) = t.strip_prefix("opts=\"").and_then(|r| r.strip_suffix('"')) {
            let (options, mut words): (Vec<&str>, Vec<&str>) = list
                .split_whitespace()
                .filter(|w| !hidden.iter().any(|h| h == w))
                .partition(|w| w.starts_with('-'));
            if is_sub(&stories) {
                words.push("$(__git_checkpoint_stories)");
                spliced += 1;
            }
            if is_sub(&remotes) {
                words.push("$(__git_checkpoint_remotes)");
                with_remotes += 1;
            }
            out.push_str(&format!("{indent}opts=\"{}\"\n", options.join(" ")));
            if !words.is_empty() {
                out.push_str(&format!(
                    "{indent}[[ ${{cur}} == -* ]] || opts=\"{}\"\n",
                    words.join(" ")
                ));
            }
            continue;
        }
        let from = match label.as_str() {
            "--template)" => Some("__git_checkpoint_templates"),
            "--remote)" => Some("__git_checkpoint_remotes"),
            _ => None,
        };
        if let (Some(f), true) = (from, t.starts_with("COMPREPLY=($(compgen -f ")) {
            out.push_str(&format!(
                "{indent}COMPREPLY=($(compgen -W \"$({f})\" -- \"${{cur}}\"))\n"
            ));
            values += 1;
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    if spliced != stories.len() || with_remotes != remotes.len() || values == 0 {
        return Err(shape_changed(&format!(
            "bash word lists not found: stories {spliced} of {stories:?}, remotes {with_remotes} of {remotes:?}, {values} value lists"
        )));
    }
    let values = BASH_VALUES.replace("@BUILTIN@", &git_checkpoint::formats::BUILTIN.join(" "));
    Ok(format!("{BASH_STORIES}{values}\n{out}{BASH_GIT}"))
}

/// Fish: hidden subcommands are not offered; stories, remotes and templates complete (see
/// [`FISH_STORIES`]).
fn splice_fish(text: &str) -> String {
    let mut out = without_hidden(text, |h| format!("-f -a \"{h}\""));
    out.push_str(&FISH_STORIES.replace("@BUILTIN@", &git_checkpoint::formats::BUILTIN.join(" ")));
    out
}

/// `text` without the lines that offer a hidden subcommand: those that contain `offer(name)`.
fn without_hidden(text: &str, offer: impl Fn(&str) -> String) -> String {
    let offers: Vec<String> = hidden_subcommands().iter().map(|h| offer(h)).collect();
    text.lines()
        .filter(|l| !offers.iter().any(|o| l.contains(o.as_str())))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Subcommands hidden from help (`generate-docs`): not offered by completion either.
fn hidden_subcommands() -> Vec<String> {
    crate::cli::command()
        .get_subcommands()
        .filter(|s| s.is_hide_set())
        .map(|s| s.get_name().to_string())
        .collect()
}

/// Visible subcommands with an argument `id` (`remote`: push, fetch, sync, setup).
fn subcommands_with(id: &str) -> Vec<String> {
    crate::cli::command()
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .filter(|s| {
            s.get_arguments()
                .any(|a| a.get_id() == id && a.is_positional())
        })
        .map(|s| s.get_name().to_string())
        .collect()
}

/// Visible subcommands with a `story` argument.
fn story_subcommands() -> Vec<String> {
    crate::cli::command()
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .filter(|s| s.get_arguments().any(|a| a.get_id() == "story"))
        .map(|s| s.get_name().to_string())
        .collect()
}

/// Zsh: story arguments complete from `refs/checkpoints/`, remote arguments from `git remote`
/// and `--template` from the template names (clap writes `_default` for them); hidden
/// subcommands are not offered. `_git` calls `_git-checkpoint` for `git checkpoint`, the
/// function clap already defines.
fn splice_zsh(text: &str) -> std::io::Result<String> {
    let re = |p: &str| regex::Regex::new(p).map_err(std::io::Error::other);
    let story = re(r"('::?story -- [^']*(?:'\\''[^']*)*:)_default'")?;
    let remote = re(r"('::?remote -- [^']*(?:'\\''[^']*)*:|:REMOTE:)_default'")?;
    let template = re(r"('--template=\[[^\]]*\]:NAME:)_default'")?;
    for (what, r) in [
        ("story", &story),
        ("remote", &remote),
        ("--template", &template),
    ] {
        if !r.is_match(text) {
            return Err(shape_changed(&format!("zsh {what} argument spec missing")));
        }
    }
    let spliced = story.replace_all(text, "${1}__git_checkpoint_stories'");
    let spliced = remote.replace_all(&spliced, "${1}__git_checkpoint_remotes'");
    let spliced = template.replace_all(&spliced, "${1}__git_checkpoint_templates'");
    let hidden = hidden_subcommands();
    let spliced: String = spliced
        .lines()
        .filter(|l| !hidden.iter().any(|h| l.starts_with(&format!("'{h}:"))))
        .map(|l| format!("{l}\n"))
        .collect();
    let (head, rest) = spliced
        .split_once("\n_git-checkpoint() {")
        .ok_or_else(|| shape_changed("zsh _git-checkpoint function missing"))?;
    let functions = ZSH_STORIES.replace("@BUILTIN@", &git_checkpoint::formats::BUILTIN.join(" "));
    Ok(format!("{head}\n{functions}\n_git-checkpoint() {{{rest}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roff_escapes_requests_and_dashes() {
        assert_eq!(esc(".x"), "\\&.x");
        assert_eq!(esc("a-b\\c"), "a\\-b\\ec");
    }

    #[test]
    fn markdown_headings_and_code_become_roff() {
        let r = markdown_to_roff("# T\n\n## Refs\n\ntext `x`\n\n```\n.code\n```\n");
        assert!(r.contains(".SS Refs\n"), "{r}");
        assert!(r.contains(".nf\n\\&.code\n.fi"), "{r}");
        assert!(!r.contains(".SS T\n"), "{r}");
    }

    #[test]
    fn table_rows_become_tagged_paragraphs() {
        let r = markdown_to_roff("| ref | meaning |\n| --- | --- |\n| `a` | b |\n\n| n | x | y |\n| - | - | - |\n| m | 1 | 2 |\n");
        assert!(r.contains(".TP\n\\fBa\\fR\nb\n"), "{r}");
        assert!(r.contains(".TP\n\\fBm\\fR\nx: 1\n.br\ny: 2\n"), "{r}");
        assert!(!r.contains('|'), "{r}");
        assert_eq!(r.matches("2\n").count(), 1, "a cell is written once: {r}");
        // FORMAT.md's tables are whole: no row is left as a paragraph of pipes.
        let format = markdown_to_roff(FORMAT_MD);
        assert!(
            !format
                .lines()
                .any(|l| l.starts_with('|') || l.contains("| |")),
            "{format}"
        );
    }

    #[test]
    fn completions_splice() {
        let files = completions().unwrap();
        let bash = String::from_utf8(files[0].1.clone()).unwrap();
        assert!(bash.contains("$(__git_checkpoint_stories)"));
        assert!(bash.contains("_git_checkpoint() {"));
        assert!(bash.contains("compgen -W \"$(__git_checkpoint_templates)\""));
        let zsh = String::from_utf8(files[1].1.clone()).unwrap();
        assert!(zsh.contains(":__git_checkpoint_stories'"), "{zsh}");
        assert!(zsh.contains(":NAME:__git_checkpoint_templates'"), "{zsh}");
        assert!(zsh.contains("origin:__git_checkpoint_remotes'"), "{zsh}");
        assert!(zsh.contains("templates=(pair team pm gstack "), "{zsh}");
        assert!(!zsh.contains("'generate-docs:"), "{zsh}");
        let fish = String::from_utf8(files[2].1.clone()).unwrap();
        assert!(!fish.contains("-a \"generate-docs\""), "{fish}");
        assert!(
            fish.contains("-l template -f -r -a \"pair team pm gstack "),
            "{fish}"
        );
        assert!(fish.contains("using_subcommand push fetch sync setup\" -f -a \"(git remote"));
        let elvish = String::from_utf8(files[3].1.clone()).unwrap();
        assert!(elvish.contains("cand help '"), "{elvish}");
        assert!(!elvish.contains("cand generate-docs"), "{elvish}");
        let powershell = String::from_utf8(files[4].1.clone()).unwrap();
        assert!(powershell.contains("::new('help', 'help',"), "{powershell}");
        assert!(
            !powershell.contains("::new('generate-docs'"),
            "{powershell}"
        );
    }
}
