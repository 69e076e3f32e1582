//! `forms`: the founder's investor forms. Every route acts on the caller's own forms only:
//! another user's form answers 404. Creating and editing (content, publish) need a
//! subscription, checked on the server; archiving, deleting and reading do not.
//!
//! - `GET    /api/forms`                 — own forms, most recently updated first
//! - `POST   /api/forms`                 — create the default form
//! - `GET    /api/forms/presets`         — built-in fields (amount, timeline, experience, location)
//! - `GET    /api/forms/theme?primaryColor=…&backgroundColor=…&textColor=…&buttonColor=…&buttonTextColor=…`
//!   — the theme investors would see with these colours (the editor's live preview, before saving)
//! - `GET    /api/forms/{id}`            — one form
//! - `PUT    /api/forms/{id}`            — replace its content; `version` must be current (else 409)
//! - `POST   /api/forms/{id}/publish`    — and `/unpublish`, `/archive`, `/unarchive`
//! - `DELETE /api/forms/{id}`            — permanently; its leads are kept
//!
//! Every form answer carries its `theme`: the colours investors see, each readable (WCAG 2 AA),
//! and which chosen colours were adjusted (see `shared::theme`). It is derived from the stored
//! choices on every read, so forms saved before the rule existed show readable colours too.
//!
//! Every publish (and every edit or unarchive of a live form) files the form as investors see
//! it in the founder's compliance vault; a form carries the offering's status (see
//! `shared::vault::offering`), taken from the profile when it is created and published.

pub mod config;

use axum::{
    Json, Router,
    body::Bytes,
    extract::{Path, State},
    http::StatusCode,
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    http::member::Member,
    teams::Action,
    forms::{DEFAULT_LEGEND, Form, FormContentInput, LEGEND_VERSION, PRESETS},
    leads::FieldMessages,
    http::{JsonBody, QueryParams},
    theme::{Colours, Theme, theme},
    review::Subject,
    services::{access, review, vault_filing::file_form_logged},
    vault::{Actor, offering::OfferingStage},
};

pub const SUBSCRIPTION_REQUIRED: &str = "Start your 7-day free trial to create investor forms";

pub fn router(state: AppState) -> Router {
    let router = Router::new()
        .route("/", get(list).post(create))
        .route("/presets", get(presets))
        .route("/theme", get(check_theme))
        .route("/{id}", get(show).put(update).delete(remove))
        .route("/{id}/publish", post(publish))
        .route("/{id}/unpublish", post(unpublish))
        .route("/{id}/archive", post(archive))
        .route("/{id}/unarchive", post(unarchive))
        .with_state(state.clone());
    shared::http::audit::audited("forms", shared::http::activity::recorded("forms", router, &state), &state)
}

/// A form as its owner reads it: the stored form, the theme investors see, and by field id the
/// sentences investors read for a missing or wrong answer (the previews show the same words).
#[derive(Debug, Serialize)]
pub struct OwnerForm {
    #[serde(flatten)]
    form: Form,
    theme: Theme,
    field_messages: std::collections::BTreeMap<String, FieldMessages>,
}

impl From<Form> for OwnerForm {
    fn from(form: Form) -> Self {
        let theme = form.styling.theme();
        let field_messages = form.fields.iter().map(|field| (field.id.clone(), FieldMessages::of(&field.clone().for_investors()))).collect();
        Self { form, theme, field_messages }
    }
}

#[tracing::instrument(skip(state))]
async fn list(State(state): State<AppState>, member: Member) -> Result<Json<Value>> {
    let forms: Vec<OwnerForm> = state.forms().list_forms(&member.company_id).await?.into_iter().map(OwnerForm::from).collect();
    Ok(Json(json!({ "forms": forms })))
}

/// The theme of colours not saved yet, so the editor's preview shows what investors will see
/// without a copy of the rule. Any signed-in user; nothing is read or written.
#[tracing::instrument(skip_all)]
async fn check_theme(_user: shared::auth::AuthUser, QueryParams(colours): QueryParams<Colours>) -> Result<Json<Theme>> {
    colours.validate()?;
    Ok(Json(theme(&colours)))
}

