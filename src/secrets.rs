//! The secret guard: finds credentials in text before it is written to a checkpoint or pushed
//! to a remote, so a token pasted into a document never reaches a shared ref.
//!
//! The rules are a short list modelled on gitleaks' published rule set (`config/gitleaks.toml`,
//! MIT): the token formats whose prefixes are documented by their issuers, private key blocks,
//! and one generic rule for `key/secret/token/password = value` assignments whose value looks
//! random (Shannon entropy of at least [`GENERIC_MIN_ENTROPY`] bits per character, as gitleaks'
//! `generic-api-key` rule). No crate on crates.io offered such a rule set as a light library
//! within our `rust-version` when this was written (the ones found bundle archive readers,
//! cloud SDKs or a newer toolchain), hence the list here.
//!
//! This module only finds; it never prints what it found. A [`Finding`] names the line and the
//! kind, never the secret itself.

use crate::error::{Error, Result};
use regex::Regex;
use std::sync::LazyLock;

/// Least Shannon entropy (bits per character) of a generic assignment's value to count as a
/// secret; gitleaks' `generic-api-key` uses the same bound.
pub const GENERIC_MIN_ENTROPY: f64 = 3.5;
/// Least length of a generic assignment's value to count as a secret.
pub const GENERIC_MIN_LEN: usize = 12;

/// One credential found: where and what kind, never the value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// 1-based line number in the scanned text (lines split on `\n`).
    pub line: usize,
    /// What it looks like, e.g. `GitHub personal access token`.
    pub kind: &'static str,
}

/// A rule with a documented token format: (kind, regex).
const RULES: &[(&str, &str)] = &[
    // AWS access key ids: documented prefixes, then 16 base32 characters.
    (
        "AWS access key ID",
        r"\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b",
    ),
    (
        "AWS secret access key",
        r#"(?i)aws_?secret_?(?:access_?)?key["'`*]*\s*(?:=|:|=>)\s*["'`]?[A-Za-z0-9/+]{40}\b"#,
    ),
    // GitHub's token prefixes (github.blog, "Behind GitHub's new authentication token formats").
    ("GitHub personal access token", r"\bghp_[0-9A-Za-z]{36}\b"),
    ("GitHub OAuth access token", r"\bgho_[0-9A-Za-z]{36}\b"),
    ("GitHub user-to-server token", r"\bghu_[0-9A-Za-z]{36}\b"),
    ("GitHub server-to-server token", r"\bghs_[0-9A-Za-z]{36}\b"),
    ("GitHub refresh token", r"\bghr_[0-9A-Za-z]{36}\b"),
    (
        "GitHub fine-grained personal access token",
        r"\bgithub_pat_[0-9A-Za-z_]{82}\b",
    ),
    (
        "GitLab personal access token",
        r"\bglpat-[0-9A-Za-z_-]{20,}",
    ),
    ("Slack token", r"\bxox[baprs]-[0-9A-Za-z-]{10,}"),
    (
        "private key block",
        r"-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----",
    ),
];

static COMPILED: LazyLock<Vec<(&'static str, Regex)>> = LazyLock::new(|| {
    RULES
        .iter()
        .map(|(kind, re)| (*kind, Regex::new(re).expect("the built-in rules are valid")))
        .collect()
});

/// The first credential in `text`, scanning line by line (earliest line first; within a line
/// the documented formats before the generic rule), or `None`.
pub fn scan(text: &str) -> Option<Finding> {
    text.split('\n')
        .enumerate()
        .find_map(|(i, line)| scan_line(line).map(|kind| Finding { line: i + 1, kind }))
}

/// Every line of `text` that holds a credential, in order (one finding per line).
pub fn scan_all(text: &str) -> Vec<Finding> {
    text.split('\n')
        .enumerate()
        .filter_map(|(i, line)| scan_line(line).map(|kind| Finding { line: i + 1, kind }))
        .collect()
}

/// Literals at least one of which every documented format contains (AWS key id prefixes are
/// upper case by definition, the others are matched case-insensitively): the regexes are only
/// compiled, once, for lines that hold one, since compiling them costs more than a whole save.
const DOCUMENTED_MARKERS: &[&str] = &[
    "aws",
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "github_pat_",
    "glpat-",
    "xox",
    "private key",
];
const AWS_ID_MARKERS: &[&str] = &["A3T", "AKIA", "ASIA", "ABIA", "ACCA"];
const GENERIC_NAMES: &[&str] = &["key", "secret", "token", "passw", "pwd", "credential"];

