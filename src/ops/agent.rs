//! `agent install|uninstall|status`: the files that connect a coding agent to checkpoints.
//! [`crate::agents::install`] edits the hooks JSON, [`crate::agents::skill`] the instruction
//! file, [`crate::agents::settings`] says where they live and writes them safely, and
//! [`crate::mcp::clients`] edits the MCP server's entry in a client's configuration (with
//! `mcp`, for Claude Desktop, and always on uninstall). This module decides which files change
//! and how, writes them, and reports what it did; it prints nothing.
//!
//! Agent commands also run outside a repository (user scope), so they take the [`Roots`] the
//! paths are made from instead of a store.

use crate::agents::install::{self, State};
use crate::agents::settings::{self, Roots, Scope, Target};
use crate::agents::{skill, Agent};
use crate::error::{Error, Result};
use crate::json::{AgentPlace, McpPlace};
use crate::mcp::clients::{self, Client};
use std::path::{Path, PathBuf};

/// What an agent command names: an agent with hooks, or Claude Desktop, which reaches
/// git-checkpoint only through its MCP server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// One of the hook agents.
    Agent(Agent),
    /// Claude Desktop (`claude-desktop`): the MCP server only, user scope only.
    ClaudeDesktop,
}

impl Which {
    /// The MCP client this names, if it has an MCP configuration we edit.
    pub fn client(self) -> Option<Client> {
        match self {
            Which::Agent(a) => Client::for_agent(a),
            Which::ClaudeDesktop => Some(Client::ClaudeDesktop),
        }
    }

    /// Its name for people (`Claude Code`, `Claude Desktop`).
    pub fn display(self) -> &'static str {
        match self {
            Which::Agent(a) => a.display(),
            Which::ClaudeDesktop => Client::ClaudeDesktop.display(),
        }
    }
}

/// What [`install()`] and [`uninstall`] change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The agent to configure.
    pub which: Which,
    /// Project scope asked for explicitly (the default; refused for Claude Desktop).
    pub project: bool,
    /// User scope: the agent's files under HOME (or its own directory variable).
    pub user: bool,
    /// Project scope, the shared file the team commits (Claude Code's .claude/settings.json).
    pub shared: bool,
    /// Also register the MCP server in the agent's MCP configuration (implied for Claude
    /// Desktop; uninstall removes it either way).
    pub mcp: bool,
    /// Only the MCP server: no hooks, no skill (install registers it, uninstall removes it).
    pub mcp_only: bool,
    /// Compute the changes, write nothing.
    pub dry_run: bool,
}

impl Options {
    /// The scope these options ask for: user with `user` or for Claude Desktop, else project.
    /// The caller makes the [`Roots`] for it (a project scope needs a work tree).
    ///
    /// # Errors
    /// [`Error::UserScopeOnly`] for Claude Desktop with `project`/`shared`;
    /// [`Error::NoMcpConfig`] for installing Claude Code's MCP server (`add`).
    pub fn scope(&self, add: bool) -> Result<Scope> {
        let desktop = self.which == Which::ClaudeDesktop;
        if desktop && (self.project || self.shared) {
            return Err(Error::UserScopeOnly);
        }
        if add && (self.mcp || self.mcp_only) && self.which == Which::Agent(Agent::Claude) {
            return Err(Error::NoMcpConfig);
        }
        Ok(if self.user || desktop {
            Scope::User
        } else {
            Scope::Project
        })
    }
}

/// One file a change touches: where, what it held, what it will hold (`None`: removed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileChange {
    /// The file.
    pub target: Target,
    /// Its text before (`None`: it did not exist).
    pub old: Option<String>,
    /// Its text after (`None`: removed, or not created).
    pub new: Option<String>,
}

