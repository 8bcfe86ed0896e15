//! The secret guard: finds credentials in text before it is written to a checkpoint or pushed
//! to a remote, so a token pasted into a document never reaches a shared ref.
//!
//! The rules are modelled on gitleaks' published rule set (`config/gitleaks.toml`, MIT): the
//! token formats whose prefixes or shapes are documented by their issuers, private key blocks,
//! URLs and HTTP headers carrying a password or token, and one generic rule for
//! `key/secret/token/password = value` assignments whose value looks generated (Shannon entropy
//! of at least [`GENERIC_MIN_ENTROPY`] bits per character, as gitleaks' `generic-api-key` rule,
//! or a long hexadecimal value under a name that does not say digest, hash or commit). Each
//! rule names its source (the issuer's documentation or the gitleaks rule id) beside it.
//!
//! No crate fit when this was last checked (December 2026): `cribra` and `keyspoor` (gitleaks'
//! rules) need Rust 1.96 or later (our `rust-version` is 1.91) and bundle archive readers, an
//! MCP server or a parallel runtime; `nosecrets-rules` has 50 rules (no OpenAI, Anthropic,
//! JWT, Google OAuth, Vault or age keys) and loads them from TOML at run time; `rusty_hogs` and
//! `secretscout` are applications with cloud SDKs and async runtimes. Hence the list here.
//!
//! Speed: the scan runs in every save, including the agents' hooks. A single Aho-Corasick
//! automaton over every rule's lower-case keywords, searched in a lower-cased copy of each line
//! (so matched ASCII-case-insensitively), picks the rules that can match; the few rules without
//! a keyword, and some with a common one, have a gate (a cheap byte test that every line they
//! match passes); a rule's regex is compiled the first time a line needs it, so a document
//! that mentions no keyword and passes no gate compiles none. Every step is linear in the
//! line's length: the regexes are the `regex` crate's (no backtracking), each runs at most once
//! over a line, and the generic rule's hand-written walk looks at most [`GENERIC_MAX_LEN`] bytes
//! past each `=` or `:`.
//!
//! This module only finds; it never prints what it found. A [`Finding`] names the line, the
//! kind and a short fingerprint of the value, never the secret itself.

mod guard;

pub use guard::{
    accepted_history, enabled, judge_revision, revision_findings, AcceptedOn, Held, HISTORY_LIMIT,
    REVISION_PLACES,
};

use crate::error::{Error, Result};
use aho_corasick::AhoCorasick;
use regex::bytes::{Captures, Regex, RegexBuilder};
use std::sync::{LazyLock, OnceLock};

/// Least Shannon entropy (bits per character) of a generic assignment's value to count as a
/// secret; gitleaks' `generic-api-key` uses the same bound.
pub const GENERIC_MIN_ENTROPY: f64 = 3.5;
/// Least length of a generic assignment's value to count as a secret.
pub const GENERIC_MIN_LEN: usize = 12;
/// Most bytes of a generic assignment's value looked at (gitleaks' bound is 150): longer runs
/// are judged on their first bytes, which keeps the walk linear on hostile lines.
pub const GENERIC_MAX_LEN: usize = 256;
/// Least length of a hexadecimal value under a secret-like name to count as a secret (an API
/// key of 128 bits or more); shorter hex strings are abbreviated git ids and short digests.
pub const HEX_MIN_LEN: usize = 32;

/// One credential found: where, what kind, and a fingerprint of the value (never the value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// 1-based line number in the scanned text (lines split on `\n`).
    pub line: usize,
    /// What it looks like, e.g. `GitHub personal access token`.
    pub kind: &'static str,
    /// [`fingerprint`] of the value: the token, the URL's password, the assignment's value, or
    /// for a private key block the block from its `BEGIN` line to its `END` line.
    pub fingerprint: String,
}

/// How a rule's match is judged once its regex matched; the value is capture group 1 (the
/// whole match when the rule has no group).
#[derive(Debug, Clone, Copy)]
enum Check {
    /// The value must not be a [`placeholder`].
    Value,
    /// Not a placeholder, and at least this Shannon entropy in bits per character.
    Entropy(f64),
    /// A token after `Bearer`: not a placeholder, letters and digits, entropy of at least 3.
    Opaque,
    /// A URL's userinfo: group 2 the user, group 3 the password, which must not be a
    /// placeholder, an environment or template reference, nor the user name again.
    UrlPassword,
    /// A private key block's `BEGIN` line: always a finding; the fingerprint covers the block.
    Block,
    /// Not a placeholder, at least this entropy, and not one of these values an issuer
    /// publishes in its documentation (matched as prefixes: Azurite's account key, Stripe's
    /// test keys).
    Public(f64, &'static [&'static str]),
    /// A JSON Web Token that is not a documented sample ([`jwt_sample`]).
    Jwt,
    /// Base64 of `user:password` (HTTP basic, docker's `config.json` `auth`): the decoded
    /// password judged as a URL's ([`url_password`]); with `strict`, a value that does not
    /// decode to `user:password` is no finding, else it is judged as [`Check::Value`].
    BasicAuth { strict: bool },
}

/// A rule with a documented format: its kind, the literals one of which a matching line holds
/// (lower case, matched ASCII-case-insensitively; none: the regex's own literal prefix is the
/// prefilter), a cheap test that every matching line passes (the regex is compiled and run only
/// on a line that passes it), the regex (ASCII, bytes) and the check of its value.
struct Rule {
    kind: &'static str,
    keywords: &'static [&'static str],
    gate: Option<fn(&[u8]) -> bool>,
    pattern: &'static str,
    check: Check,
}

const fn rule(
    kind: &'static str,
    keywords: &'static [&'static str],
    pattern: &'static str,
    check: Check,
) -> Rule {
    Rule {
        kind,
        keywords,
        gate: None,
        pattern,
        check,
    }
}

/// [`rule`] with a gate: a test that every line the regex matches passes, and that costs a
/// fraction of compiling the regex (about a million instructions for a bounded repetition such
/// as `[0-9a-f]{32}`, which every save would otherwise pay for the rules without keywords).
const fn gated(
    kind: &'static str,
    keywords: &'static [&'static str],
    gate: fn(&[u8]) -> bool,
    pattern: &'static str,
    check: Check,
) -> Rule {
    Rule {
        gate: Some(gate),
        ..rule(kind, keywords, pattern, check)
    }
}

/// Whether `line` holds a run of at least `n` bytes that satisfy `class`.
fn has_run(line: &[u8], n: usize, class: impl Fn(u8) -> bool) -> bool {
    let mut run = 0;
    line.iter().any(|&b| {
        run = if class(b) { run + 1 } else { 0 };
        run >= n
    })
}

/// Gate of the rules whose value is 32 hexadecimal digits.
fn has_hex32(line: &[u8]) -> bool {
    has_run(line, 32, |b| b.is_ascii_hexdigit())
}

/// Gate of the Discord rule: its first part, a letter and 23 or more token characters, then `.`.
fn has_token24_dot(line: &[u8]) -> bool {
    let token = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
    let mut run = 0;
    line.iter().any(|&b| {
        let done = b == b'.' && run >= 24;
        run = if token(b) { run + 1 } else { 0 };
        done
    })
}

/// Gate of the URL rules: an `@` (the end of the userinfo) after the first `://`.
fn has_userinfo(line: &[u8]) -> bool {
    memchr::memmem::find(line, b"://")
        .is_some_and(|i| memchr::memchr(b'@', &line[i + 3..]).is_some())
}

/// The kind of the generic rule's finding for a hexadecimal value.
pub const HEX_ASSIGNMENT: &str = "hex secret assignment";
/// The kind of the generic rule's finding for any other value.
pub const GENERIC_ASSIGNMENT: &str = "high-entropy secret assignment";

/// Where a token ends: anything but its own alphabet, or the end of the line.
macro_rules! end {
    () => {
        r"(?:[^0-9A-Za-z_-]|$)"
    };
}

