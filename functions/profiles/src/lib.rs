//! `profiles`: the signed-in founder's profile — `{id, name, interested_investors_count,
//! estimated_interest}`; the two counters cover every lead and are kept on write.
//!
//! - `GET   /api/profiles/me` — the profile (an empty one before anything was saved)
//! - `PATCH /api/profiles/me` — `{name}`; the counter is maintained by the leads function

pub mod config;

use axum::{Json, Router, extract::State, routing::get};
use serde::Deserialize;
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    http::JsonBody,
    repo::profiles::Profile,
};

pub fn router(state: AppState) -> Router {
    let router = Router::new().route("/me", get(show_profile).patch(update_profile)).with_state(state.clone());
    shared::http::audit::audited("profiles", router, &state)
}

#[tracing::instrument(skip(state))]
async fn show_profile(State(state): State<AppState>, user: AuthUser) -> Result<Json<Profile>> {
    let profile = state.profiles().get_profile(&user.id)
        .await?
        .unwrap_or_else(|| Profile::empty(&user.id));
    Ok(Json(profile))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct UpdateProfile {
    name: String,
}

#[tracing::instrument(skip(state, body))]
async fn update_profile(
    State(state): State<AppState>,
    user: AuthUser,
    JsonBody(body): JsonBody<UpdateProfile, 4096>,
) -> Result<Json<Profile>> {
    user.refuse_impersonation()?;
    let name = ProfileName::parse(&body.name)?;
    let profile = state.profiles().set_profile_name(&user.id, name.as_ref()).await?;
    Ok(Json(profile))
}

/// A display name: trimmed, 1 to 100 characters, no control characters.
#[derive(Debug, PartialEq)]
pub struct ProfileName(String);

impl ProfileName {
    pub const MAX_CHARS: usize = 100;

    pub fn parse(raw: &str) -> Result<Self, ApiError> {
        let name = raw.trim();
        if name.is_empty() {
            return Err(ApiError::bad_request("invalid_name", "Please enter your name."));
        }
        if name.chars().count() > Self::MAX_CHARS {
            return Err(ApiError::bad_request("invalid_name", "Your name can be at most 100 characters long."));
        }
        if name.chars().any(char::is_control) {
            return Err(ApiError::bad_request("invalid_name", "Your name cannot contain control characters."));
        }
        Ok(Self(name.to_owned()))
    }
}

impl AsRef<str> for ProfileName {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed() {
        assert_eq!(ProfileName::parse("  Ada Lovelace ").unwrap().as_ref(), "Ada Lovelace");
    }

    #[test]
    fn blank_long_and_control_character_names_are_refused() {
        assert!(ProfileName::parse("   ").is_err());
        assert!(ProfileName::parse(&"a".repeat(101)).is_err());
        assert!(ProfileName::parse("Ada\u{0007}").is_err());
        assert!(ProfileName::parse(&"é".repeat(100)).is_ok());
    }
}