impl FileChange {
    /// What writing it does: `removed`, `created` or `updated`.
    pub fn verb(&self) -> &'static str {
        if self.new.is_none() {
            "removed"
        } else if self.old.is_none() {
            "created"
        } else {
            "updated"
        }
    }

    /// The unified diff of the change (3 lines of context), headed `a/<shown>` / `b/<shown>`
    /// (`/dev/null` for a side that does not exist).
    pub fn diff(&self) -> String {
        let shown = &self.target.shown;
        let a = self
            .old
            .as_ref()
            .map_or_else(|| "/dev/null".to_string(), |_| format!("a/{shown}"));
        let b = self
            .new
            .as_ref()
            .map_or_else(|| "/dev/null".to_string(), |_| format!("b/{shown}"));
        similar::TextDiff::from_lines(
            self.old.as_deref().unwrap_or(""),
            self.new.as_deref().unwrap_or(""),
        )
        .unified_diff()
        .context_radius(3)
        .header(&a, &b)
        .to_string()
    }
}

/// What [`install()`] or [`uninstall`] did.
#[derive(Debug, Clone)]
pub struct Report {
    /// The agent configured.
    pub which: Which,
    /// The scope configured.
    pub scope: Scope,
    /// Whether the MCP configuration was part of the change (for a nothing-to-change message).
    pub touches_mcp: bool,
    /// How many files changed (or with `dry_run` would change).
    pub changed: usize,
    /// Claude Code's uncommitted project file, created now, when git does not ignore it: its
    /// path for people.
    pub unignored_local: Option<String>,
    /// Gemini CLI's settings file, when it has comments (kept as they were).
    pub kept_comments: Option<PathBuf>,
    /// The `git-checkpoint` the installed hooks will run, found on PATH (checked on install of
    /// an agent's hooks only; `None` otherwise or when it is not on PATH).
    pub on_path: Option<PathBuf>,
    /// The program the MCP entry starts, when the server was registered.
    pub mcp_binary: Option<PathBuf>,
    /// Uninstall: files of ours the user edited, kept as they are (shown paths); delete them
    /// yourself when nothing in them is yours.
    pub kept: Vec<String>,
}

/// Adds git-checkpoint's hooks and skill to an agent's configuration, with
/// [`Options::mcp`] (and always for Claude Desktop) its MCP server too, replacing older
/// entries of ours and keeping everything else (idempotent). See [`change`].
///
/// # Errors
/// As [`change`].
pub fn install(
    roots: &Roots,
    options: Options,
    on_file: &mut dyn FnMut(&FileChange) -> Result<()>,
) -> Result<Report> {
    change(roots, options, true, on_file)
}

/// Removes git-checkpoint's hooks, skill and MCP server from an agent's configuration; a
/// settings file left holding only empty objects is removed. See [`change`].
///
/// # Errors
/// As [`change`].
pub fn uninstall(
    roots: &Roots,
    options: Options,
    on_file: &mut dyn FnMut(&FileChange) -> Result<()>,
) -> Result<Report> {
    change(roots, options, false, on_file)
}