fn scan_line(line: &str) -> Option<&'static str> {
    let lower = line.to_ascii_lowercase();
    let documented = DOCUMENTED_MARKERS.iter().any(|m| lower.contains(m))
        || AWS_ID_MARKERS.iter().any(|m| line.contains(m));
    if documented {
        if let Some((kind, _)) = COMPILED.iter().find(|(_, re)| re.is_match(line)) {
            return Some(kind);
        }
    }
    if !GENERIC_NAMES.iter().any(|m| lower.contains(m)) {
        return None;
    }
    generic_values(line)
        .any(looks_random)
        .then_some("high-entropy secret assignment")
}

/// Characters a generic assignment's name is made of (ASCII, any case).
fn is_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"_.-".contains(&b)
}

/// Characters a generic assignment's value is made of.
fn is_value_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"+/=_.~-".contains(&b)
}

/// Markdown emphasis, code ticks, quotes and blanks allowed around the operator.
fn is_decoration(b: u8) -> bool {
    b"*`\"' \t".contains(&b)
}

/// The values of `name = value`, `name: value`, `name := value` and `name => value` on `line`
/// whose name contains key, secret, token, password/passwd/pwd or credential (any case) and
/// whose value is at least [`GENERIC_MIN_LEN`] value characters: gitleaks' generic rule,
/// written out by hand because compiling it as a regex costs more than a whole save.
fn generic_values(line: &str) -> impl Iterator<Item = &str> {
    let bytes = line.as_bytes();
    (0..bytes.len()).filter_map(move |i| {
        let op_len = match (bytes[i], bytes.get(i + 1)) {
            (b':', Some(b'=')) | (b'=', Some(b'>')) => 2,
            (b':' | b'=', _) => 1,
            _ => return None,
        };
        // The name: decoration, then a run of name characters, right before the operator.
        let mut end = i;
        while end > 0 && is_decoration(bytes[end - 1]) {
            end -= 1;
        }
        let mut start = end;
        while start > 0 && is_name_char(bytes[start - 1]) {
            start -= 1;
        }
        let name = line[start..end].to_ascii_lowercase();
        if !GENERIC_NAMES.iter().any(|m| name.contains(m)) {
            return None;
        }
        // The value: decoration, then a run of value characters, right after the operator.
        let mut from = i + op_len;
        while from < bytes.len() && (is_decoration(bytes[from]) || bytes[from] == b'_') {
            from += 1;
        }
        let mut to = from;
        while to < bytes.len() && is_value_char(bytes[to]) {
            to += 1;
        }
        (to - from >= GENERIC_MIN_LEN).then(|| &line[from..to])
    })
}

/// Whether a generic assignment's value looks like a generated secret: long enough, letters and
/// digits, entropy over the bound, and not a git object id (full or abbreviated lowercase hex,
/// which checkpoints name all the time).
fn looks_random(value: &str) -> bool {
    let value = value.trim_end_matches(['.', '-', '_']);
    if value.len() < GENERIC_MIN_LEN {
        return false;
    }
    let hex = value
        .bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if hex {
        return false;
    }
    let letters = value.bytes().any(|b| b.is_ascii_alphabetic());
    let digits = value.bytes().any(|b| b.is_ascii_digit());
    letters && digits && entropy(value) >= GENERIC_MIN_ENTROPY
}

/// Shannon entropy of `s` in bits per character (over its bytes).
pub fn entropy(s: &str) -> f64 {
    if s.is_empty() {
        return 0.0;
    }
    let mut counts = [0usize; 256];
    for b in s.bytes() {
        counts[usize::from(b)] += 1;
    }
    let n = s.len() as f64;
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = c as f64 / n;
            -p * p.log2()
        })
        .sum()
}

/// Whether the guard is on for a command: off with its `--allow-secret` (`allow`) or with
/// `checkpoint.secretScan=false`.
///
/// # Errors
/// [`Error::Config`] for a `checkpoint.secretScan` that is not a boolean.
pub fn enabled(store: &crate::store::Store, allow: bool) -> Result<bool> {
    if allow {
        return Ok(false);
    }
    store.config().secret_scan()
}

/// Refuses the first of `texts` (place, text) that holds a credential, as [`Error::Secret`]
/// with `verb` (`save`, `import`, `push`) and `done` (`written`, `pushed`).
///
/// # Errors
/// [`Error::Secret`] naming the place, line and kind.
pub fn refuse(texts: &[(&str, &str)], verb: &'static str, done: &'static str) -> Result<()> {
    for (place, text) in texts {
        if let Some(f) = scan(text) {
            return Err(Error::Secret {
                verb,
                place: (*place).to_string(),
                line: f.line,
                kind: f.kind,
                done,
            });
        }
    }
    Ok(())
}

