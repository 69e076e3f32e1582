//! E-mail addresses as accounts use them.

use crate::invalid::{Checked, Invalid};

pub const INVALID_EMAIL: &str = "Please enter a valid email address.";

/// An e-mail address as accounts use it: trimmed and lower-cased (spec 5), so `Ada@X.com`
/// and `ada@x.com ` are one account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailAddress(String);

impl EmailAddress {
    pub fn parse(raw: &str) -> Checked<Self> {
        let email = raw.trim().to_lowercase();
        let invalid = || Invalid::new("invalid_email", INVALID_EMAIL);
        if email.len() > 254 || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(invalid());
        }
        let (local, domain) = email.split_once('@').ok_or_else(invalid)?;
        let domain_ok = domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..")
            && !domain.contains('@');
        if local.is_empty() || local.len() > 64 || !domain_ok {
            return Err(invalid());
        }
        Ok(Self(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A value as it may stand in a mail header: every run of control characters (CR, LF, tab,
/// NUL, DEL, C1 such as NEL) and Unicode line or paragraph separators becomes one space, and
/// the ends are trimmed. Applied to every value that reaches a header (subject, sender name,
/// Reply-To, recipient, extra headers) at the renderer and again at the mailers: a value from
/// an investor can never start a header of its own (`Eve Doe\nBcc: evil@example.net`).
pub fn header_value(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Inside a break: the break and the spaces around it become one space.
    let mut gap = false;
    for c in text.chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.truncate(out.trim_end().len());
            gap = true;
        } else if gap && c.is_whitespace() {
            continue;
        } else {
            if gap && !out.is_empty() {
                out.push(' ');
            }
            gap = false;
            out.push(c);
        }
    }
    out.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_trimmed_and_lower_cased() {
        assert_eq!(EmailAddress::parse("  Ada.Lovelace@Example.COM ").unwrap().as_str(), "ada.lovelace@example.com");
    }

    #[test]
    fn malformed_addresses_are_refused_with_the_message() {
        for raw in ["", "ada", "ada@", "@example.com", "ada@example", "ada@@example.com", "a da@example.com", "ada@.com", "ada@example..com"] {
            let err = EmailAddress::parse(raw).unwrap_err();
            assert_eq!(err.message, INVALID_EMAIL, "{raw:?}");
        }
    }
}