/// Installs (`add`) or uninstalls: computes every file's new text (hooks, skill, and the MCP
/// configuration with `mcp`, for Claude Desktop, and always on uninstall), then writes the
/// files that change (not with `dry_run`), calling `on_file` for each after it is written (or
/// with `dry_run` instead of writing it), in order. A file that holds both the hooks and the
/// MCP servers (Gemini CLI's settings.json) gets both edits in one write.
///
/// # Errors
/// As [`Options::scope`]; [`Error::SettingsFile`] / [`Error::McpConfigFile`] when a file
/// cannot be parsed or has another shape; [`Error::UnsafeWrite`] for a file that must not be
/// written (a symlink out of the project, a read-only file); [`Error::NoHome`],
/// [`Error::NoWorkTree`]; [`Error::Read`], [`Error::Write`]; [`Error::Io`] when the running
/// program's path cannot be found; what `on_file` returns. Nothing is written when any file
/// fails its checks.
pub fn change(
    roots: &Roots,
    options: Options,
    add: bool,
    on_file: &mut dyn FnMut(&FileChange) -> Result<()>,
) -> Result<Report> {
    let which = options.which;
    let desktop = which == Which::ClaudeDesktop;
    let scope = options.scope(add)?;
    if scope == Scope::Project && roots.project.is_none() {
        return Err(Error::NoWorkTree);
    }
    let mut files = Vec::new();
    // Per settings file, what one that install created holds once uninstall has taken our
    // entries out: such a file is removed, any other (the user's, even an empty skeleton) kept.
    let mut leftovers: Vec<(PathBuf, Vec<String>)> = Vec::new();
    let mut kept = Vec::new();
    let hooks_too = !options.mcp_only;
    if let (Which::Agent(agent), true) = (which, hooks_too) {
        if add {
            refuse_another_place(agent, scope, options, roots)?;
        }
        let hooks = settings::hooks_file(agent, scope, options.shared, roots)?;
        let old = settings::read(&hooks)?;
        let new = if add {
            install::merge(agent, old.as_deref(), &hooks.path)?
        } else {
            let created = install::merge(agent, None, &hooks.path)?;
            leftovers.push((
                hooks.path.clone(),
                vec![install::unmerge(agent, Some(&created), &hooks.path)?],
            ));
            install::unmerge(agent, old.as_deref(), &hooks.path)?
        };
        files.push(FileChange {
            new: (old.is_some() || add).then_some(new),
            target: hooks,
            old,
        });
        if let Some(target) = settings::skill_file(agent, scope, roots)? {
            let old = settings::read(&target)?;
            let new = if add {
                Some(skill::installed(agent, old.as_deref()))
            } else {
                if old.as_deref().is_some_and(|o| skill::edited(agent, o)) {
                    kept.push(target.shown.clone());
                }
                old.as_deref().and_then(|o| skill::removed(agent, o))
            };
            files.push(FileChange { target, old, new });
        }
        // Our section where an earlier install put it, if the agent reads another file now.
        for target in settings::other_skill_files(agent, scope, roots)? {
            let Some(old) = settings::read(&target)? else {
                continue;
            };
            let new = skill::removed(agent, &old);
            if new.as_deref() != Some(old.as_str()) {
                files.push(FileChange {
                    target,
                    old: Some(old),
                    new,
                });
            }
        }
    }
    let register = add && (options.mcp || options.mcp_only || desktop);
    let mut binary = None;
    let mcp_target = match which.client().filter(|_| register || !add) {
        Some(client) => settings::mcp_file(client, scope, roots)?.map(|t| (client, t)),
        None => None,
    };
    if let Some((client, target)) = mcp_target {
        if register {
            binary = Some(mcp_binary()?);
        }
        let edit = |old: Option<&str>| match &binary {
            Some(b) => clients::merge(client, old, &target.path, b),
            None => clients::unmerge(client, old, &target.path),
        };
        if !add {
            // What a file holds after uninstall when install created it: for the MCP server
            // alone, or beside the hooks (installed first) in the same file.
            let example = Path::new("/usr/bin/git-checkpoint");
            let path = &target.path;
            let server_only = clients::merge(client, None, path, example)?;
            let mut left = vec![clients::unmerge(client, Some(&server_only), path)?];
            if let Some((_, hooks_left)) = leftovers.iter_mut().find(|(p, _)| p == path) {
                if let Which::Agent(agent) = which {
                    let hooks = install::merge(agent, None, path)?;
                    let both = clients::merge(client, Some(&hooks), path, example)?;
                    let both = install::unmerge(agent, Some(&both), path)?;
                    left.push(clients::unmerge(client, Some(&both), path)?);
                    let hooks = install::unmerge(agent, Some(&hooks), path)?;
                    left.push(clients::unmerge(client, Some(&hooks), path)?);
                }
                hooks_left.extend(left);
            } else {
                leftovers.push((path.clone(), left));
            }
        }
        match files.iter_mut().find(|f| f.target.path == target.path) {
            Some(same) => {
                if let Some(text) = same.new.take() {
                    same.new = Some(edit(Some(&text))?);
                }
            }
            None => {
                let old = match settings::read(&target) {
                    Ok(old) => Some(old),
                    // Uninstall reads every client's file: one we may not write (a symlink
                    // out of the project, read-only) is fine while it holds nothing of ours.
                    Err(e @ Error::UnsafeWrite { .. }) if !register => {
                        let text = std::fs::read_to_string(&target.path).unwrap_or_default();
                        if text.contains(clients::SERVER_NAME) {
                            return Err(e);
                        }
                        None
                    }
                    Err(e) => return Err(e),
                };
                if let Some(old) = old {
                    let new = edit(old.as_deref())?;
                    files.push(FileChange {
                        new: (old.is_some() || add).then_some(new),
                        target,
                        old,
                    });
                }
            }
        }
    }
    if !add && matches!(which, Which::Agent(_)) && hooks_too {
        // A settings file install created, left holding only empty objects, is removed, not
        // kept as a skeleton; one the user made (an empty `{"hooks": {}}` too) stays.
        for f in &mut files {
            let created = |t: &str| {
                leftovers
                    .iter()
                    .any(|(p, left)| *p == f.target.path && left.iter().any(|l| l == t))
            };
            if f.new
                .as_deref()
                .is_some_and(|t| install::holds_nothing(t) && created(t))
            {
                f.new = None;
            }
        }
    }
    let changed: Vec<&FileChange> = files.iter().filter(|f| f.old != f.new).collect();
    for f in &changed {
        if !options.dry_run {
            match (&f.new, which) {
                (Some(text), _) => settings::write(&f.target, text.as_bytes())?,
                (None, Which::Agent(agent)) => {
                    let keep = roots
                        .project
                        .as_deref()
                        .filter(|_| scope == Scope::Project)
                        .map_or_else(|| roots.user_dir(agent), |p| Ok(p.to_path_buf()))?;
                    settings::remove(&f.target, &keep)?;
                }
                // Only an agent's files are ever removed, never Claude Desktop's configuration.
                (None, Which::ClaudeDesktop) => {}
            }
        }
        on_file(f)?;
    }
    let mut report = Report {
        which,
        scope,
        touches_mcp: which.client().is_some() && (register || !add),
        changed: changed.len(),
        unignored_local: None,
        kept_comments: None,
        on_path: None,
        mcp_binary: binary,
        kept,
    };
    if let (Which::Agent(agent), true, true) = (which, add, hooks_too) {
        let local = agent == Agent::Claude && scope == Scope::Project && !options.shared;
        if local
            && !options.dry_run
            && files[0].old.is_none()
            && !git_ignores(&files[0].target.path)
        {
            report.unignored_local = Some(files[0].target.shown.clone());
        }
        if let Some(text) = files[0].new.as_deref() {
            if agent == Agent::Gemini && install::has_comments(text) {
                report.kept_comments = Some(files[0].target.path.clone());
            }
        }
        report.on_path = on_path();
    }
    Ok(report)
}