/// The documented formats, most specific first: a line's finding is the first rule in this
/// order that accepts a match on it.
const RULES: &[Rule] = &[
    // Google Cloud service account key files (docs: "Create and delete service account keys",
    // the JSON key file's `private_key` field); before the generic block rule for its kind.
    rule(
        "GCP service account private key",
        &["private_key"],
        r#""private_key"\s*:\s*"-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY-----"#,
        Check::Block,
    ),
    // gitleaks `private-key`: PEM (RFC 7468), OpenSSH and OpenPGP (RFC 4880) private keys.
    rule(
        "private key block",
        &["private key"],
        r"-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----",
        Check::Block,
    ),
    // gitleaks `age-secret-key`; age's spec: Bech32 with the AGE-SECRET-KEY- HRP.
    rule(
        "age secret key",
        &["age-secret-key-1"],
        r"(AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})",
        Check::Value,
    ),
    // gitleaks `aws-access-token`; AWS IAM docs "Unique identifiers" (AKIA long-term, ASIA
    // temporary). AWS's documented examples end in EXAMPLE and are placeholders.
    rule(
        "AWS access key ID",
        &["akia", "asia", "abia", "acca", "a3t"],
        r"\b((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b",
        Check::Entropy(3.0),
    ),
    // The secret beside it in the AWS CLI's `credentials` file and environment variables.
    rule(
        "AWS secret access key",
        &["aws"],
        r#"(?i)aws_?secret_?(?:access_?)?key["'`*]*\s*(?:=|:|=>)\s*["'`]?([A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+]|$)"#,
        Check::Value,
    ),
    // GitHub's token formats (github.blog 2021-04-05, "Behind GitHub's new authentication
    // token formats"); gitleaks `github-pat`, `github-oauth`, `github-app-token`,
    // `github-refresh-token`, `github-fine-grained-pat`.
    rule(
        "GitHub personal access token",
        &["ghp_"],
        r"\b(ghp_[0-9A-Za-z]{36})\b",
        Check::Entropy(3.0),
    ),
    rule(
        "GitHub OAuth access token",
        &["gho_"],
        r"\b(gho_[0-9A-Za-z]{36})\b",
        Check::Entropy(3.0),
    ),
    rule(
        "GitHub user-to-server token",
        &["ghu_"],
        r"\b(ghu_[0-9A-Za-z]{36})\b",
        Check::Entropy(3.0),
    ),
    rule(
        "GitHub server-to-server token",
        &["ghs_"],
        r"\b(ghs_[0-9A-Za-z]{36})\b",
        Check::Entropy(3.0),
    ),
    rule(
        "GitHub refresh token",
        &["ghr_"],
        r"\b(ghr_[0-9A-Za-z]{36})\b",
        Check::Entropy(3.0),
    ),
    rule(
        "GitHub fine-grained personal access token",
        &["github_pat_"],
        r"\b(github_pat_[0-9A-Za-z_]{82})\b",
        Check::Entropy(3.0),
    ),
    // GitLab's token prefixes (docs.gitlab.com "Token overview", prefixes table); gitleaks
    // `gitlab-pat`, `gitlab-deploy-token`, `gitlab-runner-authentication-token`, `gitlab-ptt`
    // and the other `gitlab-*` rules.
    rule(
        "GitLab personal access token",
        &["glpat-"],
        r"\b(glpat-[0-9A-Za-z_-]{20,})",
        Check::Entropy(3.0),
    ),
    rule(
        "GitLab deploy token",
        &["gldt-"],
        r"\b(gldt-[0-9A-Za-z_-]{20,})",
        Check::Entropy(3.0),
    ),
    rule(
        "GitLab runner authentication token",
        &["glrt-"],
        r"\b(glrt-[0-9A-Za-z_-]{20,})",
        Check::Entropy(3.0),
    ),
    rule(
        "GitLab pipeline trigger token",
        &["glptt-"],
        r"\b(glptt-[0-9a-f]{40})\b",
        Check::Entropy(3.0),
    ),
    rule(
        "GitLab token",
        &[
            "glcbt-", "glft-", "glsoat-", "gloas-", "glimt-", "glffct-", "glagent-",
        ],
        r"\b((?:glcbt|glft|glsoat|gloas|glimt|glffct|glagent)-[0-9A-Za-z_-]{20,})",
        Check::Entropy(3.0),
    ),
    // Slack's token types (api.slack.com "Token types": xoxb bot, xoxp user, xapp app-level,
    // and the legacy xoxa/xoxo/xoxr/xoxs); gitleaks `slack-*-token`.
    rule(
        "Slack bot token",
        &["xoxb-"],
        r"\b(xoxb-[0-9A-Za-z-]{10,})",
        Check::Entropy(3.0),
    ),
    rule(
        "Slack user token",
        &["xoxp-", "xoxe-"],
        r"\b(xox[pe]-[0-9A-Za-z-]{10,})",
        Check::Entropy(3.0),
    ),
    rule(
        "Slack app-level token",
        &["xapp-"],
        r"\b(xapp-[0-9]-[0-9A-Za-z-]{10,})",
        Check::Entropy(3.0),
    ),
    rule(
        "Slack token",
        &["xoxa-", "xoxo-", "xoxr-", "xoxs-"],
        r"\b(xox[aors]-[0-9A-Za-z-]{10,})",
        Check::Entropy(3.0),
    ),
    // gitleaks `slack-webhook-url`; api.slack.com "Sending messages using incoming webhooks".
    rule(
        "Slack webhook URL",
        &["hooks.slack.com"],
        r"hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9+/]{43,56})",
        Check::Value,
    ),
    // Discord's bot token: base64 of the bot's user id, a timestamp, an HMAC, dot-separated
    // (discord.com developers docs "Authentication"; GitHub secret scanning's Discord pattern).
    gated(
        "Discord bot token",
        &[],
        has_token24_dot,
        concat!(
            r"\b([MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40})",
            end!()
        ),
        Check::Entropy(3.5),
    ),
    // Discord "Execute Webhook": /api/webhooks/{webhook.id}/{webhook.token}.
    rule(
        "Discord webhook URL",
        &["discord.com/api/webhooks", "discordapp.com/api/webhooks"],
        r"discord(?:app)?\.com/api/webhooks/([0-9]{17,20}/[A-Za-z0-9_-]{60,68})",
        Check::Value,
    ),
    // Stripe's API keys (docs.stripe.com "API keys": sk_live_, sk_test_, rk_live_, rk_test_;
    // "Webhooks": whsec_); gitleaks `stripe-access-token`.
    rule(
        "Stripe live secret key",
        &["sk_live_"],
        r"\b(sk_live_[0-9A-Za-z]{10,247})\b",
        Check::Entropy(3.0),
    ),
    rule(
        "Stripe test secret key",
        &["sk_test_"],
        r"\b(sk_test_[0-9A-Za-z]{10,247})\b",
        Check::Public(3.0, STRIPE_DOCS_KEYS),
    ),
    rule(
        "Stripe restricted key",
        &["rk_live_", "rk_test_"],
        r"\b(rk_(?:live|test)_[0-9A-Za-z]{10,247})\b",
        Check::Public(3.0, STRIPE_DOCS_KEYS),
    ),
    rule(
        "Stripe webhook signing secret",
        &["whsec_"],
        r"\b(whsec_[0-9A-Za-z+/=]{32,})",
        Check::Entropy(3.0),
    ),
    // gitleaks `openai-api-key`: every key holds T3BlbkFJ (base64 of "OpenAI"); project,
    // service account and admin keys (sk-proj-, sk-svcacct-, sk-admin-) without it as well.
    rule(
        "OpenAI API key",
        &["t3blbkfj"],
        concat!(
            r"\b(sk-(?:(?:proj|svcacct|admin)-)?[A-Za-z0-9_-]{20,200}T3BlbkFJ[A-Za-z0-9_-]{20,200})",
            end!()
        ),
        Check::Value,
    ),
    rule(
        "OpenAI API key",
        &["sk-proj-", "sk-svcacct-", "sk-admin-"],
        concat!(
            r"\b(sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,250})",
            end!()
        ),
        Check::Entropy(3.5),
    ),
    // gitleaks `anthropic-api-key` and `anthropic-admin-api-key` (sk-ant-api03-, sk-ant-admin01-).
    rule(
        "Anthropic API key",
        &["sk-ant-"],
        concat!(
            r"\b(sk-ant-(?:api|admin)[0-9]{2}-[A-Za-z0-9_-]{80,120})",
            end!()
        ),
        Check::Entropy(3.0),
    ),
    // gitleaks `gcp-api-key`; Google Cloud docs "Manage API keys" (AIza prefix, 39 chars).
    rule(
        "Google API key",
        &["aiza"],
        concat!(r"\b(AIza[0-9A-Za-z_-]{35})", end!()),
        Check::Entropy(3.0),
    ),
    // Google Cloud OAuth client secrets are GOCSPX- and 28 characters since 2021 (Google Cloud
    // blog "Client secret hashing and prefixes"; GitHub secret scanning's Google pattern).
    rule(
        "Google OAuth client secret",
        &["gocspx-"],
        concat!(r"\b(GOCSPX-[0-9A-Za-z_-]{28})", end!()),
        Check::Entropy(3.0),
    ),
    // Google OAuth 2.0 access tokens (ya29. prefix; GitHub secret scanning's Google pattern).
    rule(
        "Google OAuth access token",
        &["ya29."],
        r"\b(ya29\.[0-9A-Za-z_-]{20,})",
        Check::Entropy(3.0),
    ),
    // gitleaks `jwt`: header and payload are base64url JSON objects (RFC 7519), so both start
    // with eyJ.
    rule(
        "JSON Web Token",
        &["eyj"],
        r"\b(eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*)",
        Check::Jwt,
    ),
    // gitleaks `npm-access-token`; docs.npmjs.com "About access tokens" (npm_ prefix).
    rule(
        "npm access token",
        &["npm_"],
        r"\b(npm_[A-Za-z0-9]{36})\b",
        Check::Entropy(3.0),
    ),
    // gitleaks `pypi-upload-token`: a macaroon whose first bytes encode the pypi.org (or
    // test.pypi.org) location (pypi.org/help "API tokens").
    rule(
        "PyPI upload token",
        &["pypi-ageichlwas5vcmc", "pypi-agendgvzdc5wexbplm9yzw"],
        r"\b(pypi-(?:AgEIcHlwaS5vcmc|AgENdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,})",
        Check::Value,
    ),
    // gitleaks `sendgrid-api-token`: SG.<22>.<43> (docs.sendgrid.com "API keys").
    rule(
        "SendGrid API key",
        &["sg."],
        concat!(r"\b(SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})", end!()),
        Check::Entropy(3.0),
    ),
    // gitleaks `twilio-api-key`: API key SIDs are SK and 32 hex (twilio.com docs "API keys").
    gated(
        "Twilio API key",
        &[],
        has_hex32,
        r"\b(SK[0-9a-fA-F]{32})\b",
        Check::Entropy(3.0),
    ),
    // A Twilio auth token (32 hex) named as such, or after the account SID (AC and 32 hex) as
    // the HTTP basic password (twilio.com docs "Auth tokens", "Authenticate with HTTP").
    rule(
        "Twilio auth token",
        &["twilio"],
        r#"(?i)twilio[A-Za-z0-9_.-]{0,20}?token["'`\s]*(?:=|:)\s*["'`]?([0-9a-f]{32})\b"#,
        Check::Entropy(3.0),
    ),
    // In code the SID and the token are the two arguments of the client's constructor
    // (`Client("AC…", "…")`, `twilio('AC…', '…')`) or two assignments on one line
    // (`sid = "AC…"; token = "…"`); no bounded repetition, which would cost every save whose
    // document holds a commit id a larger regex to compile.
    gated(
        "Twilio auth token",
        &[],
        has_hex32,
        r#"\bAC[0-9a-f]{32}["'`]?\s*[,:;]\s*(?:[A-Za-z_][A-Za-z0-9_]*\s*=\s*)?["'`]?([0-9a-f]{32})\b"#,
        Check::Entropy(3.0),
    ),
    // gitleaks `mailgun-private-api-token` (key- and 32 hex).
    rule(
        "Mailgun API key",
        &["key-"],
        r"\b(key-[0-9a-f]{32})\b",
        Check::Entropy(3.0),
    ),
    // gitleaks `mailchimp-api-key`: 32 hex, a dash and the data center (mailchimp.com
    // developer docs "API keys").
    rule(
        "Mailchimp API key",
        &["-us"],
        r"\b([0-9a-f]{32}-us[0-9]{1,2})\b",
        Check::Entropy(3.0),
    ),
    // gitleaks `shopify-access-token`, `shopify-custom-access-token`,
    // `shopify-private-app-access-token`, `shopify-shared-secret`.
    rule(
        "Shopify access token",
        &["shpat_", "shpca_", "shppa_"],
        r"\b(shp(?:at|ca|pa)_[0-9a-fA-F]{32})\b",
        Check::Entropy(3.0),
    ),
    rule(
        "Shopify shared secret",
        &["shpss_"],
        r"\b(shpss_[0-9a-fA-F]{32})\b",
        Check::Entropy(3.0),
    ),
    // gitleaks `square-access-token` (EAAA, legacy sq0atp-); Square's OAuth application secret
    // is sq0csp- (developer.squareup.com "OAuth API").
    rule(
        "Square access token",
        &["eaaa", "sq0atp-"],
        concat!(r"\b((?:EAAA|sq0atp-)[0-9A-Za-z_-]{22,60})", end!()),
        Check::Entropy(3.0),
    ),
    rule(
        "Square OAuth secret",
        &["sq0csp-"],
        concat!(r"\b(sq0csp-[0-9A-Za-z_-]{43})", end!()),
        Check::Entropy(3.0),
    ),
    // gitleaks `digitalocean-pat`, `digitalocean-access-token`, `digitalocean-refresh-token`.
    rule(
        "DigitalOcean token",
        &["dop_v1_", "doo_v1_", "dor_v1_"],
        r"\b(do[opr]_v1_[a-f0-9]{64})\b",
        Check::Entropy(3.0),
    ),
    // gitleaks `heroku-api-key-v2` (HRKU-AA) and `heroku-api-key` (a UUID named heroku).
    rule(
        "Heroku API key",
        &["hrku-"],
        concat!(r"\b(HRKU-AA[0-9A-Za-z_-]{58})", end!()),
        Check::Entropy(3.0),
    ),
    rule(
        "Heroku API key",
        &["heroku"],
        r#"(?i)heroku[A-Za-z0-9_.-]{0,20}["'`\s]*(?:=|:)\s*["'`]?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b"#,
        Check::Entropy(3.0),
    ),
    // gitleaks `vault-service-token` (hvs.) and `vault-batch-token` (hvb.); HashiCorp Vault
    // docs "Tokens" (token prefixes).
    rule(
        "HashiCorp Vault token",
        &["hvs.", "hvb."],
        concat!(r"\b(hv[sb]\.[A-Za-z0-9_-]{90,300})", end!()),
        Check::Entropy(3.0),
    ),
    // gitleaks `hashicorp-tf-api-token`: <14>.atlasv1.<60-70> (Terraform Cloud API tokens).
    rule(
        "Terraform Cloud API token",
        &[".atlasv1."],
        r"(?i)\b([a-z0-9]{14}\.atlasv1\.[a-z0-9_=-]{60,70})",
        Check::Entropy(3.0),
    ),
    // gitleaks `databricks-api-token` (dapi and 32 hex).
    rule(
        "Databricks API token",
        &["dapi"],
        r"\b(dapi[a-f0-9]{32}(?:-[0-9])?)\b",
        Check::Entropy(3.0),
    ),
    // gitleaks `huggingface-access-token` (hf_ and 34 letters) and `-organization-api-token`.
    rule(
        "Hugging Face access token",
        &["hf_", "api_org_"],
        r"\b((?:hf_|api_org_)[A-Za-z]{34})\b",
        Check::Entropy(3.0),
    ),
    // gitleaks `linear-api-key` (lin_api_ and 40).
    rule(
        "Linear API key",
        &["lin_api_"],
        r"\b(lin_api_[A-Za-z0-9]{40})\b",
        Check::Entropy(3.0),
    ),
    // gitleaks `atlassian-api-token` (the ATATT3 format of Atlassian API tokens since 2023).
    rule(
        "Atlassian API token",
        &["atatt3"],
        r"\b(ATATT3[A-Za-z0-9_=-]{180,})",
        Check::Entropy(3.0),
    ),
    // Azure Storage connection strings (learn.microsoft.com "Configure Azure Storage
    // connection strings"): AccountKey is 64 bytes in base64.
    rule(
        "Azure storage account key",
        &["accountkey="],
        r"(?i)AccountKey=([A-Za-z0-9+/]{86}==)",
        // Azurite's well-known development account key (learn.microsoft.com "Use the Azurite
        // emulator", "Authorization for tools and SDKs") is public by design.
        Check::Public(0.0, &["Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6I"]),
    ),
    // gitleaks `azure-ad-client-secret` (three characters, a digit, Q~, then 31 to 34).
    rule(
        "Azure AD client secret",
        &["q~"],
        r#"(?:^|[\\'"`\s>=:(,)])([A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34})(?:$|[\\'"`\s<),])"#,
        Check::Entropy(3.0),
    ),
    // Azure shared access signatures (learn.microsoft.com "Create SAS tokens"): a URL or
    // connection string whose query holds the signed version `sv=` and the signature `sig=`
    // (base64 of an HMAC-SHA256, URL-encoded).
    rule(
        "Azure SAS token",
        &["sig="],
        r#"(?i)\bsv=[0-9]{4}-[0-9]{2}-[0-9]{2}&[^\s"'<>`]*?&sig=([A-Za-z0-9%+/]{30,}(?:=|%3d){0,2})"#,
        Check::Entropy(3.0),
    ),
    // Azure Service Bus, Event Hubs and IoT Hub connection strings (learn.microsoft.com
    // "Service Bus access control with Shared Access Signatures"): a 256-bit key in base64.
    rule(
        "Azure shared access key",
        &["sharedaccesskey="],
        r"(?i)SharedAccessKey=([A-Za-z0-9+/]{42,43}=)",
        Check::Entropy(3.0),
    ),
    // Docker Hub personal and organization access tokens (docs.docker.com "Access tokens":
    // dckr_pat_, dckr_oat_).
    rule(
        "Docker Hub access token",
        &["dckr_pat_", "dckr_oat_"],
        concat!(r"\b(dckr_(?:pat|oat)_[A-Za-z0-9_-]{24,})", end!()),
        Check::Entropy(3.0),
    ),
    // AWS STS session tokens (docs.aws.amazon.com "Temporary security credentials"): the
    // third value beside a temporary key, named as such or recognised by its first bytes
    // (base64 of the token's binary header, IQoJb3JpZ2luX2Vj or FwoGZXIvYXdzE).
    rule(
        "AWS session token",
        &["aws"],
        r#"(?i)aws_?session_?token["'`*]*\s*(?:=|:|=>)\s*["'`]?([A-Za-z0-9/+=]{100,})"#,
        Check::Value,
    ),
    rule(
        "AWS session token",
        &["iqojb3jpz2lux2vj", "fwogzxivyxdze", "fqogzxivyxdze"],
        r"\b((?:IQoJb3JpZ2luX2Vj|F[wQ]oGZXIvYXdzE)[A-Za-z0-9/+=]{80,})",
        Check::Value,
    ),
    // gitleaks `telegram-bot-api-token`; core.telegram.org/bots/api "Authorizing your bot".
    rule(
        "Telegram bot token",
        &[":aa"],
        concat!(r"\b([0-9]{8,10}:AA[0-9A-Za-z_-]{33})", end!()),
        Check::Entropy(3.0),
    ),
    // gitleaks `sentry-user-token` (sntryu_) and `sentry-org-token` (sntrys_).
    rule(
        "Sentry auth token",
        &["sntryu_", "sntrys_"],
        r"\b(sntryu_[a-f0-9]{64}|sntrys_eyJ[A-Za-z0-9+/=_-]{50,})",
        Check::Entropy(3.0),
    ),
    // gitleaks `grafana-service-account-token` (glsa_) and `grafana-cloud-api-token` (glc_).
    rule(
        "Grafana token",
        &["glsa_", "glc_"],
        r"\b(glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,400}={0,3})",
        Check::Entropy(3.0),
    ),
    // gitleaks `doppler-api-token`; docs.doppler.com "Token formats" (dp.pt., dp.st., ...).
    rule(
        "Doppler token",
        &[
            "dp.pt.",
            "dp.st.",
            "dp.sa.",
            "dp.ct.",
            "dp.scim.",
            "dp.audit.",
        ],
        r"\b(dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44})\b",
        Check::Entropy(3.0),
    ),
    // gitleaks `pulumi-api-token` (pul- and 40 hex).
    rule(
        "Pulumi access token",
        &["pul-"],
        r"\b(pul-[a-f0-9]{40})\b",
        Check::Entropy(3.0),
    ),
    // gitleaks `postman-api-token` (PMAK-<24>-<34>).
    rule(
        "Postman API key",
        &["pmak-"],
        r"(?i)\b(PMAK-[a-f0-9]{24}-[a-f0-9]{34})\b",
        Check::Entropy(3.0),
    ),
    // gitleaks `planetscale-api-token`, `planetscale-password`, `planetscale-oauth-token`.
    rule(
        "PlanetScale token",
        &["pscale_"],
        r"\b(pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_=.-]{32,64})",
        Check::Entropy(3.0),
    ),
    // gitleaks `rubygems-api-token` (rubygems_ and 48 hex).
    rule(
        "RubyGems API key",
        &["rubygems_"],
        r"\b(rubygems_[a-f0-9]{48})\b",
        Check::Entropy(3.0),
    ),
    // gitleaks `new-relic-user-api-key` (NRAK- and 27).
    rule(
        "New Relic API key",
        &["nrak-"],
        r"\b(NRAK-[A-Z0-9]{27})\b",
        Check::Entropy(3.0),
    ),
    // gitleaks `dynatrace-api-token` (dt0c01.<24>.<64>).
    rule(
        "Dynatrace API token",
        &["dt0c01."],
        r"(?i)\b(dt0c01\.[a-z0-9]{24}\.[a-z0-9]{64})\b",
        Check::Entropy(3.0),
    ),
    // A password in a database or broker URL's userinfo (RFC 3986 section 3.2.1); gitleaks
    // has no URL rule, GitHub secret scanning has one per scheme.
    gated(
        "database URL with a password",
        &["://"],
        has_userinfo,
        r#"(?i)\b((?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver|cockroachdb|clickhouse|couchdb|neo4j(?:\+s)?|cassandra|memcached|nats)://)([^\s:/@'"`<>]*):([^\s/@'"`<>]+)@"#,
        Check::UrlPassword,
    ),
    gated(
        "URL with a password",
        &["://"],
        has_userinfo,
        r#"(?i)\b([a-z][a-z0-9+.-]{1,30}://)([^\s:/@'"`<>]*):([^\s/@'"`<>]+)@"#,
        Check::UrlPassword,
    ),
    // HTTP credentials in an Authorization header (RFC 6750 Bearer, RFC 7617 Basic); gitleaks
    // `curl-auth-header`, without requiring curl.
    rule(
        "HTTP bearer token",
        &["bearer"],
        r"(?i)\bbearer\s+([A-Za-z0-9._~+/-]{16,}=*)",
        Check::Opaque,
    ),
    rule(
        "HTTP basic credentials",
        &["basic"],
        r"(?i)\bauthorization\s*:\s*basic\s+([A-Za-z0-9+/]{8,}={0,2})",
        Check::BasicAuth { strict: false },
    ),
    // Docker's `config.json` (docs.docker.com "docker login", credentials store): each
    // registry of `auths` holds `"auth": "<base64 of user:password>"`, or an identity token.
    rule(
        "Docker registry credentials",
        &["\"auth\""],
        r#""auth"\s*:\s*"([A-Za-z0-9+/]{8,}={0,2})""#,
        Check::BasicAuth { strict: true },
    ),
    rule(
        "Docker registry credentials",
        &["\"identitytoken\"", "\"registrytoken\""],
        r#"(?i)"(?:identitytoken|registrytoken)"\s*:\s*"([A-Za-z0-9._~+/=-]{20,})""#,
        Check::Entropy(3.0),
    ),
];

