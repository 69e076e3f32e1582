//! Secrets of the link families and salts: each family has its own, so one leaked or rotated
//! secret touches one family only (the access tokens' keys are in [`crate::auth`]).
//!
//! A family's variable holds one or more secrets separated by commas, **newest first**: the
//! newest signs (or salts) what is made from now on, and every one still verifies (or is
//! recognised), so a rotation keeps older links working for their stated life:
//!
//! 1. put `NEW,OLD` in the family's secret and deploy: new links use NEW, old ones still work;
//! 2. once the longest-lived link made with OLD has expired (see [`Family::lifetime`]), put
//!    `NEW` alone and deploy.
//!
//! What a secret signs is never the secret itself: each use derives its key with HMAC-SHA256
//! over the family's label, so a key found in one place opens nothing else.

use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use serde::{Serialize, de::DeserializeOwned};
use sha2::Sha256;


/// The families, one secret each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Campaign unsubscribe links (400 days).
    Unsubscribe,
    /// Campaign click and open links.
    Click,
    /// The compliance vault's exhibit-pack download links (10 minutes).
    Export,
    /// The daily key that counts one view per form, address and day (no raw IP is stored).
    ViewSalt,
    /// The hash that counts distinct askers of a chat question (no user id is stored).
    QuestionSalt,
    /// The `user.id` a sign-up answers for an address (the same whatever the address's state,
    /// so the answer tells nobody whether it has an account).
    SignUpIds,
}

impl Family {
    pub const ALL: &'static [Family] = &[Family::Unsubscribe, Family::Click, Family::Export, Family::ViewSalt, Family::QuestionSalt, Family::SignUpIds];

    pub const fn variable(self) -> &'static str {
        match self {
            Family::Unsubscribe => "UNSUBSCRIBE_LINK_SECRETS",
            Family::Click => "CLICK_LINK_SECRETS",
            Family::Export => "EXPORT_LINK_SECRETS",
            Family::ViewSalt => "VIEW_SALT_SECRETS",
            Family::QuestionSalt => "QUESTION_SALT_SECRETS",
            Family::SignUpIds => "SIGN_UP_ID_SECRETS",
        }
    }

    /// The label keys are derived with (part of every signature: a token of one family never
    /// verifies in another, even if an operator gave two families the same secret).
    const fn label(self) -> &'static str {
        match self {
            Family::Unsubscribe => "unsubscribe-links/v1",
            Family::Click => "click-links/v1",
            Family::Export => "export-links/v1",
            Family::ViewSalt => "view-salt/v1",
            Family::QuestionSalt => "question-salt/v1",
            Family::SignUpIds => "sign-up-ids/v1",
        }
    }

    /// How long an older secret must stay after a rotation: the longest life of what it made.
    pub const fn lifetime(self) -> &'static str {
        match self {
            Family::Unsubscribe => "400 days (an unsubscribe link's life)",
            Family::Click => "as long as a click link lives (see the campaigns' click links)",
            Family::Export => "10 minutes (an exhibit-pack link's life)",
            Family::ViewSalt => "1 day (a view is counted once per address and day)",
            Family::QuestionSalt => "as long as chat questions are kept (the askers counted so far)",
            Family::SignUpIds => "none: only the newest is used (after a rotation a waiting address's sign-up answers another id, as any address's would)",
        }
    }
}

/// The smallest secret accepted (characters).
pub const MIN_SECRET_CHARS: usize = 32;
/// Secrets kept at once: the current one and the ones still verifying.
pub const MAX_SECRETS: usize = 4;

type HmacSha256 = Hmac<Sha256>;

/// One family's secrets, newest first (see the module documentation).
#[derive(Clone)]
pub struct LinkSecrets {
    family: Family,
    secrets: Vec<SecretString>,
}

impl std::fmt::Debug for LinkSecrets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LinkSecrets({:?}, {} secret(s))", self.family, self.secrets.len())
    }
}

/// A family's variable that does not hold valid secrets (configuration maps it to its error).
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("invalid environment variable {variable}: {reason}")]
pub struct InvalidSecrets {
    pub variable: &'static str,
    pub reason: String,
}

/// A secret for a part the function did not declare: random per process, shared with
/// nothing, so whatever it verifies (signatures, links) never matches.
pub fn unmatched_secret() -> SecretString {
    use rand::Rng;
    let value: String = rand::rng().sample_iter(rand::distr::Alphanumeric).take(48).map(char::from).collect();
    SecretString::from(value)
}

impl LinkSecrets {
    /// `NEW[,OLDER…]` from the family's variable.
    pub fn parse(family: Family, value: &str) -> Result<Self, InvalidSecrets> {
        let invalid = |reason: String| InvalidSecrets { variable: family.variable(), reason };
        let secrets: Vec<&str> = value.split(',').map(str::trim).collect();
        if secrets.len() > MAX_SECRETS {
            return Err(invalid(format!("at most {MAX_SECRETS} secrets (the newest first)")));
        }
        if secrets.iter().any(|secret| secret.chars().count() < MIN_SECRET_CHARS) {
            return Err(invalid(format!("each secret (comma-separated, newest first) must be at least {MIN_SECRET_CHARS} characters")));
        }
        Ok(Self { family, secrets: secrets.into_iter().map(|s| SecretString::from(s.to_owned())).collect() })
    }

    /// For a family the function did not declare: one random secret shared with nothing, so
    /// nothing it made verifies anywhere else and nothing made elsewhere verifies here.
    pub fn unmatched(family: Family) -> Self {
        Self { family, secrets: vec![unmatched_secret()] }
    }