/// The places an agent reads hooks from, as (scope, shared): the project's (only inside a work
/// tree; Claude Code's local file, then its shared one), then the user's.
fn places(agent: Agent, roots: &Roots) -> Vec<(Scope, bool)> {
    let mut places = Vec::new();
    if roots.project.is_some() {
        places.push((Scope::Project, false));
        if agent == Agent::Claude {
            places.push((Scope::Project, true));
        }
    }
    if roots.home.is_some() || roots.user_dir(agent).is_ok() {
        places.push((Scope::User, false));
    }
    places
}

/// The place for people: `project`, `project --shared` or `user`.
fn place_name(scope: Scope, shared: bool) -> String {
    match (scope, shared) {
        (Scope::Project, true) => "project --shared".to_string(),
        (s, _) => s.name().to_string(),
    }
}

/// Whether our hooks for `agent` are in the hooks file of one place (installed or stale); a
/// file that cannot be read or parsed counts as not having them.
fn has_hooks(agent: Agent, scope: Scope, shared: bool, roots: &Roots) -> Option<Target> {
    let target = settings::hooks_file(agent, scope, shared, roots).ok()?;
    let text = settings::read(&target).ok()??;
    let state = install::inspect(agent, Some(&text), &target.path).ok()?;
    (state != State::Missing).then_some(target)
}

