//! `profiles`: the signed-in founder's profile — `{id, name, interested_investors_count,
//! estimated_interest}`; the two counters cover every lead and are kept on write.
//!
//! - `GET   /api/profiles/me` — the profile (an empty one before anything was saved)
//! - `PATCH /api/profiles/me` — `{name}`; the counter is maintained by the leads function
//! - `PUT   /api/profiles/me/logo` — the logo investors see on every form: the image itself as
//!   the body (PNG, JPEG or WebP, at most 2 MB), kept re-encoded as a PNG (see [`logo`]);
//!   answers the profile with `logo: {url, width, height}`
//! - `DELETE /api/profiles/me/logo` — takes the logo off the forms
//! - `PUT   /api/profiles/me/notifications` — `{lead_mails}`: how the company hears about new
//!   leads (`every`, `hourly`, `daily`, `off`; see `domain::lead_digest`); answers the profile

pub mod config;
pub mod logo;

use axum::{
    Json, Router,
    body::Body,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    routing::{get, put},
};
use serde::Deserialize;
use shared::{
    http::member::Member,
    teams::Action,
    ApiError, AppState, Result,
    brand::{LogoProblem, MAX_LOGO_BYTES},
    http::JsonBody,
    repo::profiles::Profile,
};
use shared::lead_digest::LeadMails;

pub fn router(state: AppState) -> Router {
    let router = Router::new()
        .route("/me", get(show_profile).patch(update_profile))
        .route("/me/logo", put(upload_logo).delete(remove_logo))
        .route("/me/notifications", put(update_notifications))
        .with_state(state.clone());
    shared::http::audit::audited("profiles", shared::http::activity::recorded("profiles", router, &state), &state)
}

#[tracing::instrument(skip(state))]
async fn show_profile(State(state): State<AppState>, member: Member) -> Result<Json<Profile>> {
    let (company, own) = tokio::try_join!(state.profiles().get_profile(&member.company_id), async {
        if member.company_id == member.user.id { Ok(None) } else { state.profiles().get_profile(&member.user.id).await }
    })?;
    let mut profile = company.unwrap_or_else(|| Profile::empty(&member.company_id));
    // The name is the caller's own; the counters and logo are the company's.
    if member.company_id != member.user.id {
        profile.name = own.and_then(|own| own.name);
    }
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
    member: Member,
    JsonBody(body): JsonBody<UpdateProfile, 4096>,
) -> Result<Json<Profile>> {
    member.user.refuse_impersonation()?;
    let name = ProfileName::parse(&body.name)?;
    let profile = state.profiles().set_profile_name(&member.user.id, name.as_ref()).await?;
    Ok(Json(profile))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct UpdateNotifications {
    lead_mails: String,
}

/// Settings → Notifications: how the company hears about new leads. Its owner gets the
/// e-mails, so the choice is the company's (members who manage the company set it).
#[tracing::instrument(skip(state))]
async fn update_notifications(
    State(state): State<AppState>,
    member: Member,
    JsonBody(body): JsonBody<UpdateNotifications, 1024>,
) -> Result<Json<Profile>> {
    member.user.refuse_impersonation()?;
    member.require(Action::ManageCompany)?;
    let mails = LeadMails::parse(&body.lead_mails)
        .ok_or_else(|| ApiError::bad_request("invalid_lead_mails", "Choose every lead, hourly, daily or off."))?;
    let mut profile = state.profiles().set_lead_mails(&member.company_id, mails).await?;
    if member.company_id != member.user.id {
        profile.name = state.profiles().get_profile(&member.user.id).await?.and_then(|own| own.name);
    }
    Ok(Json(profile))
}

fn refused(problem: LogoProblem) -> ApiError {
    match problem {
        LogoProblem::TooLarge => ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "logo_too_large", problem.message()),
        _ => ApiError::bad_request("invalid_logo", problem.message()),
    }
}

/// Checks, re-encodes and keeps the founder's logo, then puts it on the profile: a refused
/// file changes nothing (the logo already there stays).
#[tracing::instrument(skip(state, headers, body))]
async fn upload_logo(State(state): State<AppState>, member: Member, headers: HeaderMap, body: Body) -> Result<Json<Profile>> {
    member.user.refuse_impersonation()?;
    member.require(Action::ManageCompany)?;
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|length| length > MAX_LOGO_BYTES) {
        return Err(refused(LogoProblem::TooLarge));
    }
    let bytes = axum::body::to_bytes(body, MAX_LOGO_BYTES).await.map_err(|_| refused(LogoProblem::TooLarge))?;
    // Decoding is CPU work: off the async workers.
    let kept = tokio::task::spawn_blocking(move || logo::normalise(&bytes)).await.map_err(ApiError::internal)?.map_err(refused)?;
    let assets = state.assets.as_ref().ok_or_else(|| ApiError::internal(anyhow::anyhow!("profiles did not declare the assets bucket")))?;
    assets.put_logo(&kept.logo.hash, kept.png).await?;
    let profile = state.profiles().set_logo(&member.company_id, &kept.logo).await?;
    Ok(Json(profile))
}

/// Takes the logo off the profile (and so off every form). The PNG stays under its hash:
/// another founder may have uploaded the same image.
#[tracing::instrument(skip(state))]
async fn remove_logo(State(state): State<AppState>, member: Member) -> Result<Json<Profile>> {
    member.user.refuse_impersonation()?;
    member.require(Action::ManageCompany)?;
    let profile = state.profiles().remove_logo(&member.company_id).await?.unwrap_or_else(|| Profile::empty(&member.company_id));
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