    pub fn family(&self) -> Family {
        self.family
    }

    /// How many secrets verify (1 outside a rotation).
    pub fn len(&self) -> usize {
        self.secrets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.secrets.is_empty()
    }

    fn derive(&self, secret: &SecretString) -> Vec<u8> {
        let mut mac = HmacSha256::new_from_slice(secret.expose_secret().as_bytes()).expect("HMAC takes any key");
        mac.update(self.family.label().as_bytes());
        mac.finalize().into_bytes().to_vec()
    }

    /// The key that signs from now on (derived from the newest secret).
    pub fn signing_key(&self) -> Vec<u8> {
        self.derive(&self.secrets[0])
    }

    /// Every key that verifies, newest first.
    pub fn verifying_keys(&self) -> Vec<Vec<u8>> {
        self.secrets.iter().map(|secret| self.derive(secret)).collect()
    }

    /// A token carrying `claims` for one `kind` of use, signed with the newest secret.
    pub fn sign<T: Serialize>(&self, kind: &str, claims: &T) -> String {
        crate::campaigns::sign(&self.signing_key(), kind, claims)
    }

    /// The claims of a token signed for `kind` by any secret still kept; `None` if forged,
    /// altered, malformed, or signed by a secret that was rotated out.
    pub fn verify<T: DeserializeOwned>(&self, kind: &str, token: &str) -> Option<T> {
        self.verifying_keys().iter().find_map(|key| crate::campaigns::verify(key, kind, token))
    }

    /// Salts for hashing (hex), newest first: the newest makes new hashes, the older ones
    /// recognise what was hashed before a rotation.
    pub fn salts(&self) -> Vec<String> {
        self.verifying_keys().iter().map(|key| crate::crypto::hex(key)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    const B: &str = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
    const C: &str = "cccccccccccccccccccccccccccccccccccccccc";

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Claims {
        who: String,
    }

    fn claims() -> Claims {
        Claims { who: "ada".into() }
    }

    #[test]
    fn a_link_signed_before_a_rotation_still_verifies_after_it_and_new_links_use_the_new_secret() {
        let before = LinkSecrets::parse(Family::Unsubscribe, A).unwrap();
        let old_link = before.sign("unsubscribe", &claims());
        let rotated = LinkSecrets::parse(Family::Unsubscribe, &format!("{B}, {A}")).unwrap();
        assert_eq!(rotated.verify::<Claims>("unsubscribe", &old_link), Some(claims()));
        let new_link = rotated.sign("unsubscribe", &claims());
        assert_ne!(new_link, old_link, "new links are signed with the newest secret");
        assert_eq!(before.verify::<Claims>("unsubscribe", &new_link), None, "the old secret alone does not know the new one");
        // Once the old secret is dropped, its links stop working; the new ones keep working.
        let after = LinkSecrets::parse(Family::Unsubscribe, B).unwrap();
        assert_eq!(after.verify::<Claims>("unsubscribe", &old_link), None);
        assert_eq!(after.verify::<Claims>("unsubscribe", &new_link), Some(claims()));
    }

    #[test]
    fn a_token_of_one_family_never_verifies_in_another_even_with_the_same_secret() {
        let unsubscribe = LinkSecrets::parse(Family::Unsubscribe, A).unwrap();
        let click = LinkSecrets::parse(Family::Click, A).unwrap();
        let token = unsubscribe.sign("unsubscribe", &claims());
        assert_eq!(click.verify::<Claims>("unsubscribe", &token), None);
        assert_ne!(unsubscribe.salts(), click.salts());
        assert_eq!(unsubscribe.verify::<Claims>("click", &token), None, "nor for another kind of use");
    }

    #[test]
    fn the_derived_key_is_a_fixed_hmac_of_the_family_label_not_the_secret() {
        let secrets = LinkSecrets::parse(Family::Export, A).unwrap();
        // HMAC-SHA256(key = A, message = "export-links/v1"), computed independently.
        assert_eq!(crate::crypto::hex(&secrets.signing_key()), "0eed5d8ddf07957c65630a76457cca0b2d096116954b69b0a654351c0c85cb8d");
        assert!(!crate::crypto::hex(&secrets.signing_key()).contains(&crate::crypto::hex(A.as_bytes())));
    }

    #[test]
    fn salts_are_newest_first_one_per_secret() {
        let one = LinkSecrets::parse(Family::ViewSalt, A).unwrap();
        let two = LinkSecrets::parse(Family::ViewSalt, &format!("{C},{A}")).unwrap();
        assert_eq!(two.salts().len(), 2);
        assert_eq!(two.salts()[1], one.salts()[0]);
        assert_ne!(two.salts()[0], one.salts()[0]);
    }

    #[test]
    fn short_secrets_and_too_many_are_refused_with_the_variable_name() {
        for value in ["short", "", &format!("{A},short"), &format!("{A},,{B}"), &[A, B, C, A, B].join(",")] {
            let err = LinkSecrets::parse(Family::Click, value).unwrap_err();
            assert!(err.to_string().contains("CLICK_LINK_SECRETS"), "{value}: {err}");
        }
    }

    #[test]
    fn secrets_never_print() {
        let secrets = LinkSecrets::parse(Family::Click, A).unwrap();
        assert!(!format!("{secrets:?}").contains("aaaa"));
    }

    #[test]
    fn an_unmatched_family_verifies_nothing_made_elsewhere() {
        let real = LinkSecrets::parse(Family::Click, A).unwrap();
        let token = real.sign("click", &claims());
        assert_eq!(LinkSecrets::unmatched(Family::Click).verify::<Claims>("click", &token), None);
    }
}