/// Refuses an install of `agent`'s hooks into `scope` when another place of the agent already
/// has ours and the agent takes both ([`Agent::doubles_across_scopes`]: Codex would give the
/// brief and the instructions twice, Gemini CLI the instructions). Refused rather than moved:
/// the other place may be a file the team commits, or the user's hooks for every other project,
/// and only the user knows which one should go.
///
/// # Errors
/// [`Error::InstalledElsewhere`] naming the place, its file and the fix.
fn refuse_another_place(agent: Agent, scope: Scope, options: Options, roots: &Roots) -> Result<()> {
    if !agent.doubles_across_scopes() {
        return Ok(());
    }
    let here = (
        scope,
        agent == Agent::Claude && scope == Scope::Project && options.shared,
    );
    for (other_scope, other_shared) in places(agent, roots) {
        if (other_scope, other_shared) == here {
            continue;
        }
        if let Some(target) = has_hooks(agent, other_scope, other_shared, roots) {
            let flags = flag_of(&place_name(other_scope, other_shared));
            return Err(Error::InstalledElsewhere {
                agent: agent.display(),
                file: target.shown,
                place: other_scope.name(),
                fix: format!("git-checkpoint agent uninstall {} {flags}", agent.name()),
                mcp: options.mcp && Client::for_agent(agent).is_some(),
            });
        }
    }
    Ok(())
}

/// Whether our hooks for `agent` are in one of its settings files that apply in `dir`: the
/// project's (the work tree `dir` is in) or the user's, installed or stale. A plugin's
/// launcher (`agent hook --from-plugin`) stands down then, so the agent never runs ours twice.
/// A file that cannot be read counts as not having them.
pub fn settings_hooks_apply(agent: Agent, dir: &Path) -> bool {
    let store = crate::store::Store::discover(dir).ok();
    let project = store
        .as_ref()
        .and_then(|s| s.workdir().map(Path::to_path_buf));
    let git_dirs = store
        .as_ref()
        .map(|s| vec![s.git_dir().to_path_buf(), s.common_dir().to_path_buf()])
        .unwrap_or_default();
    let roots = Roots::from_env(project, git_dirs);
    places(agent, &roots)
        .into_iter()
        .any(|(scope, shared)| has_hooks(agent, scope, shared, &roots).is_some())
}

/// The executable an MCP entry starts: the `git-checkpoint` on PATH when it is this program
/// (a stable path across upgrades), else this program's own path. Absolute either way: clients
/// start servers without a shell, and Claude Desktop without the user's PATH.
///
/// # Errors
/// [`Error::Io`] when the running program's path cannot be found.
pub fn mcp_binary() -> Result<PathBuf> {
    let me = std::env::current_exe()?;
    let real = |p: &Path| std::fs::canonicalize(p).ok();
    if let Some(found) = on_path().and_then(|p| std::path::absolute(p).ok()) {
        if real(&found).is_some() && real(&found) == real(&me) {
            return Ok(found);
        }
    }
    Ok(me)
}

/// Whether git ignores `path` (`git check-ignore`; false when git cannot tell).
fn git_ignores(path: &Path) -> bool {
    let dir = path.parent().unwrap_or(Path::new("."));
    let Ok(store) = crate::store::Store::discover(dir) else {
        return false;
    };
    store
        .git()
        .command(&["check-ignore", "-q", "--"])
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

/// The `git-checkpoint` on `PATH`, if any.
pub fn on_path() -> Option<PathBuf> {
    settings::find_on_path(
        "git-checkpoint",
        &std::env::var_os("PATH").unwrap_or_default(),
    )
}

/// What [`status`] reports on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StatusOptions {
    /// Only this agent (or client); `None` for all.
    pub which: Option<Which>,
}

