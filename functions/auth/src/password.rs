//! Password rules and hashing. argon2id with OWASP's parameters (m = 19 MiB, t = 2, p = 1);
//! hashing runs on the blocking pool so it never stalls other requests.

use std::sync::OnceLock;

use argon2::{
    Algorithm, Argon2, Params, Version,
    password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng},
};
use rand::{Rng, seq::SliceRandom};
use shared::ApiError;

use crate::messages::{PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT};

pub const MIN_CHARS: usize = 8;
/// Long passphrases are welcome; the whole password is always hashed, never truncated.
pub const MAX_CHARS: usize = 256;
pub const MEMORY_KIB: u32 = 19 * 1024;
pub const ITERATIONS: u32 = 2;
pub const PARALLELISM: u32 = 1;

fn hasher() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, ITERATIONS, PARALLELISM, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// A password that meets the length rules.
#[derive(Clone)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(..)")
    }
}

impl Password {
    pub fn parse(raw: &str) -> Result<Self, ApiError> {
        let chars = raw.chars().count();
        if chars < MIN_CHARS {
            return Err(ApiError::bad_request("weak_password", PASSWORD_TOO_SHORT));
        }
        if chars > MAX_CHARS {
            return Err(ApiError::bad_request("weak_password", PASSWORD_TOO_LONG));
        }
        Ok(Self(raw.to_owned()))
    }

    /// Spec 5: 16 characters with at least one lowercase letter, uppercase letter, digit and
    /// symbol, shuffled.
    pub fn generate() -> Self {
        const LOWER: &[u8] = b"abcdefghijkmnopqrstuvwxyz";
        const UPPER: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
        const DIGITS: &[u8] = b"23456789";
        const SYMBOLS: &[u8] = b"!@#$%^&*()-_=+[]{}?";
        let mut rng = rand::rng();
        let all: Vec<u8> = [LOWER, UPPER, DIGITS, SYMBOLS].concat();
        let mut chars: Vec<u8> = [LOWER, UPPER, DIGITS, SYMBOLS]
            .iter()
            .map(|class| class[rng.random_range(0..class.len())])
            .collect();
        while chars.len() < 16 {
            chars.push(all[rng.random_range(0..all.len())]);
        }
        chars.shuffle(&mut rng);
        Self(String::from_utf8(chars).expect("ASCII"))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

pub async fn hash_password(password: &Password) -> Result<String, ApiError> {
    let password = password.0.clone();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        hasher().hash_password(password.as_bytes(), &salt).map(|hash| hash.to_string())
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(|err| ApiError::internal(anyhow::anyhow!("argon2 hashing failed: {err}")))
}

/// Verifies against `hash`, or against a dummy hash of the same cost when the account does
/// not exist, so an unknown e-mail costs the same time as a wrong password.
pub async fn verify_password(password: &str, hash: Option<&str>) -> Result<bool, ApiError> {
    let password = password.to_owned();
    let known = hash.is_some();
    let hash = hash.map(str::to_owned).unwrap_or_else(|| dummy_hash().to_owned());
    let matches = tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash).is_ok_and(|parsed| hasher().verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await
    .map_err(ApiError::internal)?;
    Ok(known && matches)
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let salt = SaltString::generate(&mut OsRng);
        hasher()
            .hash_password(Password::generate().expose().as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_passwords_have_sixteen_characters_of_every_class() {
        for _ in 0..200 {
            let password = Password::generate();
            let p = password.expose();
            assert_eq!(p.len(), 16);
            assert!(p.chars().any(|c| c.is_ascii_lowercase()));
            assert!(p.chars().any(|c| c.is_ascii_uppercase()));
            assert!(p.chars().any(|c| c.is_ascii_digit()));
            assert!(p.chars().any(|c| !c.is_ascii_alphanumeric()));
        }
        assert_ne!(Password::generate().expose(), Password::generate().expose());
    }

    #[test]
    fn length_rules_count_characters_not_bytes() {
        assert_eq!(Password::parse("short").unwrap_err().message, PASSWORD_TOO_SHORT);
        assert!(Password::parse("ééééééé").is_err());
        assert!(Password::parse("éééééééé").is_ok());
        assert!(Password::parse(&"x".repeat(256)).is_ok());
        assert_eq!(Password::parse(&"x".repeat(257)).unwrap_err().message, PASSWORD_TOO_LONG);
    }

    #[tokio::test]
    async fn a_hash_is_argon2id_with_the_owasp_parameters_and_verifies() {
        let password = Password::parse("correct horse battery staple").unwrap();
        let hash = hash_password(&password).await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(verify_password("correct horse battery staple", Some(&hash)).await.unwrap());
        assert!(!verify_password("correct horse battery stapl", Some(&hash)).await.unwrap());
    }

    #[tokio::test]
    async fn long_passwords_are_not_truncated() {
        let long = "a".repeat(200);
        let hash = hash_password(&Password::parse(&long).unwrap()).await.unwrap();
        assert!(!verify_password(&"a".repeat(199), Some(&hash)).await.unwrap());
        assert!(verify_password(&long, Some(&hash)).await.unwrap());
    }

    #[tokio::test]
    async fn an_unknown_account_never_verifies() {
        assert!(!verify_password("anything at all", None).await.unwrap());
    }
}