/// Stripe's test keys printed in its public documentation and sample code (docs.stripe.com
/// "API keys" and the API reference's examples): known to everyone, not a leak.
const STRIPE_DOCS_KEYS: &[&str] = &[
    "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
    "sk_test_26PHem9AhJZvU623DfE1x4sd",
    "rk_test_26PHem9AhJZvU623DfE1x4sd",
];

/// Words in a generic assignment's name that make it a candidate (any case).
const GENERIC_NAMES: &[&str] = &["key", "secret", "token", "passw", "pwd", "credential"];

/// Words just before a generic assignment's operator that say its value is a digest, an id or
/// otherwise public (`commit_sha`, `key_sha256`, `public_key`, `cache key`): such values are
/// not secrets even when long, hexadecimal or random-looking.
const NOT_SECRET_HINTS: &[&str] = &[
    "sha",
    "hash",
    "digest",
    "checksum",
    "commit",
    "cache",
    "fingerprint",
    "public",
    "pub_",
    "etag",
    "integrity",
    "revision",
    "oid",
    "md5",
    "crc",
    "_id",
    "-id",
    " id",
    "uuid",
    "gpg",
    "pgp",
    "lock key",
    "lockfile",
];

/// The Aho-Corasick pattern index of the generic rule's names follows the rules' keywords.
struct Prefilter {
    automaton: AhoCorasick,
    /// For each pattern: the index into [`RULES`], or `None` for a [`GENERIC_NAMES`] word.
    owner: Vec<Option<usize>>,
    /// Rules without keywords: tried on every line (their regex's literal prefix is the
    /// prefilter).
    always: u128,
}