/// One agent's hooks and skill in one place, by [`status`].
#[derive(Debug, Clone)]
pub struct Row {
    /// The JSON entry.
    pub json: AgentPlace,
    /// The place for people: `project`, `project --shared` or `user`.
    pub place: String,
    /// The hooks file for people (or why there is none).
    pub hooks_shown: String,
    /// The skill file for people (`-` when the agent has none).
    pub skill_shown: String,
}

/// One MCP client's configuration file in one place, by [`status`].
#[derive(Debug, Clone)]
pub struct McpRow {
    /// The JSON entry.
    pub json: McpPlace,
    /// The file for people.
    pub shown: String,
}

/// What [`status`] found.
#[derive(Debug, Clone)]
pub struct StatusReport {
    /// The `git-checkpoint` on PATH, if any.
    pub binary: Option<PathBuf>,
    /// The program an MCP entry of ours should start ([`mcp_binary`]).
    pub server: PathBuf,
    /// One row per agent and place, agents in [`Agent::ALL`] order, project before user.
    pub rows: Vec<Row>,
    /// One row per MCP client and place, project before user.
    pub mcp_rows: Vec<McpRow>,
    /// The agents whose git-checkpoint plugin (or extension) is installed, with the file that
    /// says so ([`settings::plugin_installed`]).
    pub plugins: Vec<(Agent, PathBuf)>,
    /// Each double install found.
    pub doubles: Vec<Double>,
}

/// A double install [`status`] found: the agent would run our hooks, or read our
/// instructions, twice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Double {
    /// Our hooks in more than one place of an agent that takes them all
    /// ([`Agent::doubles_across_scopes`]).
    Places {
        /// The agent.
        agent: Agent,
        /// The places, as [`Row::place`] names them.
        places: Vec<String>,
    },
    /// Our hooks in a settings file and the agent's plugin installed: the plugin's hooks
    /// stand down (`--from-plugin`), but its skill or context file comes on top of ours.
    Plugin {
        /// The agent.
        agent: Agent,
        /// The file that says the plugin is installed.
        plugin: String,
        /// The first place with our hooks.
        place: String,
    },
}

impl Double {
    /// The warning for people, with the fix.
    pub fn message(&self) -> String {
        match self {
            Double::Places { agent, places } => format!(
                "{}: git-checkpoint's hooks and instructions are installed in {} places ({}), \
                 and {} takes them all, so the model gets them twice; keep one: \
                 `git-checkpoint agent uninstall {} {}`",
                agent.name(),
                places.len(),
                places.join(", "),
                agent.display(),
                agent.name(),
                places.last().map_or("--user", |p| flag_of(p)),
            ),
            Double::Plugin {
                agent,
                plugin,
                place,
            } => format!(
                "{}: the git-checkpoint plugin is installed ({plugin}) as well as the hooks \
                 ({place}); the plugin's hooks stand down while those are there, but its \
                 instructions come on top of the installed ones; keep one: `git-checkpoint \
                 agent uninstall {} {}`, or remove the plugin",
                agent.name(),
                agent.name(),
                flag_of(place),
            ),
        }
    }
}

/// The scope flag of `agent install`/`uninstall` for a place as [`place_name`] writes it.
fn flag_of(place: &str) -> &'static str {
    match place {
        "project --shared" => "--shared",
        "project" => "--project",
        _ => "--user",
    }
}

