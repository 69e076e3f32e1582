//! Access-token keys: the public keys every function that takes a session verifies with
//! (`ACCESS_TOKEN_PUBLIC_KEYS`, a JWK set, not secret) and the private key of the functions
//! that mint sessions (`ACCESS_TOKEN_SIGNING_KEY`, `auth` only).

use super::{ConfigError, Env, Needs, Variable};
use crate::auth::{PublicKey, SigningKey};

/// What verifies access tokens, and what mints them (see `auth`).
#[derive(Debug, Clone, Default)]
pub struct AccessTokenConfig {
    pub public_keys: Vec<PublicKey>,
    /// `auth` only: the key `ACCESS_TOKEN_SIGNING_KEY` holds.
    pub signing_key: Option<SigningKey>,
}

pub(super) fn variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.access_tokens || needs.mints_sessions {
        vars.push(Variable::required("ACCESS_TOKEN_PUBLIC_KEYS"));
    }
    if needs.mints_sessions {
        vars.push(Variable::required("ACCESS_TOKEN_SIGNING_KEY").secret());
    }
}

/// The public keys (every function that takes a session) and the private key (the functions
/// that mint sessions), which must be one of the published keys: a new key is published first,
/// then used, so no function ever meets a token it cannot verify.
pub(super) fn read(needs: &Needs, env: &Env) -> Result<AccessTokenConfig, ConfigError> {
    if !(needs.access_tokens || needs.mints_sessions) {
        return Ok(AccessTokenConfig::default());
    }
    let public_keys = crate::auth::parse_public_keys(&env.required("ACCESS_TOKEN_PUBLIC_KEYS")?)
        .map_err(|reason| ConfigError::Invalid { name: "ACCESS_TOKEN_PUBLIC_KEYS", reason })?;
    let signing_key = if needs.mints_sessions {
        let key = SigningKey::from_pem(&env.required("ACCESS_TOKEN_SIGNING_KEY")?)
            .map_err(|reason| ConfigError::Invalid { name: "ACCESS_TOKEN_SIGNING_KEY", reason })?;
        if !public_keys.iter().any(|public| public == key.public()) {
            return Err(ConfigError::Invalid {
                name: "ACCESS_TOKEN_SIGNING_KEY",
                reason: format!("its public key (kid {}) is not in ACCESS_TOKEN_PUBLIC_KEYS: publish it first, then sign with it", key.public().kid),
            });
        }
        Some(key)
    } else {
        None
    };
    Ok(AccessTokenConfig { public_keys, signing_key })
}

#[cfg(test)]
mod tests {
    use super::super::{Config, test_env::*};
    use super::*;

    #[test]
    fn a_signing_key_whose_public_key_is_not_published_is_refused() {
        let mut vars = complete();
        let other = SigningKey::generate();
        set(&mut vars, "ACCESS_TOKEN_SIGNING_KEY", &other.to_pem());
        let err = Config::from_lookup(lookup(&vars)).unwrap_err();
        assert!(err.to_string().contains("ACCESS_TOKEN_SIGNING_KEY") && err.to_string().contains("publish it first"), "{err}");
        // Published beside the current key (rotation step 1), it is accepted.
        let current = SigningKey::from_pem(crate::auth::test_keys::SIGNING_KEY).unwrap();
        set(&mut vars, "ACCESS_TOKEN_PUBLIC_KEYS", &crate::auth::jwks(&[current.public(), other.public()]));
        let config = Config::from_lookup(lookup(&vars)).unwrap();
        assert_eq!(config.access_tokens.signing_key.unwrap().public(), other.public());
        set(&mut vars, "ACCESS_TOKEN_PUBLIC_KEYS", "{}");
        assert!(Config::from_lookup(lookup(&vars)).unwrap_err().to_string().contains("ACCESS_TOKEN_PUBLIC_KEYS"));
    }

    #[test]
    fn a_function_that_takes_no_session_holds_no_access_token_key() {
        let config = Config::from_lookup_for(&Needs::NONE, lookup(&complete())).unwrap();
        assert!(config.access_tokens.public_keys.is_empty() && config.access_tokens.signing_key.is_none());
    }
}