static PREFILTER: LazyLock<Prefilter> = LazyLock::new(|| {
    let mut words = Vec::new();
    let mut owner = Vec::new();
    let mut always = 0u128;
    for (i, r) in RULES.iter().enumerate() {
        if r.keywords.is_empty() {
            always |= 1 << i;
        }
        for k in r.keywords {
            words.push(*k);
            owner.push(Some(i));
        }
    }
    for k in GENERIC_NAMES {
        words.push(*k);
        owner.push(None);
    }
    // A noncontiguous NFA over the lower-case keywords, searched in a lower-cased copy of each
    // line: built in half the instructions of an ASCII-case-insensitive contiguous NFA (0.6 M
    // against 1.4 M, and every save and hook process builds it once) and a twentieth of a
    // DFA's; its slower search only shows on documents of megabytes.
    let automaton = AhoCorasick::builder()
        .kind(Some(aho_corasick::AhoCorasickKind::NoncontiguousNFA))
        .build(&words)
        .expect("the built-in keywords are valid");
    Prefilter {
        automaton,
        owner,
        always,
    }
});

/// Each rule's regex, compiled the first time a line needs it.
static COMPILED: LazyLock<Vec<OnceLock<Regex>>> =
    LazyLock::new(|| RULES.iter().map(|_| OnceLock::new()).collect());

fn regex(i: usize) -> &'static Regex {
    COMPILED[i].get_or_init(|| {
        // ASCII classes and word boundaries: the lazy DFA then handles any byte, so a scan
        // never falls back to a slower engine on non-ASCII text.
        RegexBuilder::new(RULES[i].pattern)
            .unicode(false)
            .build()
            .expect("the built-in rules are valid")
    })
}

/// Builds the keyword prefilter and compiles the rules tried on every line, which the first
/// scan of a process does otherwise: for callers that scan inside a time-critical window
/// (push, between its fetch and its `git push`). Idempotent.
pub fn prepare() {
    let pre = &*PREFILTER;
    let mut always = pre.always;
    while always != 0 {
        let _ = regex(always.trailing_zeros() as usize);
        always &= always - 1;
    }
}

/// The first credential in `text`, scanning line by line (earliest line first; within a line
/// the documented formats in their order, then the generic rule), or `None`.
pub fn scan(text: &str) -> Option<Finding> {
    Scanner::new(text).next()
}

/// Every line of `text` that holds a credential, in order (one finding per line).
pub fn scan_all(text: &str) -> Vec<Finding> {
    Scanner::new(text).collect()
}

/// The findings of a text, line by line; keeps where the last private key block ended so the
/// blocks' fingerprints cost one pass over the text.
struct Scanner<'t> {
    text: &'t [u8],
    /// Byte offset of the next line to scan.
    at: usize,
    /// 1-based number of the next line.
    line: usize,
    /// Offset of the next `-----END` at or after a block's start (cached across findings).
    block_end: Option<usize>,
    /// The current line, lower-cased (ASCII), for the keyword search.
    lower: Vec<u8>,
    /// The text holds a Kubernetes Secret manifest (`kind: Secret`, YAML or JSON).
    k8s: bool,
    /// Inside a Secret's `data:` (base64 values) or `stringData:` block: the indent of the
    /// line that opened it and whether its values are base64.
    k8s_block: Option<(usize, bool)>,
}

impl<'t> Scanner<'t> {
    fn new(text: &'t str) -> Self {
        Scanner {
            text: text.as_bytes(),
            at: 0,
            line: 1,
            block_end: None,
            lower: Vec::new(),
            k8s: k8s_secret(text.as_bytes()),
            k8s_block: None,
        }
    }

    /// The fingerprint of a private key block starting at byte `start` of the text: the text
    /// from there to the end of the line holding the next `-----END` (or to the end).
    fn block_fingerprint(&mut self, start: usize) -> String {
        let end = match self.block_end {
            Some(end) if end >= start => end,
            _ => {
                let end = memchr::memmem::find(&self.text[start..], b"-----END")
                    .map(|i| start + i)
                    .map(|i| {
                        memchr::memchr(b'\n', &self.text[i..]).map_or(self.text.len(), |n| i + n)
                    })
                    .unwrap_or(self.text.len());
                self.block_end = Some(end);
                end
            }
        };
        fingerprint(&self.text[start..end])
    }
}

impl Iterator for Scanner<'_> {
    type Item = Finding;

    fn next(&mut self) -> Option<Finding> {
        while self.at <= self.text.len() {
            let start = self.at;
            let end =
                memchr::memchr(b'\n', &self.text[start..]).map_or(self.text.len(), |i| start + i);
            let number = self.line;
            self.at = end + 1;
            self.line += 1;
            let line = &self.text[start..end];
            let secret_data = if self.k8s {
                k8s_data(line, &mut self.k8s_block, &mut self.lower)
            } else {
                None
            };
            // Inside a Secret's data the entry's judgement is final, whatever its value looks
            // like encoded.
            let found = match secret_data {
                Some(Some(v)) => Some((K8S_SECRET, Value::Bytes(v))),
                Some(None) => None,
                None => scan_line(line, &mut self.lower).map(|(_, kind, value)| (kind, value)),
            };
            if let Some((kind, value)) = found {
                let fingerprint = match value {
                    Value::Bytes(v) => fingerprint(v),
                    Value::Block(offset) => self.block_fingerprint(start + offset),
                };
                return Some(Finding {
                    line: number,
                    kind,
                    fingerprint,
                });
            }
        }
        None
    }
}

/// The kind of a value of a Kubernetes Secret's `data` or `stringData`.
pub const K8S_SECRET: &str = "Kubernetes Secret data";

/// Whether `text` holds a Kubernetes Secret manifest: a line `kind: Secret` (YAML) or
/// `"kind": "Secret"` (JSON, as `kubectl get secret -o json` prints it, after `data`).
fn k8s_secret(text: &[u8]) -> bool {
    if memchr::memmem::find(text, b"Secret").is_none() {
        return false;
    }
    memchr::memmem::find_iter(text, b"kind").any(|i| {
        let rest = &text[i + 4..];
        let rest = rest.strip_prefix(b"\"").unwrap_or(rest);
        let rest = trim_start(rest);
        let Some(rest) = rest.strip_prefix(b":") else {
            return false;
        };
        let rest = trim_start(rest);
        let rest = rest.strip_prefix(b"\"").unwrap_or(rest);
        rest.starts_with(b"Secret")
            && rest[6..]
                .first()
                .is_none_or(|b| matches!(b, b'"' | b',' | b'\n' | b'\r' | b' ' | b'\t'))
    })
}

fn trim_start(b: &[u8]) -> &[u8] {
    let n = b.iter().take_while(|b| matches!(b, b' ' | b'\t')).count();
    &b[n..]
}

/// One line of a text holding a Kubernetes Secret (kubernetes.io "Secrets": `data` holds
/// base64 values, `stringData` plain ones): follows the `data:`/`stringData:` blocks in
/// `block`. `None` for a line that is no entry of such a block (or whose value does not
/// decode); for an entry, `Some` of its value when it is a secret (one the documented formats
/// or the generic rule find once decoded, one under a name saying key, secret, token, password
/// or credential that is not a placeholder nor the example of the Kubernetes documentation, or
/// a generated-looking one), else `Some(None)`.
fn k8s_data<'l>(
    line: &'l [u8],
    block: &mut Option<(usize, bool)>,
    lower: &mut Vec<u8>,
) -> Option<Option<&'l [u8]>> {
    let indent = line.len() - trim_start(line).len();
    let trimmed = line[indent..].trim_ascii_end();
    if trimmed.starts_with(b"---") {
        *block = None;
        return None;
    }
    let (key, rest) = match memchr::memchr(b':', trimmed) {
        Some(c) => (
            unquote(trimmed[..c].trim_ascii()),
            trimmed[c + 1..].trim_ascii(),
        ),
        None => (&b""[..], &b""[..]),
    };
    if let Some((open, base64)) = *block {
        if trimmed.is_empty() {
            return None;
        }
        if indent > open && !trimmed.starts_with(b"}") {
            let value = unquote(rest.strip_suffix(b",").unwrap_or(rest).trim_ascii());
            return k8s_value(key, value, base64, lower).map(|secret| secret.then_some(value));
        }
        *block = None;
    }
    let opens = rest.is_empty() || rest == b"{";
    if opens && (key == b"data" || key == b"stringData") {
        *block = Some((indent, key == b"data"));
    }
    None
}

/// `v` without one pair of surrounding double or single quotes.
fn unquote(v: &[u8]) -> &[u8] {
    match v {
        [b'"', inner @ .., b'"'] | [b'\'', inner @ .., b'\''] => inner,
        _ => v,
    }
}

/// Whether the Secret entry `key: value` (base64 when `base64`) holds a secret; `None` when
/// it is no value to judge (empty, a block scalar, base64 that does not decode).
fn k8s_value(key: &[u8], value: &[u8], base64: bool, lower: &mut Vec<u8>) -> Option<bool> {
    if value.is_empty() || matches!(value[0], b'|' | b'>' | b'{' | b'[') {
        return None;
    }
    let decoded;
    let plain = if base64 {
        decoded = base64_decode(value)?;
        &decoded[..]
    } else {
        value
    };
    // The Kubernetes documentation's own example (`admin` / `1f2d1e2e67df`).
    if plain == b"1f2d1e2e67df" || plain == b"admin" {
        return Some(false);
    }
    let mut named = key.to_vec();
    named.extend_from_slice(b": ");
    named.extend_from_slice(plain);
    if scan_line(plain, lower).is_some() || scan_line(&named, lower).is_some() {
        return Some(true);
    }
    let secret_name = GENERIC_NAMES.iter().any(|m| contains_ci(key, m.as_bytes()))
        && !NOT_SECRET_HINTS
            .iter()
            .any(|h| contains_ci(key, h.as_bytes()));
    let text = std::str::from_utf8(plain).is_ok() && !plain.contains(&b'\n');
    Some(
        (secret_name && text && plain.len() >= 8 && url_password(b"", plain))
            || secret_value(plain).is_some(),
    )
}