/// Refuses a revision about to be written: its document (`checkpoint.md`), then its journal
/// entry (subject and body, numbered as the `-m` text).
///
/// # Errors
/// [`Error::Secret`].
pub fn refuse_revision(new: &crate::store::NewRevision, verb: &'static str) -> Result<()> {
    let journal = if new.body.trim().is_empty() {
        new.subject.clone()
    } else {
        format!("{}\n{}", new.subject, new.body)
    };
    refuse(
        &[
            (crate::store::DOCUMENT_FILE, &new.document),
            ("the journal entry", &journal),
        ],
        verb,
        "written",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    // Test tokens are assembled at run time so this file itself holds no credential-shaped
    // literal a scanner (ours or a host's) would flag.
    fn token(prefix: &str, n: usize) -> String {
        let alphabet = "aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vW1xY";
        let body: String = alphabet.chars().cycle().take(n).collect();
        format!("{prefix}{body}")
    }

    #[test]
    fn documented_token_formats_are_found_with_their_line() {
        let cases = [
            (
                token("gh", 0) + &token("p_", 36),
                "GitHub personal access token",
            ),
            (token("gho_", 36), "GitHub OAuth access token"),
            (token("ghu_", 36), "GitHub user-to-server token"),
            (token("ghs_", 36), "GitHub server-to-server token"),
            (token("ghr_", 36), "GitHub refresh token"),
            (
                token("github_pat_", 82),
                "GitHub fine-grained personal access token",
            ),
            (token("glpat-", 20), "GitLab personal access token"),
            (token("xoxb-", 24), "Slack token"),
            (token("xoxp-", 24), "Slack token"),
            (format!("AKIA{}", "IOSFODNN7EXAMPLE"), "AWS access key ID"),
            (
                format!("-----BEGIN {}PRIVATE KEY-----", "OPENSSH "),
                "private key block",
            ),
            (
                format!("-----BEGIN {}PRIVATE KEY-----", ""),
                "private key block",
            ),
        ];
        for (secret, kind) in cases {
            let text = format!("# Checkpoint\n\n- [ ] T1 — use {secret} for the API\n");
            assert_eq!(scan(&text), Some(Finding { line: 3, kind }), "{secret}");
        }
    }

    #[test]
    fn generic_assignments_need_a_random_value() {
        let found = |s: &str| scan(s).map(|f| f.kind);
        let kind = Some("high-entropy secret assignment");
        assert_eq!(found("api_key = \"Zx81qPw0LmT7vB2nK4\""), kind);
        assert_eq!(found("**Password:** hY7#kd0Pq2LmZx91"), None); // `#` ends the value
        assert_eq!(found("**Password:** hY7kd0Pq2LmZx91"), kind);
        assert_eq!(found("DB_PASSWORD=s3cR3t-Vx9qLm20Kp"), kind);
        assert_eq!(found("client_secret: 'Q2w9E8r7T6y5U4i3'"), kind);
        // Ordinary checkpoint prose is not a secret.
        assert_eq!(found("## 4. Key Decisions"), None);
        assert_eq!(found("**Key:** value"), None);
        assert_eq!(found("- Token format: base64url, no padding"), None);
        assert_eq!(found("password = correcthorsebattery"), None); // no digits
        assert_eq!(
            found("token: 9cc9b04e5f1a2b3c4d5e6f708192a3b4c5d6e7f8"),
            None
        ); // a git id
        assert_eq!(found("keyboard: aaaaaaaaaaaa1111"), None); // low entropy
        assert_eq!(found("monkey patching is fine"), None);
    }

    #[test]
    fn near_misses_are_not_tokens() {
        assert_eq!(scan(&token("ghp_", 20)), None); // too short
        assert_eq!(scan("ghp_ is GitHub's prefix"), None);
        assert_eq!(scan("-----BEGIN PUBLIC KEY-----"), None);
        assert_eq!(scan("xoxb-short"), None);
    }

    #[test]
    fn lines_are_counted_from_one_and_every_line_is_reported() {
        let t = token("ghs_", 36);
        let text = format!("{t}\nplain\n\nx {t}");
        let all = scan_all(&text);
        assert_eq!(all.iter().map(|f| f.line).collect::<Vec<_>>(), vec![1, 4]);
        assert_eq!(scan("").map(|f| f.line), None);
    }

    #[test]
    fn entropy_of_simple_strings() {
        assert_eq!(entropy(""), 0.0);
        assert_eq!(entropy("aaaa"), 0.0);
        assert!((entropy("ab") - 1.0).abs() < 1e-9);
        assert!((entropy("abcd") - 2.0).abs() < 1e-9);
    }
}
