//! `file://` URIs (RFC 8089), as MCP clients name their roots.

use std::path::PathBuf;

/// The local path a `file://` URI names (RFC 8089: `file:///abs/path` or
/// `file://localhost/abs/path`, percent-encoded as RFC 3986 section 2.1); `None` for any other
/// scheme or host, or when the decoded path is not valid UTF-8 or not absolute.
pub fn file_uri_path(uri: &str) -> Option<PathBuf> {
    let rest = uri
        .strip_prefix("file://")
        .or_else(|| uri.strip_prefix("FILE://"))?;
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    if !path.starts_with('/') {
        return None;
    }
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    let path = String::from_utf8(out).ok()?;
    Some(PathBuf::from(path))
}

#[cfg(test)]
mod tests {
    use super::file_uri_path;
    use std::path::PathBuf;

    #[test]
    fn file_uris_become_paths_and_other_schemes_do_not() {
        assert_eq!(
            file_uri_path("file:///home/a/repo"),
            Some(PathBuf::from("/home/a/repo"))
        );
        assert_eq!(
            file_uri_path("file://localhost/home/a/my%20repo"),
            Some(PathBuf::from("/home/a/my repo"))
        );
        assert_eq!(
            file_uri_path("file:///caf%C3%A9"),
            Some(PathBuf::from("/café"))
        );
        assert_eq!(file_uri_path("https://example.invalid/x"), None);
        assert_eq!(file_uri_path("file://server/share"), None);
        assert_eq!(file_uri_path("file:///bad%zz"), None);
        assert_eq!(file_uri_path("file:///cut%2"), None);
    }
}