/// The built-in fields and the default testing-the-waters legend, so the editor never keeps
/// its own copy of either.
async fn presets() -> Json<Value> {
    Json(json!({ "presets": PRESETS, "default_legend": { "version": LEGEND_VERSION, "text": DEFAULT_LEGEND } }))
}

#[tracing::instrument(skip(state))]
async fn create(State(state): State<AppState>, member: Member) -> Result<(StatusCode, Json<OwnerForm>)> {
    member.require(Action::EditForms)?;
    access::require_subscription(&state, &member.company_id, SUBSCRIPTION_REQUIRED).await?;
    let mut form = Form::new_default(&member.company_id, &state.clock.now_iso());
    form.offering_stage = OfferingStage::from(&state.profiles().get_offering(&member.company_id).await?);
    state.forms().create_form(&form).await?;
    Ok((StatusCode::CREATED, Json(form.into())))
}

#[tracing::instrument(skip(state))]
async fn show(State(state): State<AppState>, member: Member, Path(id): Path<String>) -> Result<Json<OwnerForm>> {
    Ok(Json(state.forms().owned_form(&id, &member.company_id).await?.into()))
}

/// `{version, ...content}`; unknown content fields are refused when the content is parsed.
#[derive(Debug, Deserialize)]
struct UpdateForm {
    version: u64,
    #[serde(flatten)]
    content: Value,
}

/// Forms are well under 100 KB; the limit leaves room and stops abuse before parsing.
const FORM_BODY_LIMIT: usize = 256 * 1024;

#[tracing::instrument(skip(state, body))]
async fn update(
    State(state): State<AppState>,
    member: Member,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<UpdateForm, FORM_BODY_LIMIT>,
) -> Result<Json<OwnerForm>> {
    member.require(Action::EditForms)?;
    let before = state.forms().owned_form(&id, &member.company_id).await?;
    access::require_subscription(&state, &member.company_id, SUBSCRIPTION_REQUIRED).await?;
    if before.is_published && !before.is_archived && review::required(&state, &member.company_id).await? {
        return Err(ApiError::conflict("approval_required", LIVE_UNDER_REVIEW));
    }
    let content: FormContentInput = serde_json::from_value(body.content)
        .map_err(|err| ApiError::bad_request("invalid_body", format!("Invalid request body: {err}.")))?;
    let content = content.validate()?;
    let form = state.forms().update_content(&id, &member.company_id, body.version, &content).await?;
    review::withdraw_if_changed(&state, &member.company_id, Subject::Form, &id, &review::form_version(&form).hash).await;
    if form.is_published && !form.is_archived {
        file_form_logged(&state, &form, Actor::from(&member.user), "edited while live").await;
    }
    Ok(Json(form.into()))
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FlagChange {
    #[serde(default)]
    version: Option<u64>,
}

/// The optional `{version}` body of the flag routes (an empty body is fine).
fn flag_version(body: &Bytes) -> Result<Option<u64>> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    if body.len() > 1024 {
        return Err(ApiError::payload_too_large(1024));
    }
    Ok(shared::http::parse_json::<FlagChange>(body)?.version)
}

async fn flag(state: &AppState, member: &Member, id: &str, flag: &'static str, value: bool, body: Bytes) -> Result<Form> {
    let version = flag_version(&body)?;
    Ok(state.forms().set_flag(id, &member.company_id, flag, value, version).await?)
}

/// [`flag`] on the version `read` (the one checked against counsel's approval), whatever
/// the body says: an edit made since is refused (409), not published unreviewed.
async fn flag_read(state: &AppState, member: &Member, read: &Form, flag: &'static str, value: bool) -> Result<Form> {
    Ok(state.forms().set_flag(&read.id, &member.company_id, flag, value, Some(read.version)).await?)
}

