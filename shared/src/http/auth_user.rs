//! The signed-in caller as a request extractor: `AuthUser` from a verified `Authorization:
//! Bearer` access token (401 without one, or with one that does not verify), and
//! `Option<AuthUser>` where signing in is optional. The token rules are `crate::auth`'s; what
//! they refuse (`TokenError`, `Impersonating`) is answered in [`super::answers`].

use axum::{
    extract::{FromRef, FromRequestParts},
    http::{header, request::Parts},
};

use crate::{
    auth::{AuthUser, TokenKeys},
    error::ApiError,
};

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
