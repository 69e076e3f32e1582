//! Access tokens: short-lived HS256 JWTs sent as `Authorization: Bearer`. The algorithm,
//! issuer and audience are fixed; anything else (including `alg: none`) is rejected.

use std::time::Duration;

use axum::{
    extract::{FromRef, FromRequestParts},
    http::{header, request::Parts},
};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

pub const ISSUER: &str = "raisespark";
pub const AUDIENCE: &str = "authenticated";
/// Access tokens live 15 minutes: after a global sign-out, a stolen access token works at
/// most this long, and the refresh token (revoked server-side) cannot renew it.
pub const ACCESS_TOKEN_TTL: Duration = Duration::from_secs(15 * 60);
const LEEWAY_SECONDS: u64 = 30;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct AccessClaims {
    pub sub: String,
    pub email: String,
    pub iss: String,
    pub aud: String,
    pub iat: u64,
    pub exp: u64,
    /// RFC 8693 actor: present when an administrator acts as this user (impersonation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub act: Option<Actor>,
    /// The impersonation record (audit id) this token belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imp: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Actor {
    pub sub: String,
}

#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

impl std::fmt::Debug for TokenKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenKeys(..)")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("the access token is missing")]
    Missing,
    #[error("the access token is invalid: {0}")]
    Invalid(#[from] jsonwebtoken::errors::Error),
}

impl TokenKeys {
    pub fn from_secret(secret: &SecretString) -> Self {
        let bytes = secret.expose_secret().as_bytes();
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = LEEWAY_SECONDS;
        Self { encoding: EncodingKey::from_secret(bytes), decoding: DecodingKey::from_secret(bytes), validation }
    }

    pub fn issue(&self, user_id: &str, email: &str, ttl: Duration) -> String {
        self.issue_expiring_at(user_id, email, now_seconds() + ttl.as_secs())
    }

    /// A token with an explicit `exp` (Unix seconds); tests use it for expired tokens.
    pub fn issue_expiring_at(&self, user_id: &str, email: &str, exp: u64) -> String {
        let claims = AccessClaims {
            sub: user_id.to_owned(),
            email: email.to_owned(),
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
            iat: now_seconds().min(exp),
            exp,
            act: None,
            imp: None,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .expect("HS256 signing with an in-memory key cannot fail")
    }

    /// An access token for an impersonation session: `sub` is the impersonated user, `act`
    /// the administrator, `imp` the audit record. It expires at `exp` (never after the
    /// session's end).
    pub fn issue_impersonation(&self, user_id: &str, email: &str, admin_id: &str, audit_id: &str, exp: u64) -> String {
        let claims = AccessClaims {
            sub: user_id.to_owned(),
            email: email.to_owned(),
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
            iat: now_seconds().min(exp),
            exp,
            act: Some(Actor { sub: admin_id.to_owned() }),
            imp: Some(audit_id.to_owned()),
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .expect("HS256 signing with an in-memory key cannot fail")
    }

    pub fn verify(&self, token: &str) -> Result<AccessClaims, TokenError> {
        Ok(jsonwebtoken::decode::<AccessClaims>(token, &self.decoding, &self.validation)?.claims)
    }
}

pub fn now_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs())
        .unwrap_or_default()
}

/// The signed-in caller, taken from a verified access token. Owner routes take this and
/// never a user id from the body.
#[derive(Debug, Clone, PartialEq)]
pub struct AuthUser {
    pub id: String,
    pub email: String,
    /// Set when an administrator is acting as this user (an impersonation session).
    pub impersonation: Option<ActingAdmin>,
}

/// Who is really behind an impersonation session, and its audit record.
#[derive(Debug, Clone, PartialEq)]
pub struct ActingAdmin {
    pub admin_id: String,
    pub audit_id: String,
}

/// Refused inside an impersonation session (403): password, e-mail and name, billing,
/// payouts, admin routes, another impersonation, account deletion.
pub const NOT_WHILE_IMPERSONATING: &str = "Not available while impersonating a user";

impl AuthUser {
    /// The caller acting as themselves; 403 inside an impersonation session.
    pub fn refuse_impersonation(&self) -> Result<&Self, ApiError> {
        match self.impersonation {
            None => Ok(self),
            Some(_) => Err(ApiError::new(axum::http::StatusCode::FORBIDDEN, "impersonating", NOT_WHILE_IMPERSONATING)),
        }
    }

    fn from_claims(claims: AccessClaims) -> Self {
        let impersonation = match (claims.act, claims.imp) {
            (Some(actor), Some(audit_id)) => Some(ActingAdmin { admin_id: actor.sub, audit_id }),
            _ => None,
        };
        Self { id: claims.sub, email: claims.email, impersonation }
    }
}

impl<S> FromRequestParts<S> for AuthUser
where
    TokenKeys: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let token = bearer_token(parts)
            .ok_or_else(|| ApiError::unauthorized("Authentication required. Please sign in."))?;
        let claims = TokenKeys::from_ref(state).verify(token).map_err(|err| {
            tracing::debug!(error = %err, "access token rejected");
            ApiError::new(
                axum::http::StatusCode::UNAUTHORIZED,
                "invalid_token",
                "Your session has expired. Please sign in again.",
            )
        })?;
        Ok(Self::from_claims(claims))
    }
}