/// The first credential in a JSON text (`meta.json`) after unescaping: each string literal
/// (keys and values) holding an escape is decoded (`\n`, `\"`, `\/`, `\uXXXX`) and scanned as
/// a text of its own, so a value escaped onto one line (a private key, a Kubernetes Secret pasted into a
/// field) is found as it would be in a document. The finding's line is the line of the JSON
/// text holding the string. The text as it is is scanned first (a `"name": "value"` pair is
/// an assignment only there). Linear in the text's length.
pub fn scan_json(text: &str) -> Option<Finding> {
    if let Some(f) = scan(text) {
        return Some(f);
    }
    let bytes = text.as_bytes();
    let mut line = 1;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => line += 1,
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                let literal = &text[start..(i + 1).min(text.len())];
                // Without an escape the literal reads as it did in the text scanned above.
                if memchr::memchr(b'\\', literal.as_bytes()).is_none() {
                    i += 1;
                    continue;
                }
                let decoded: std::borrow::Cow<'_, str> = match serde_json::from_str(literal) {
                    Ok(s) => std::borrow::Cow::Owned(s),
                    Err(_) => std::borrow::Cow::Borrowed(literal),
                };
                if let Some(f) = scan(&decoded) {
                    return Some(Finding { line, ..f });
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// What a finding's fingerprint covers.
enum Value<'l> {
    /// The value itself.
    Bytes(&'l [u8]),
    /// A private key block starting at this offset of the line.
    Block(usize),
}

/// The first finding on `line`: the index of its rule in [`RULES`] (`None`: the generic
/// rule), its kind and its value.
fn scan_line<'l>(
    line: &'l [u8],
    lower: &mut Vec<u8>,
) -> Option<(Option<usize>, &'static str, Value<'l>)> {
    let pre = &*PREFILTER;
    let mut rules = pre.always;
    let mut generic = false;
    lower.clear();
    lower.extend(line.iter().map(u8::to_ascii_lowercase));
    for m in pre.automaton.find_overlapping_iter(lower.as_slice()) {
        match pre.owner[m.pattern().as_usize()] {
            Some(i) => rules |= 1 << i,
            None => generic = true,
        }
    }
    // Where a documented format matched but its check said placeholder or public (AWS's
    // example keys, Azurite's key): the generic rule must not refuse the same value.
    let mut spared: Option<(usize, usize)> = None;
    while rules != 0 {
        let i = rules.trailing_zeros() as usize;
        rules &= rules - 1;
        let rule = &RULES[i];
        if rule.gate.is_some_and(|gate| !gate(line)) {
            continue;
        }
        let re = regex(i);
        // Most candidate lines do not match: the cheap test first, groups only for a match.
        if !re.is_match(line) {
            continue;
        }
        for caps in re.captures_iter(line) {
            if let Some(value) = accept(rule.check, &caps) {
                return Some((Some(i), rule.kind, value));
            }
            let m = caps
                .get(1)
                .or_else(|| caps.get(0))
                .expect("group 0 is the match");
            spared = Some(spared.map_or((m.start(), m.end()), |(s, e)| {
                (s.min(m.start()), e.max(m.end()))
            }));
        }
    }
    if generic {
        return generic_assignment(line, spared).map(|(kind, v)| (None, kind, Value::Bytes(v)));
    }
    None
}

/// A rule's value when its check accepts the match `caps`.
fn accept<'l>(check: Check, caps: &Captures<'l>) -> Option<Value<'l>> {
    let whole = caps.get(0).expect("group 0 is the match");
    let value = caps.get(1).unwrap_or(whole).as_bytes();
    let ok = match check {
        Check::Value => !placeholder(value),
        Check::Entropy(bound) => !placeholder(value) && entropy_bytes(value) >= bound,
        Check::Opaque => {
            !placeholder(value)
                && value.iter().any(u8::is_ascii_alphabetic)
                && value.iter().any(u8::is_ascii_digit)
                && entropy_bytes(value) >= 3.0
                && !jwt_sample(value)
        }
        Check::UrlPassword => {
            let user = caps.get(2).map_or(&b""[..], |m| m.as_bytes());
            let password = caps.get(3).map_or(&b""[..], |m| m.as_bytes());
            return url_password(user, password).then_some(Value::Bytes(password));
        }
        Check::Block => return Some(Value::Block(whole.start())),
        Check::Public(bound, public) => {
            !placeholder(value)
                && entropy_bytes(value) >= bound
                && !public.iter().any(|p| value.starts_with(p.as_bytes()))
        }
        Check::Jwt => !placeholder(value) && entropy_bytes(value) >= 3.0 && !jwt_sample(value),
        Check::BasicAuth { strict } => match basic_pair(value) {
            Some((user, password)) => url_password(&user, &password),
            None => !strict && !placeholder(value),
        },
    };
    ok.then_some(Value::Bytes(value))
}

