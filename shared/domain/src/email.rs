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