/// `Option<AuthUser>`: `None` when no valid access token came with the request.
impl<S> axum::extract::OptionalFromRequestParts<S> for AuthUser
where
    TokenKeys: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Option<Self>, Self::Rejection> {
        Ok(<Self as FromRequestParts<S>>::from_request_parts(parts, state).await.ok())
    }
}

fn bearer_token(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim()).filter(|token| !token.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> TokenKeys {
        TokenKeys::from_secret(&SecretString::from("k".repeat(32)))
    }

    fn encode_raw(header: &str, claims: &serde_json::Value, signature: &str) -> String {
        use base64_shim::encode;
        format!("{}.{}.{}", encode(header.as_bytes()), encode(claims.to_string().as_bytes()), signature)
    }

    /// URL-safe base64 without padding, enough to forge tokens in tests.
    mod base64_shim {
        pub fn encode(input: &[u8]) -> String {
            const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
            let mut out = String::new();
            for chunk in input.chunks(3) {
                let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
                let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
                for i in 0..=chunk.len() {
                    out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
                }
            }
            out
        }
    }

    fn valid_claims() -> serde_json::Value {
        let now = now_seconds();
        serde_json::json!({"sub":"u1","email":"a@b.co","iss":ISSUER,"aud":AUDIENCE,"iat":now,"exp":now+60})
    }

    #[test]
    fn an_issued_token_verifies_to_its_claims() {
        let token = keys().issue("user-1", "ada@example.com", ACCESS_TOKEN_TTL);
        let claims = keys().verify(&token).unwrap();
        assert_eq!(claims.sub, "user-1");
        assert_eq!(claims.email, "ada@example.com");
    }

    #[test]
    fn a_token_signed_with_another_key_is_rejected() {
        let other = TokenKeys::from_secret(&SecretString::from("x".repeat(32)));
        let token = other.issue("user-1", "a@b.co", ACCESS_TOKEN_TTL);
        assert!(keys().verify(&token).is_err());
    }

    #[test]
    fn a_tampered_payload_is_rejected() {
        let token = keys().issue("user-1", "a@b.co", ACCESS_TOKEN_TTL);
        let mut parts: Vec<&str> = token.split('.').collect();
        let forged = base64_shim::encode(valid_claims().to_string().replace("u1", "admin").as_bytes());
        parts[1] = &forged;
        assert!(keys().verify(&parts.join(".")).is_err());
    }

    #[test]
    fn an_expired_token_is_rejected() {
        let token = keys().issue("user-1", "a@b.co", Duration::ZERO);
        // exp = now, still inside the leeway; craft one clearly past it instead.
        assert!(keys().verify(&token).is_ok());
        let now = now_seconds();
        let claims = AccessClaims {
            sub: "u".into(), email: "e".into(), iss: ISSUER.into(), aud: AUDIENCE.into(),
            iat: now - 3600, exp: now - LEEWAY_SECONDS - 5, act: None, imp: None,
        };
        let expired = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys().encoding).unwrap();
        assert!(keys().verify(&expired).is_err());
    }

    #[test]
    fn an_impersonation_token_names_its_actor_and_audit_record() {
        let token = keys().issue_impersonation("target", "t@b.co", "admin", "audit-1", now_seconds() + 60);
        let user = AuthUser::from_claims(keys().verify(&token).unwrap());
        assert_eq!(user.id, "target");
        assert_eq!(user.impersonation, Some(ActingAdmin { admin_id: "admin".into(), audit_id: "audit-1".into() }));
        assert_eq!(user.refuse_impersonation().unwrap_err().status, axum::http::StatusCode::FORBIDDEN);
        let own = AuthUser::from_claims(keys().verify(&keys().issue("u", "u@b.co", ACCESS_TOKEN_TTL)).unwrap());
        assert!(own.impersonation.is_none() && own.refuse_impersonation().is_ok());
    }

    #[test]
    fn alg_none_is_rejected() {
        let token = encode_raw(r#"{"alg":"none","typ":"JWT"}"#, &valid_claims(), "");
        assert!(keys().verify(&token).is_err());
    }

    #[test]
    fn another_algorithm_is_rejected_even_with_the_right_key() {
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS512), &valid_claims(), &keys().encoding).unwrap();
        assert!(keys().verify(&token).is_err());
    }

    #[test]
    fn a_wrong_audience_or_issuer_is_rejected() {
        for (key, value) in [("aud", "someone-else"), ("iss", "evil")] {
            let mut claims = valid_claims();
            claims[key] = value.into();
            let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys().encoding).unwrap();
            assert!(keys().verify(&token).is_err(), "{key} should be checked");
        }
    }

    #[test]
    fn the_bearer_scheme_is_case_insensitive_and_required() {
        let parts = |value: &str| {
            axum::http::Request::builder().header(header::AUTHORIZATION, value).body(()).unwrap().into_parts().0
        };
        assert_eq!(bearer_token(&parts("bearer abc")), Some("abc"));
        assert_eq!(bearer_token(&parts("Basic abc")), None);
        assert_eq!(bearer_token(&parts("Bearer ")), None);
    }
}
