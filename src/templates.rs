//! Finding a template by name: the built-ins (`pair`, `team`, `pm`, `gstack`), a skeleton in
//! the repository (`.checkpoint/templates/<name>.md`), or a section list in git config
//! (`checkpoint.<name>.sections`). The default for new checkpoints is `checkpoint.template`,
//! else `pair`. The document model itself lives in [`crate::model::templates`].

use crate::error::{Error, Result};
use crate::model::templates::{Custom, Template};
use crate::model::Parsed;
use crate::store::{Revision, Store};

/// The template new checkpoints use: `checkpoint.template`, else `pair`.
pub fn default_name(store: &Store) -> String {
    store
        .config_string("checkpoint.template")
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "pair".to_string())
}

/// Loads the template called `name`: built in, then `.checkpoint/templates/<name>.md` in the
/// working tree, then `checkpoint.<name>.sections` (comma-separated headings; a heading ending
/// in `(optional)` is not required).
///
/// # Errors
/// [`Error::Template`] for a malformed name or one that is defined nowhere; [`Error::Read`]
/// when the skeleton file exists but cannot be read.
pub fn load(store: &Store, name: &str) -> Result<Template> {
    if let Some(t) = Template::builtin(name) {
        return Ok(t);
    }
    let valid = !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        && !name.starts_with('-');
    if !valid {
        return Err(Error::Template {
            name: name.to_string(),
            reason: "template names use lowercase ASCII letters, digits, '-' and '_'".into(),
        });
    }
    if let Some(root) = store.repo.workdir() {
        let path = root
            .join(".checkpoint")
            .join("templates")
            .join(format!("{name}.md"));
        if path.is_file() {
            let text = std::fs::read(&path).map_err(|cause| Error::Read {
                path: path.clone(),
                cause,
            })?;
            let custom = Custom::from_skeleton(name, &String::from_utf8_lossy(&text));
            if custom.sections.is_empty() {
                return Err(Error::Template {
                    name: name.to_string(),
                    reason: format!(
                        "{} declares no sections; add one `## Heading` line per section",
                        path.display()
                    ),
                });
            }
            return Ok(Template::Custom(custom));
        }
    }
    if let Some(list) = store.config_string(&format!("checkpoint.{name}.sections")) {
        let custom = Custom::from_list(name, &list);
        if !custom.sections.is_empty() {
            return Ok(Template::Custom(custom));
        }
    }
    Err(Error::Template {
        name: name.to_string(),
        reason: format!(
            "built-in templates are pair, team, pm and gstack; define '{name}' in .checkpoint/templates/{name}.md (one `## Heading` per section) or with `git config checkpoint.{name}.sections \"Summary, Next action\"`"
        ),
    })
}

/// The template a stored revision was written with (`meta.json`'s `template`).
///
/// A custom template that can no longer be found is replaced by one whose sections are the
/// document's own level-2 headings, and the returned note says so.
pub fn of_revision(store: &Store, rev: &Revision) -> (Template, Option<String>) {
    let name = if rev.meta.template.is_empty() {
        "pair"
    } else {
        rev.meta.template.as_str()
    };
    match load(store, name) {
        Ok(t) => (t, None),
        Err(e) => {
            let headings: Vec<String> = rev
                .document
                .lines()
                .filter_map(|l| l.strip_prefix("## "))
                .map(|h| format!("{h} (optional)"))
                .collect();
            let custom = Custom::from_list(name, &headings.join(","));
            (Template::Custom(custom), Some(e.to_string()))
        }
    }
}

/// Parses a stored revision with its own template; a missing custom template is a gap.
pub fn parse_revision(store: &Store, rev: &Revision) -> Parsed {
    let (t, note) = of_revision(store, rev);
    let mut p = t.parse(rev.document.as_bytes());
    if let Some(n) = note {
        p.gaps.push(n);
        p.confidence = crate::model::Confidence::NeedsConfirmation;
    }
    p
}