/// Where git-checkpoint's hooks, skill and MCP server are installed, and what is missing: every
/// place each agent (and MCP client) reads, project places only when `roots.project` is set.
///
/// # Errors
/// [`Error::Io`] when the running program's path cannot be found; a file that cannot be read is
/// reported in its row.
pub fn status(roots: &Roots, options: StatusOptions) -> Result<StatusReport> {
    let (agents, mcp_clients): (Vec<Agent>, Vec<Client>) = match options.which {
        Some(Which::Agent(a)) => (vec![a], Client::for_agent(a).into_iter().collect()),
        Some(Which::ClaudeDesktop) => (Vec::new(), vec![Client::ClaudeDesktop]),
        None => (Agent::ALL.to_vec(), Client::ALL.to_vec()),
    };
    let mut rows = Vec::new();
    let mut plugins = Vec::new();
    let mut doubles = Vec::new();
    for agent in &agents {
        let agent = *agent;
        let first = rows.len();
        for (scope, shared) in places(agent, roots) {
            rows.push(place(agent, scope, shared, roots));
        }
        let with_hooks: Vec<&Row> = rows[first..]
            .iter()
            .filter(|r| r.json.hooks != State::Missing)
            .collect();
        let plugin = settings::plugin_installed(agent, roots);
        if with_hooks.len() > 1 && agent.doubles_across_scopes() {
            doubles.push(Double::Places {
                agent,
                places: with_hooks.iter().map(|r| r.place.clone()).collect(),
            });
        }
        if let (Some(p), Some(r)) = (&plugin, with_hooks.first()) {
            doubles.push(Double::Plugin {
                agent,
                plugin: p.display().to_string(),
                place: r.place.clone(),
            });
        }
        if let Some(p) = plugin {
            plugins.push((agent, p));
        }
    }
    let server = mcp_binary()?;
    let mut mcp_rows = Vec::new();
    for client in mcp_clients {
        for scope in [Scope::Project, Scope::User] {
            if scope == Scope::Project && roots.project.is_none() {
                continue;
            }
            if let Ok(Some(t)) = settings::mcp_file(client, scope, roots) {
                mcp_rows.push(mcp_place(client, scope, t, &server));
            }
        }
    }
    Ok(StatusReport {
        binary: on_path(),
        server,
        rows,
        mcp_rows,
        plugins,
        doubles,
    })
}

fn mcp_place(client: Client, scope: Scope, target: Target, server: &Path) -> McpRow {
    let (server_state, problem) = match settings::read(&target)
        .and_then(|text| clients::inspect(client, text.as_deref(), &target.path, server))
    {
        Ok(state) => (state, None),
        Err(e) => (State::Missing, Some(e.chain().to_string())),
    };
    McpRow {
        shown: target.shown.clone(),
        json: McpPlace {
            client: client.name().to_string(),
            scope,
            file: target.path.display().to_string(),
            server: server_state,
            problem,
        },
    }
}

fn place(agent: Agent, scope: Scope, shared: bool, roots: &Roots) -> Row {
    let mut problem = None;
    let mut note_problem = |e: Error| {
        problem.get_or_insert_with(|| e.chain().to_string());
    };
    let hooks = settings::hooks_file(agent, scope, shared, roots);
    let (hooks_file, hooks_shown, hooks_state) = match &hooks {
        Ok(t) => {
            let state = settings::read(t)
                .and_then(|text| install::inspect(agent, text.as_deref(), &t.path))
                .unwrap_or_else(|e| {
                    note_problem(e);
                    State::Missing
                });
            (t.path.display().to_string(), t.shown.clone(), state)
        }
        Err(e) => (String::new(), e.to_string(), State::Missing),
    };
    let skill_target = settings::skill_file(agent, scope, roots).ok().flatten();
    let skill_state = skill_target.as_ref().map(|t| match settings::read(t) {
        Ok(text) => skill::state(agent, text.as_deref()),
        Err(e) => {
            note_problem(e);
            State::Missing
        }
    });
    let note = (agent == Agent::Codex).then(|| settings::CODEX_TRUST.to_string());
    let place = place_name(scope, shared);
    Row {
        place,
        hooks_shown,
        skill_shown: skill_target
            .as_ref()
            .map_or_else(|| "-".into(), |t| t.shown.clone()),
        json: AgentPlace {
            agent: agent.name().to_string(),
            scope,
            shared,
            hooks_file,
            hooks: hooks_state,
            skill_file: skill_target.map(|t| t.path.display().to_string()),
            skill: skill_state,
            problem,
            note,
        },
    }
}