#[tracing::instrument(skip(state, body))]
async fn publish(State(state): State<AppState>, member: Member, Path(id): Path<String>, body: Bytes) -> Result<Json<OwnerForm>> {
    member.require(Action::EditForms)?;
    let form = state.forms().owned_form(&id, &member.company_id).await?;
    access::require_subscription(&state, &member.company_id, SUBSCRIPTION_REQUIRED).await?;
    require_approved(&state, &member, &form, &body).await?;
    let mut form = flag_read(&state, &member, &form, "is_published", true).await?;
    file_live_form(&state, &member, &mut form, "published").await?;
    Ok(Json(form.into()))
}

/// Said when a live form is edited while counsel reviews what goes live.
pub const LIVE_UNDER_REVIEW: &str = "Counsel reviews what this company publishes: unpublish the form to edit it, then ask for a review before it goes live again.";

/// Going live, when the company requires review: the form as it is now must be the version
/// counsel approved, and the version the founder acts on (if sent) must be that one (the flag
/// write is conditional on it, so an edit in between is refused, not published unreviewed).
async fn require_approved(state: &AppState, member: &Member, form: &Form, body: &Bytes) -> Result<()> {
    if let Some(version) = flag_version(body)?
        && version != form.version
    {
        return Err(ApiError::conflict("form_changed", "This form changed since you opened it. Reload it to see the latest version."));
    }
    review::require_approval(state, &member.company_id, Subject::Form, &form.id, &review::form_version(form).hash).await
}

/// A form that just went live: it takes the offering's current status (if it missed a
/// change), and is filed in the vault as investors now see it.
async fn file_live_form(state: &AppState, member: &Member, form: &mut Form, event: &str) -> Result<()> {
    let stage = OfferingStage::from(&state.profiles().get_offering(&member.company_id).await?);
    if stage.version > form.offering_stage.version {
        state.forms().set_offering_stage(&form.id, &stage).await?;
        form.offering_stage = stage;
    }
    if form.is_published && !form.is_archived {
        file_form_logged(state, form, Actor::from(&member.user), event).await;
    }
    Ok(())
}

#[tracing::instrument(skip(state, body))]
async fn unpublish(State(state): State<AppState>, member: Member, Path(id): Path<String>, body: Bytes) -> Result<Json<OwnerForm>> {
    member.require(Action::EditForms)?;
    Ok(Json(flag(&state, &member, &id, "is_published", false, body).await?.into()))
}

#[tracing::instrument(skip(state, body))]
async fn archive(State(state): State<AppState>, member: Member, Path(id): Path<String>, body: Bytes) -> Result<Json<OwnerForm>> {
    member.require(Action::EditForms)?;
    Ok(Json(flag(&state, &member, &id, "is_archived", true, body).await?.into()))
}

#[tracing::instrument(skip(state, body))]
async fn unarchive(State(state): State<AppState>, member: Member, Path(id): Path<String>, body: Bytes) -> Result<Json<OwnerForm>> {
    member.require(Action::EditForms)?;
    let form = state.forms().owned_form(&id, &member.company_id).await?;
    if form.is_published {
        require_approved(&state, &member, &form, &body).await?;
    }
    let mut form = flag_read(&state, &member, &form, "is_archived", false).await?;
    file_live_form(&state, &member, &mut form, "unarchived").await?;
    Ok(Json(form.into()))
}

/// Deletes the form; the answer says whether it had leads (they are kept).
#[tracing::instrument(skip(state))]
async fn remove(State(state): State<AppState>, member: Member, Path(id): Path<String>) -> Result<Json<Value>> {
    member.require(Action::EditForms)?;
    state.forms().owned_form(&id, &member.company_id).await?;
    let had_leads = state.lead_listings().form_has_leads(&id).await?;
    state.forms().delete_form(&id, &member.company_id).await?;
    Ok(Json(json!({ "deleted": true, "had_leads": had_leads })))
}