/// Decodes base64 (RFC 4648 section 4, or the URL-safe alphabet of section 5), padding
/// optional; `None` for any other character or an impossible length.
pub fn base64_decode(text: &[u8]) -> Option<Vec<u8>> {
    let text = match text.iter().position(|&b| b == b'=') {
        Some(i) if text[i..].iter().all(|&b| b == b'=') && text.len() - i <= 2 => &text[..i],
        Some(_) => return None,
        None => text,
    };
    if text.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in text {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Some(out)
}

/// The user and password base64 `value` encodes as `user:password` (RFC 7617), when it
/// decodes to printable ASCII holding a colon.
fn basic_pair(value: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
    let decoded = base64_decode(value)?;
    if !decoded.iter().all(|b| b.is_ascii_graphic() || *b == b' ') {
        return None;
    }
    let colon = memchr::memchr(b':', &decoded)?;
    Some((decoded[..colon].to_vec(), decoded[colon + 1..].to_vec()))
}

/// Whether a JSON Web Token is the sample of jwt.io and of RFC 7519's and most tutorials'
/// examples: its payload names the subject `1234567890` and `John Doe` (published with its
/// signing secret, so it grants nothing).
fn jwt_sample(token: &[u8]) -> bool {
    let Some(payload) = token.split(|&b| b == b'.').nth(1) else {
        return false;
    };
    let Some(json) = base64_decode(payload) else {
        return false;
    };
    let compact: Vec<u8> = json
        .into_iter()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    memchr::memmem::find(&compact, br#""sub":"1234567890""#).is_some()
        && memchr::memmem::find(&compact, br#""name":"JohnDoe""#).is_some()
}

/// Whether a URL's password is a real one: not a word the documentation uses for one, not a
/// reference to one (`${DB_PASSWORD}`, `<password>`, `%s`), not the user name again
/// (`postgres:postgres`, `guest:guest`), and not otherwise a [`placeholder`].
fn url_password(user: &[u8], password: &[u8]) -> bool {
    const WORDS: &[&str] = &[
        "password",
        "passwd",
        "pass",
        "pwd",
        "pw",
        "secret",
        "changeme",
        "test",
        "guest",
        "root",
        "admin",
        "user",
        "username",
        "foo",
        "bar",
        "mypassword",
        "dbpass",
        "xxx",
        "token",
        "apikey",
        "api_key",
        "key",
    ];
    if password.is_empty() || password.eq_ignore_ascii_case(user) {
        return false;
    }
    if matches!(password[0], b'$' | b'<' | b'{' | b'%' | b'[' | b'*') {
        return false;
    }
    if WORDS
        .iter()
        .any(|w| password.eq_ignore_ascii_case(w.as_bytes()))
    {
        return false;
    }
    !placeholder(password)
}

/// Whether `value` is a stand-in rather than a credential: it says so (`example`, `your`,
/// `placeholder`, `changeme`, `redacted`, `dummy`, `sample`, `fake`, `replace`; AWS's
/// documented keys end in `EXAMPLE`), or repeats one character six times in a row
/// (`ghp_xxxxxxxx…`, `********`), which a generated token of any documented format does with
/// negligible probability.
pub fn placeholder(value: &[u8]) -> bool {
    const WORDS: &[&[u8]] = &[
        b"example",
        b"placeholder",
        b"your",
        b"changeme",
        b"change_me",
        b"redacted",
        b"dummy",
        b"sample",
        b"fake",
        b"replace",
    ];
    let mut run = 0;
    let mut last = 0u8;
    for &b in value {
        let b = b.to_ascii_lowercase();
        run = if b == last { run + 1 } else { 1 };
        last = b;
        if run >= 6 && b != b'=' {
            return true;
        }
    }
    let lower = value.to_ascii_lowercase();
    WORDS
        .iter()
        .any(|w| memchr::memmem::find(&lower, w).is_some())
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

/// Most bytes of a name looked at, and of the context before it searched for
/// [`NOT_SECRET_HINTS`].
const NAME_MAX_LEN: usize = 64;
const HINT_WINDOW: usize = 24;

/// gitleaks' generic rule, written out by hand because compiling it as a regex costs more
/// than a whole save: the first value of a `name = value`, `name: value`, `name := value` or
/// `name => value` on `line` whose name contains key, secret, token, password/passwd/pwd or
/// credential (any case), whose value is at least [`GENERIC_MIN_LEN`] value characters, and
/// which [`secret_value`] judges a secret, outside `spared` (the span of values a documented
/// format already judged placeholders or public). Returns its kind ([`HEX_ASSIGNMENT`] or
/// [`GENERIC_ASSIGNMENT`]) and value. Linear: each operator looks back at most
/// [`NAME_MAX_LEN`] + [`HINT_WINDOW`] bytes and forward at most [`GENERIC_MAX_LEN`].
fn generic_assignment(
    line: &[u8],
    spared: Option<(usize, usize)>,
) -> Option<(&'static str, &[u8])> {
    let bytes = line;
    let mut i = 0;
    while let Some(at) = memchr::memchr2(b':', b'=', &bytes[i..]) {
        i += at;
        let op_len = match (bytes[i], bytes.get(i + 1)) {
            (b':', Some(b'=')) | (b'=', Some(b'>')) => 2,
            _ => 1,
        };
        let op = i;
        i += op_len;
        // The name: decoration, then a run of name characters, right before the operator.
        let floor = op.saturating_sub(NAME_MAX_LEN);
        let mut end = op;
        while end > floor && is_decoration(bytes[end - 1]) {
            end -= 1;
        }
        let mut start = end;
        while start > floor && is_name_char(bytes[start - 1]) {
            start -= 1;
        }
        let name = &bytes[start..end];
        if !GENERIC_NAMES
            .iter()
            .any(|m| contains_ci(name, m.as_bytes()))
        {
            continue;
        }
        // The value: decoration, then a run of value characters, right after the operator.
        let mut from = op + op_len;
        let ceiling = (from + GENERIC_MAX_LEN).min(bytes.len());
        while from < ceiling && (is_decoration(bytes[from]) || bytes[from] == b'_') {
            from += 1;
        }
        let mut to = from;
        while to < ceiling && is_value_char(bytes[to]) {
            to += 1;
        }
        // A value longer than the window is judged on its first bytes, but it ends where its
        // characters end: what follows it, not its own next byte (a `/` of base64), says
        // whether it runs on into a path.
        let mut end = to;
        while end < bytes.len() && is_value_char(bytes[end]) {
            end += 1;
        }
        // Like a regex's matches, candidates do not overlap: the next one starts after this
        // value (which may hold `=`), so every byte is walked over once.
        i = i.max(end);
        let value = &bytes[from..to];
        if value.len() < GENERIC_MIN_LEN || spared.is_some_and(|(s, e)| from < e && s < end) {
            continue;
        }
        // A value running on into a path, a call or a reference is not one token.
        if end < bytes.len()
            && matches!(bytes[end], b'/' | b'\\' | b'(' | b'[' | b'{' | b'<' | b'$')
        {
            continue;
        }
        // The words before the name, back to the previous assignment or label (a line's
        // `**Commit strategy:**` says nothing of the value after it).
        let mut from_context = start.saturating_sub(HINT_WINDOW);
        if let Some(op) = bytes[from_context..start]
            .iter()
            .rposition(|b| matches!(b, b':' | b'='))
        {
            from_context += op + 1;
        }
        let context = &bytes[from_context..end];
        if NOT_SECRET_HINTS
            .iter()
            .any(|h| contains_ci(context, h.as_bytes()))
        {
            continue;
        }
        if let Some(found) = secret_value(value) {
            return Some(found);
        }
    }
    None
}

/// Whether a generic assignment's value looks like a generated secret, and which kind: a
/// hexadecimal value of at least [`HEX_MIN_LEN`] digits with letters and digits and an entropy
/// of at least 3 bits ([`HEX_ASSIGNMENT`]; the name has already been checked not to say digest,
/// hash, commit or id), or any other value with letters and digits, an entropy of at least
/// [`GENERIC_MIN_ENTROPY`], that is neither a [`placeholder`], a path, a UUID nor an
/// [`identifier`] ([`GENERIC_ASSIGNMENT`]).
fn secret_value(value: &[u8]) -> Option<(&'static str, &[u8])> {
    let mut value = value;
    while let [rest @ .., b'.' | b'-' | b'_'] = value {
        value = rest;
    }
    if value.len() < GENERIC_MIN_LEN || placeholder(value) {
        return None;
    }
    let letters = value.iter().any(u8::is_ascii_alphabetic);
    let digits = value.iter().any(u8::is_ascii_digit);
    if !(letters && digits) {
        return None;
    }
    if value.iter().all(u8::is_ascii_hexdigit) {
        return (value.len() >= HEX_MIN_LEN && entropy_bytes(value) >= 3.0)
            .then_some((HEX_ASSIGNMENT, value));
    }
    let path = value.starts_with(b"/")
        || value.starts_with(b"./")
        || value.starts_with(b"~/")
        || value.windows(2).any(|w| w == b"//");
    if path || uuid(value) || identifier(value) || entropy_bytes(value) < GENERIC_MIN_ENTROPY {
        return None;
    }
    Some((GENERIC_ASSIGNMENT, value))
}

/// Whether `hay` contains `needle` (lower case), ASCII-case-insensitively; for the short names
/// and contexts of the generic rule (at most [`NAME_MAX_LEN`] + [`HINT_WINDOW`] bytes).
fn contains_ci(hay: &[u8], needle: &[u8]) -> bool {
    hay.len() >= needle.len()
        && hay
            .windows(needle.len())
            .any(|w| w.eq_ignore_ascii_case(needle))
}

/// Whether `v` is a UUID (RFC 9562's 8-4-4-4-12 hex groups): request and tenant ids.
fn uuid(v: &[u8]) -> bool {
    v.len() == 36
        && v.iter().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => *b == b'-',
            _ => b.is_ascii_hexdigit(),
        })
}

/// Whether `v` reads as a program identifier or a version rather than generated characters:
/// split into runs of lower-case letters (with one leading capital), capitals and digits, and
/// on `_ . - + / = ~`, every letter run is a word (three or more letters with a vowel, or two
/// or more capitals) and the digits are at most four runs of at most four. Random base62 of
/// twelve characters or more breaks this with near certainty (short letter runs without
/// vowels, many digit runs).
pub fn identifier(v: &[u8]) -> bool {
    let mut digit_runs = 0;
    let mut i = 0;
    while i < v.len() {
        let b = v[i];
        if b.is_ascii_digit() {
            let s = i;
            while i < v.len() && v[i].is_ascii_digit() {
                i += 1;
            }
            digit_runs += 1;
            if i - s > 4 || digit_runs > 4 {
                return false;
            }
        } else if b.is_ascii_uppercase() {
            let s = i;
            while i < v.len() && v[i].is_ascii_uppercase() {
                i += 1;
            }
            let caps = i - s;
            let lower_start = i;
            while i < v.len() && v[i].is_ascii_lowercase() {
                i += 1;
            }
            let lowers = &v[lower_start..i];
            if lowers.is_empty() {
                if caps < 2 {
                    return false;
                }
            } else if !word(&v[lower_start - 1..i]) {
                return false;
            }
        } else if b.is_ascii_lowercase() {
            let s = i;
            while i < v.len() && v[i].is_ascii_lowercase() {
                i += 1;
            }
            if !word(&v[s..i]) {
                return false;
            }
        } else {
            i += 1;
        }
    }
    true
}

/// Three or more letters holding a vowel (`y` counts).
fn word(w: &[u8]) -> bool {
    w.len() >= 3
        && w.iter()
            .any(|b| b"aeiouy".contains(&b.to_ascii_lowercase()))
}

/// Shannon entropy of `s` in bits per character (over its bytes).
pub fn entropy(s: &str) -> f64 {
    entropy_bytes(s.as_bytes())
}

/// Shannon entropy of `s` in bits per byte.
fn entropy_bytes(s: &[u8]) -> f64 {
    if s.is_empty() {
        return 0.0;
    }
    let mut counts = [0usize; 256];
    for &b in s {
        counts[usize::from(b)] += 1;
    }
    let n = s.len() as f64;
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = c as f64 / n;
            -p * libm::log2(p)
        })
        .sum()
}

/// A short fingerprint of a secret's value for recording which one was accepted without
/// recording it: the first 12 hex digits of the SHA-256 git blob id of the bytes (as
/// `git hash-object --object-format=sha256` gives). Twelve digits are enough to tell the
/// secrets of one story apart and too few to confirm a guess of a long generated token
/// offline with certainty; a short human password stays guessable from it, as from any hash.
pub fn fingerprint(value: &[u8]) -> String {
    let id = gix::objs::compute_hash(gix::hash::Kind::Sha256, gix::objs::Kind::Blob, value)
        .expect("SHA-256 has no collision detection that could fail");
    id.to_hex_with_len(12).to_string()
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

/// The commit trailer naming a value accepted with `save --allow-secret` (docs/FORMAT.md):
/// `Checkpoint-Accepted-Secret: <fingerprint> <kind>`.
pub const ACCEPTED_TRAILER: &str = "Checkpoint-Accepted-Secret";

/// A credential a person accepted with `--allow-secret`, as its revision records it: the
/// [`fingerprint`] of the value and the guard's kind, never the value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Accepted {
    /// 12 lower-case hex digits, as [`fingerprint`] gives.
    pub fingerprint: String,
    /// The kind the guard named, e.g. `GitHub personal access token`.
    pub kind: String,
}

impl Accepted {
    /// The trailer's value: `<fingerprint> <kind>`.
    pub fn trailer_value(&self) -> String {
        format!("{} {}", self.fingerprint, self.kind)
    }

    /// Parses a trailer's value; `None` unless it starts with 12 hex digits and a space.
    pub fn parse(value: &str) -> Option<Accepted> {
        let (fingerprint, kind) = value.trim().split_once(' ')?;
        (fingerprint.len() == 12 && fingerprint.bytes().all(|b| b.is_ascii_hexdigit())).then(|| {
            Accepted {
                fingerprint: fingerprint.to_ascii_lowercase(),
                kind: kind.trim().to_string(),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds corpus (tests/data/secrets/kinds.txt) as (kind, line), its marker removed.
    fn corpus() -> Vec<(&'static str, String)> {
        include_str!("../../tests/data/secrets/kinds.txt")
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with("#|"))
            .map(|l| {
                let (kind, line) = l.split_once('\t').expect("kind<TAB>line");
                (
                    kind,
                    line.replace("\u{27e6}\u{27e7}", "")
                        .replace('\u{2424}', "\n"),
                )
            })
            .collect()
    }

    /// The corpus cases of `kind`.
    fn cases(kind: &str) -> Vec<String> {
        let v: Vec<_> = corpus()
            .into_iter()
            .filter(|(k, _)| *k == kind)
            .map(|(_, l)| l)
            .collect();
        assert!(!v.is_empty(), "the corpus has a case of {kind}");
        v
    }

    fn kind(s: &str) -> Option<&'static str> {
        scan(s).map(|f| f.kind)
    }

    #[test]
    fn every_rule_compiles_and_fires_on_the_corpus() {
        let mut fired = vec![false; RULES.len()];
        for (_, line) in corpus() {
            if let Some((Some(i), _, _)) = scan_line(line.as_bytes(), &mut Vec::new()) {
                fired[i] = true;
            }
        }
        for (i, r) in RULES.iter().enumerate() {
            let _ = regex(i);
            assert!(fired[i], "no corpus case for rule {i} ({})", r.kind);
        }
        assert!(RULES.len() <= 128, "the prefilter's rule set is a u128");
        // The keyword search is case-sensitive over a lower-cased line.
        for k in RULES.iter().flat_map(|r| r.keywords).chain(GENERIC_NAMES) {
            assert_eq!(
                *k,
                k.to_ascii_lowercase(),
                "keyword {k:?} is not lower case"
            );
        }
    }

    /// A gate may only skip lines its regex cannot match: on every corpus line, and on each
    /// line with the matched part alone, a match implies the gate passes.
    #[test]
    fn every_gate_passes_the_lines_its_rule_matches() {
        let mut checked = 0;
        for (i, r) in RULES.iter().enumerate() {
            let Some(gate) = r.gate else { continue };
            for (_, line) in corpus() {
                for m in regex(i).find_iter(line.as_bytes()) {
                    for text in [line.as_bytes(), m.as_bytes()] {
                        assert!(gate(text), "rule {i} ({}) gated out {line:?}", r.kind);
                        checked += 1;
                    }
                }
            }
        }
        assert!(
            checked >= 10,
            "the corpus has lines for the gated rules: {checked}"
        );
        assert!(has_hex32(&[b'a'; 32]) && !has_hex32(&[b'a'; 31]));
        assert!(!has_hex32(b"0123456789abcdef0123456789abcdeg"));
        assert!(has_token24_dot(b"x ABCDEFGHIJKLMNOPQRSTUVWX.b"));
        assert!(!has_token24_dot(b"x BCDEFGHIJKLMNOPQRSTUVWX.b x"));
        assert!(has_userinfo(b"see https://u:p@host/") && !has_userinfo(b"a@b https://host/"));
    }

    /// One test per rule (per kind; rules sharing a kind share its test): every corpus case of
    /// the kind is found on its line with that kind, and each near miss is not.
    macro_rules! rule_test {
        ($name:ident, $kind:expr, [$($miss:expr),* $(,)?]) => {
            #[test]
            fn $name() {
                for case in cases($kind) {
                    let text = format!("# Checkpoint\n\n- {case}\n");
                    let f = scan(&text);
                    assert_eq!(f.as_ref().map(|f| (f.line, f.kind)), Some((3, $kind)), "{case}");
                }
                for miss in [$($miss),*] {
                    let miss: String = miss;
                    assert_eq!(kind(&miss), None, "{miss}");
                }
            }
        };
    }

    /// `prefix` followed by `n` copies of `c`: a placeholder.
    fn filled(prefix: &str, c: char, n: usize) -> String {
        format!("{prefix}{}", c.to_string().repeat(n))
    }
    /// `prefix` followed by `n` characters that look generated (cycled, so never a run).
    fn generated(prefix: &str, n: usize) -> String {
        let body: String = "aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vW1xY"
            .chars()
            .cycle()
            .take(n)
            .collect();
        format!("{prefix}{body}")
    }
    fn s(v: &str) -> String {
        v.to_string()
    }

    rule_test!(
        gcp_service_account_key,
        "GCP service account private key",
        [s("\"private_key_id\": \"\"")]
    );
    rule_test!(
        private_key_block,
        "private key block",
        [
            s("-----BEGIN PUBLIC KEY-----"),
            s("-----BEGIN CERTIFICATE-----")
        ]
    );
    rule_test!(
        age_secret_key,
        "age secret key",
        [
            s("AGE-SECRET-KEY-1..."),
            filled("AGE-SECRET-KEY-1", 'Q', 58)
        ]
    );
    rule_test!(
        aws_access_key_id,
        "AWS access key ID",
        [
            format!("AKIA{}", "IOSFODNN7EXAMPLE"),
            s("AKIA is the prefix")
        ]
    );
    rule_test!(
        aws_secret_access_key,
        "AWS secret access key",
        [format!(
            "aws_secret_access_key = {}",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
        )]
    );
    rule_test!(
        github_pat,
        "GitHub personal access token",
        [
            filled("ghp_", 'x', 36),
            generated("ghp_", 20),
            s("ghp_ is GitHub's prefix")
        ]
    );
    rule_test!(
        github_oauth,
        "GitHub OAuth access token",
        [filled("gho_", 'X', 36)]
    );
    rule_test!(
        github_server_to_server,
        "GitHub server-to-server token",
        [generated("ghs_", 30)]
    );
    rule_test!(
        github_fine_grained,
        "GitHub fine-grained personal access token",
        [generated("github_pat_", 40)]
    );
    rule_test!(
        gitlab_pat,
        "GitLab personal access token",
        [filled("glpat-", 'x', 20), s("glpat-short")]
    );
    rule_test!(gitlab_deploy, "GitLab deploy token", [s("gldt-...")]);
    rule_test!(
        gitlab_runner,
        "GitLab runner authentication token",
        [s("glrt-<token>")]
    );
    rule_test!(
        gitlab_trigger,
        "GitLab pipeline trigger token",
        [generated("glptt-", 40)]
    );
    rule_test!(
        slack_bot,
        "Slack bot token",
        [s("xoxb-your-token-here"), s("xoxb-short")]
    );
    rule_test!(slack_user, "Slack user token", [filled("xoxp-", '0', 30)]);
    rule_test!(slack_app, "Slack app-level token", [s("xapp-1-...")]);
    rule_test!(
        slack_webhook,
        "Slack webhook URL",
        [s(
            "https://hooks.slack.com/services/XXXXXXXXX/XXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX"
        )]
    );
    rule_test!(
        discord_bot,
        "Discord bot token",
        [
            generated("M", 24) + ".Cl2FMQ",
            s("Main.java.Example.isFine")
        ]
    );
    rule_test!(
        discord_webhook,
        "Discord webhook URL",
        [s("https://discord.com/api/webhooks/ (one per channel)")]
    );
    rule_test!(
        stripe_live,
        "Stripe live secret key",
        [filled("sk_live_", 'x', 24), s("sk_live_ keys")]
    );
    rule_test!(
        stripe_test,
        "Stripe test secret key",
        [filled("sk_test_", 'X', 24)]
    );
    rule_test!(
        stripe_restricted,
        "Stripe restricted key",
        [filled("rk_live_", '0', 24)]
    );
    rule_test!(
        stripe_webhook,
        "Stripe webhook signing secret",
        [s("whsec_...")]
    );
    rule_test!(
        openai,
        "OpenAI API key",
        [s("OPENAI_API_KEY=sk-..."), filled("sk-proj-", 'x', 48)]
    );
    rule_test!(
        anthropic,
        "Anthropic API key",
        [
            s("ANTHROPIC_API_KEY=sk-ant-api03-..."),
            generated("sk-ant-api03-", 20)
        ]
    );
    rule_test!(
        google_api_key,
        "Google API key",
        [filled("AIza", 'X', 35), generated("AIza", 20)]
    );
    rule_test!(
        google_oauth_secret,
        "Google OAuth client secret",
        [s("GOCSPX-<secret>")]
    );
    rule_test!(
        google_oauth_token,
        "Google OAuth access token",
        [s("ya29.<token>")]
    );
    rule_test!(
        jwt,
        "JSON Web Token",
        [s("JWTs start with eyJ because that is base64 for '{\"'")]
    );
    rule_test!(npm, "npm access token", [filled("npm_", 'X', 36)]);
    rule_test!(pypi, "PyPI upload token", [s("pypi-AgEIcHlwaS5vcmc...")]);
    rule_test!(
        sendgrid,
        "SendGrid API key",
        [s("SG.xxxxxxxxxxxxxxxxxxxxxx.yyyy"), s("msg.send(to, body)")]
    );
    rule_test!(twilio_api_key, "Twilio API key", [s("SKU: SK-2026-0001")]);
    rule_test!(
        twilio_auth_token,
        "Twilio auth token",
        [s("TWILIO_AUTH_TOKEN=your_auth_token")]
    );
    rule_test!(mailgun, "Mailgun API key", [s("key-value store")]);
    rule_test!(mailchimp, "Mailchimp API key", [s("region: us-east-1")]);
    rule_test!(
        shopify_access,
        "Shopify access token",
        [filled("shpat_", 'x', 32)]
    );
    rule_test!(
        shopify_secret,
        "Shopify shared secret",
        [filled("shpss_", '0', 32)]
    );
    rule_test!(
        square_access,
        "Square access token",
        [s("EAAA is Square's prefix")]
    );
    rule_test!(square_secret, "Square OAuth secret", [s("sq0csp-...")]);
    rule_test!(
        digitalocean,
        "DigitalOcean token",
        [filled("dop_v1_", 'f', 64)]
    );
    rule_test!(
        heroku,
        "Heroku API key",
        [s("heroku: run the release phase"), s("HRKU-AA...")]
    );
    rule_test!(
        vault,
        "HashiCorp Vault token",
        [s("hvs.<token>"), s("VAULT_TOKEN=$(vault print token)")]
    );
    rule_test!(
        terraform,
        "Terraform Cloud API token",
        [s("token = \"<your-token>.atlasv1.<rest>\"")]
    );
    rule_test!(
        databricks,
        "Databricks API token",
        [s("ask ops for a Databricks token (dapi...)")]
    );
    rule_test!(
        huggingface,
        "Hugging Face access token",
        [filled("hf_", 'x', 34)]
    );
    rule_test!(linear, "Linear API key", [s("lin_api_<key>")]);
    rule_test!(atlassian, "Atlassian API token", [s("ATATT3xFfGF0...")]);
    rule_test!(azure_storage, "Azure storage account key", [format!("AccountKey={}", "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==")]);
    rule_test!(azure_ad, "Azure AD client secret", [s("a Q~ in prose")]);
    rule_test!(
        telegram,
        "Telegram bot token",
        [s("123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11")]
    );
    rule_test!(sentry, "Sentry auth token", [s("sntryu_<token>")]);
    rule_test!(grafana, "Grafana token", [s("glsa_<token>")]);
    rule_test!(doppler, "Doppler token", [s("dp.pt.<token>")]);
    rule_test!(pulumi, "Pulumi access token", [s("pul-<token>")]);
    rule_test!(postman, "Postman API key", [s("PMAK-<key>")]);
    rule_test!(
        planetscale,
        "PlanetScale token",
        [s("pscale_pw_<password>")]
    );
    rule_test!(rubygems, "RubyGems API key", [s("rubygems_<key>")]);
    rule_test!(newrelic, "New Relic API key", [s("NRAK-<key>")]);
    rule_test!(dynatrace, "Dynatrace API token", [s("dt0c01.<token>")]);
    rule_test!(
        database_url,
        "database URL with a password",
        [
            s("postgres://app@localhost:5432/app"),
            s("postgresql://user:password@localhost/db"),
            s("postgres://app:${DB_PASSWORD}@db/app"),
            s("amqp://guest:guest@localhost:5672/"),
            s("mongodb+srv://<username>:<password>@cluster0.mongodb.net/"),
        ]
    );
    rule_test!(
        url_password,
        "URL with a password",
        [
            s("ssh://git@github.com:22/a/b.git"),
            s("https://user:pass@example.com/"),
            s("http://localhost:8080/x")
        ]
    );
    rule_test!(
        bearer,
        "HTTP bearer token",
        [
            s("Authorization: Bearer <token>"),
            s("Authorization: Bearer $TOKEN"),
            s("Bearer tokens expire after an hour")
        ]
    );
    rule_test!(
        basic,
        "HTTP basic credentials",
        [s("The `Authorization: Basic` header carries user:password")]
    );
    rule_test!(
        hex_assignment,
        HEX_ASSIGNMENT,
        [
            s("commit: 9cc9b04e5f1a2b3c4d5e6f708192a3b4c5d6e7f8"),
            s("token_sha256 = 9cc9b04e5f1a2b3c4d5e6f708192a3b4c5d6e7f89cc9b04e5f1a2b3c4d5e6f70"),
            s("public_key = 9cc9b04e5f1a2b3c4d5e6f708192a3b4c5d6e7f89cc9b04e5f1a2b3c4d5e6f70"),
            s("- build cache key: 9cc9b04e5f1a2b3c4d5e6f708192a3b4c5d6e7f8"),
            s("api_key = 9cc9b04e5f1a"),
            s("Fixed the api key lookup in 9cc9b04e5f1a2b3c4d5e6f708192a3b4c5d6e7f8"),
        ]
    );
    rule_test!(
        generic_assignment_rule,
        GENERIC_ASSIGNMENT,
        [
            s("**Password:** hY7#kd0Pq2LmZx91"),
            s("password = correcthorsebattery"),
            s("keyboard: aaaaaaaaaaaa1111"),
            s("tokenProvider = AuthorizationTokenProviderFactory2"),
            s("key_file = /etc/ssl/private/server2.key"),
            s("session_token: 550e8400-e29b-41d4-a716-446655440000"),
            s("password: ${DB_PASSWORD}"),
        ]
    );

    #[test]
    fn generic_assignments_need_a_random_value() {
        let kind_of = |s: &str| scan(s).map(|f| f.kind);
        let generic = Some(GENERIC_ASSIGNMENT);
        assert_eq!(kind_of("api_key = \"Zx81qPw0LmT7vB2nK4\""), generic);
        assert_eq!(kind_of("**Password:** hY7kd0Pq2LmZx91"), generic);
        assert_eq!(kind_of("DB_PASSWORD=s3cR3t-Vx9qLm20Kp"), generic);
        assert_eq!(kind_of("client_secret: 'Q2w9E8r7T6y5U4i3'"), generic);
        assert_eq!(
            kind_of("token: 9cc9b04e5f1a2b3c4d5e6f708192a3b4c5d6e7f8"),
            Some(HEX_ASSIGNMENT),
            "a 40-hex token (GitHub's old OAuth tokens) is a secret"
        );
        for prose in [
            "## 4. Key Decisions",
            "**Key:** value",
            "- Token format: base64url, no padding",
            "monkey patching is fine",
        ] {
            assert_eq!(kind_of(prose), None, "{prose}");
        }
    }

    #[test]
    fn identifiers_and_random_strings_are_told_apart() {
        for id in [
            "AuthorizationTokenProviderFactory",
            "userAccountIdentifier2",
            "SECRET_KEY_BASE",
            "release-2026-beta",
        ] {
            assert!(identifier(id.as_bytes()), "{id}");
        }
        for r in ["Zx81qPw0LmT7vB2nK4", "hY7kd0Pq2LmZx91", "s3cR3t-Vx9qLm20Kp"] {
            assert!(!identifier(r.as_bytes()), "{r}");
        }
    }

    #[test]
    fn placeholders_are_recognised() {
        for p in [
            "xxxxxxxxxxxxxxxx",
            "IOSFODNN7EXAMPLE",
            "your_token_here",
            "********",
            "REDACTED",
        ] {
            assert!(placeholder(p.as_bytes()), "{p}");
        }
        assert!(!placeholder(b"Zx81qPw0LmT7vB2nK4"));
        assert!(!placeholder(b"bG9uZw=="), "padding is no run");
    }

    #[test]
    fn lines_are_counted_from_one_and_every_line_is_reported() {
        let t = generated("ghs_", 36);
        let text = format!("{t}\nplain\n\nx {t}");
        let all = scan_all(&text);
        assert_eq!(all.iter().map(|f| f.line).collect::<Vec<_>>(), vec![1, 4]);
        assert_eq!(scan("").map(|f| f.line), None);
    }

    #[test]
    fn fingerprints_name_the_value_not_its_place() {
        let a = generated("ghs_", 36);
        let b = generated("ghu_", 36);
        let fa = scan(&format!("x {a}")).unwrap().fingerprint;
        assert_eq!(fa.len(), 12);
        assert!(fa.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(
            scan(&format!("other text\n- {a} here"))
                .unwrap()
                .fingerprint,
            fa
        );
        assert_ne!(scan(&b).unwrap().fingerprint, fa);
        assert_eq!(fa, fingerprint(a.as_bytes()));
        // Two private keys share their BEGIN line, not their fingerprint.
        let begin = format!("-----BEGIN {}PRIVATE KEY-----", "OPENSSH ");
        let key = |body: &str| format!("{begin}\n{body}\n-----END OPENSSH PRIVATE KEY-----\n");
        let k1 = scan(&key("b3BlbnNzaC1rZXktdjEAAAAA1")).unwrap();
        let k2 = scan(&format!("intro\n{}", key("b3BlbnNzaC1rZXktdjEAAAAA2"))).unwrap();
        assert_eq!((k1.kind, k2.line), ("private key block", 2));
        assert_ne!(k1.fingerprint, k2.fingerprint);
    }

    #[test]
    fn base64_decodes_both_alphabets_and_refuses_the_rest() {
        assert_eq!(base64_decode(b"dXNlcjpwYXNz").unwrap(), b"user:pass");
        assert_eq!(base64_decode(b"dXNlcjpwYXNzMQ==").unwrap(), b"user:pass1");
        assert_eq!(
            base64_decode(b"-_-_").unwrap(),
            base64_decode(b"+/+/").unwrap()
        );
        for bad in [&b"a"[..], b"ab=c", b"abc===", b"a b c d"] {
            assert_eq!(base64_decode(bad), None, "{bad:?}");
        }
    }

    /// A value longer than the generic rule's window is judged on its first bytes, and a `/`
    /// right after the window is part of it, not a path it runs into (issue 30).
    #[test]
    fn a_slash_after_the_window_is_part_of_the_value() {
        let head: String = (0..GENERIC_MAX_LEN)
            .map(|i| b"q7Xk2PmZ9wRt4Lc8"[i * 7 % 16] as char)
            .collect();
        let line = format!("api_token = {head}/Zr8Kq2Wm");
        assert_eq!(kind(&line), Some(GENERIC_ASSIGNMENT), "{line}");
        assert_eq!(kind(&format!("api_token = {head}(x)")), None);
    }

    /// A Kubernetes Secret's data is judged decoded: a password is found in YAML and in
    /// kubectl's JSON (where `data` comes before `kind`), the documentation's example is not.
    #[test]
    fn kubernetes_secret_data_is_judged_decoded() {
        let yaml = "apiVersion: v1\nkind: Secret\ndata:\n  username: YWRtaW4=\n  password: Vm1wS3k5cUx6UjJ0\n";
        let f = scan(yaml).expect("found");
        assert_eq!((f.line, f.kind), (5, K8S_SECRET));
        let json = "{\n  \"data\": {\n    \"token\": \"Vm1wS3k5cUx6UjJ0\"\n  },\n  \"kind\": \"Secret\"\n}";
        assert_eq!(scan(json).map(|f| (f.line, f.kind)), Some((3, K8S_SECRET)));
        let docs = "kind: Secret\ndata:\n  username: YWRtaW4=\n  password: MWYyZDFlMmU2N2Rm\n";
        assert_eq!(scan(docs), None);
        // The same block under a ConfigMap is no Secret's: only the generic rule judges it.
        let config_map = scan(&docs.replace("Secret", "ConfigMap")).map(|f| f.kind);
        assert_ne!(config_map, Some(K8S_SECRET));
    }

    /// A credential escaped into a JSON string (`\n`, `\"`) is found once unescaped, on the
    /// line of the JSON text that holds it.
    #[test]
    fn json_strings_are_scanned_unescaped() {
        let secret =
            "kind: Secret\ndata:\n  DATABASE_URL: cG9zdGdyZXM6Ly9hcHA6WnE4TG0yWHI5S3Q0QGRiL2FwcA==";
        let meta =
            serde_json::to_string_pretty(&serde_json::json!({"story": "1", "title": secret}))
                .unwrap();
        assert_eq!(scan(&meta), None, "escaped, the raw text hides it");
        assert_eq!(
            scan_json(&meta).map(|f| (f.line, f.kind)),
            Some((3, K8S_SECRET))
        );
        assert_eq!(
            scan_json("{\"title\": \"a \\\"quoted\\\" title\\nand more\"}"),
            None
        );
    }

    #[test]
    fn hostile_lines_scan_in_linear_time() {
        // Each took minutes with the quadratic generic walk (1 MiB of `key=a1`: 176 s in a
        // release build); a debug build does each in well under a second now.
        let hostile = [
            "key=a1".repeat(170_000),
            "token: ".repeat(150_000),
            format!("glpat-{}", "a".repeat(1_000_000)),
            "- key: token= secret: sk_live_ ghp_ xoxb- AKIA glpat- eyJ postgres://u@h Bearer AIza SG. ".repeat(11_000),
            "postgres://u:".repeat(80_000),
        ];
        for text in hostile {
            let t = std::time::Instant::now();
            let _ = scan_all(&text);
            let took = t.elapsed();
            assert!(
                took.as_secs_f64() < 10.0,
                "{} bytes took {took:?}",
                text.len()
            );
        }
    }

    #[test]
    fn accepted_trailers_parse_and_judge() {
        let fp = fingerprint(b"value");
        let a = Accepted::parse(&format!("{fp} GitHub personal access token")).unwrap();
        assert_eq!(a.kind, "GitHub personal access token");
        assert_eq!(Accepted::parse(&a.trailer_value()), Some(a.clone()));
        assert_eq!(Accepted::parse("not-hex-value GitHub"), None);
        assert_eq!(Accepted::parse(&fp), None);
        let finding = |fingerprint: &str| Finding {
            line: 3,
            kind: "GitHub personal access token",
            fingerprint: fingerprint.to_string(),
        };
        let earlier = [AcceptedOn {
            accepted: a,
            revision: 4,
            commit: gix::ObjectId::null(gix::hash::Kind::Sha1),
        }];
        let held = [("the journal entry", finding(&fp))];
        let (new, still) = judge_revision(&held, &earlier, false).unwrap();
        assert!(new.is_empty());
        assert_eq!(
            still[0].to_string(),
            "revision 4 holds an accepted secret (GitHub personal access token, line 3 of the journal entry)"
        );
        let other = fingerprint(b"other");
        let both = [
            ("checkpoint.md", finding(&fp)),
            ("checkpoint.md", finding(&other)),
        ];
        assert!(matches!(
            judge_revision(&both, &earlier, false),
            Err(Error::Secret { line: 3, .. })
        ));
        let (new, _) = judge_revision(&both, &earlier, true).unwrap();
        assert_eq!(new.len(), 1, "only the value not accepted before");
        assert_eq!(new[0].fingerprint, other);
    }

    #[test]
    fn entropy_of_simple_strings() {
        assert_eq!(entropy(""), 0.0);
        assert_eq!(entropy("aaaa"), 0.0);
        assert!((entropy("ab") - 1.0).abs() < 1e-9);
        assert!((entropy("abcd") - 2.0).abs() < 1e-9);
    }
}
