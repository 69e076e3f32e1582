//! Counsel's review (`domain::review`, gate in `shared::services::review`):
//!
//! - `GET  /api/teams/reviews`                                    — the caller's queue, across every company where they may approve
//! - `POST /api/teams/current/reviews`                            — ask for a review of a subject's current version
//! - `GET  /api/teams/current/reviews/{subject}/{id}`             — a subject's review, and whether review is required
//! - `POST /api/teams/reviews/{company_id}/{subject}/{id}/decide` — approve or ask for changes (that exact version)
//!
//! A decision is filed in the company's vault with the version's hash, and mailed to the author.

use axum::{
    Extension, Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    http::{JsonBody, activity::ActingSlot, member::Member},
    mail::templates,
    repo::teams::{Decision, Review},
    review::{self, Status, Subject},
    services::{review as gate, vault_filing},
    teams::{Action, Role, allows, may_approve},
    vault::Actor,
};

/// Versions sent for review are small (a form or a campaign); the cap stops abuse.
const REQUEST_LIMIT: usize = 16 * 1024;

fn parse_subject(value: &str) -> Result<Subject> {
    Subject::parse(value).ok_or_else(|| ApiError::not_found("There is no such thing to review."))
}

/// Who may ask for a review of a subject: whoever may change it.
fn edit_action(subject: Subject) -> Action {
    match subject {
        Subject::Form => Action::EditForms,
        Subject::Campaign => Action::DraftCampaigns,
        Subject::Offering => Action::ChangeOffering,
    }
}

fn review_json(review: &Review, company_name: &str, user_id: &str, role: Role) -> Value {
    let version: Value = serde_json::from_str(&review.version).unwrap_or(Value::Null);
    json!({
        "company_id": review.company_id,
        "company_name": company_name,
        "subject": review.subject,
        "subject_id": review.subject_id,
        "title": review.title,
        "version_hash": review.version_hash,
        "version": version,
        "status": review.status,
        "author_email": review.author_email,
        "requested_at": review.requested_at,
        "reviewer_email": review.reviewer_email,
        "decided_at": review.decided_at,
        "comment": review.comment,
        "record_id": review.record_id,
        "yours": review.author_id == user_id,
        "may_decide": review.status == Status::Pending && may_approve(user_id, role, &review.author_id),
    })
}

/// The caller's review queue: every company where their role approves, pending first (oldest
/// first), then the latest decisions.
#[tracing::instrument(skip(state))]
pub async fn queue(State(state): State<AppState>, user: AuthUser) -> Result<Json<Value>> {
    let memberships = state.teams().memberships_of(&user.id).await?;
    let mut pending = Vec::new();
    let mut decided = Vec::new();
    for listed in memberships.iter().filter(|m| allows(m.role, Action::Approve)) {
        // Re-read on the table: the index may still list a membership just removed or changed.
        let Some(membership) = state.teams().membership(&listed.company_id, &user.id).await? else { continue };
        if !allows(membership.role, Action::Approve) {
            continue;
        }
        let name = state.teams().company(&membership.company_id).await?.map(|c| c.name).unwrap_or_default();
        for review in state.teams().reviews(&membership.company_id).await? {
            let shown = review_json(&review, &name, &user.id, membership.role);
            if review.status == Status::Pending { pending.push(shown) } else { decided.push(shown) }
        }
    }
    pending.sort_by(|a, b| a["requested_at"].as_str().cmp(&b["requested_at"].as_str()));
    decided.sort_by(|a, b| b["decided_at"].as_str().cmp(&a["decided_at"].as_str()).then(b["requested_at"].as_str().cmp(&a["requested_at"].as_str())));
    decided.truncate(50);
    Ok(Json(json!({ "pending": pending, "decided": decided })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    subject: String,
    #[serde(default)]
    id: Option<String>,
    /// The offering change to review (as `PUT /api/compliance-vault/offering` takes it).
    #[serde(default)]
    change: Option<Value>,
}

/// Asks for a review of the subject's current version. Asking again about the same version
/// changes nothing (200); about a new version, it replaces the last review (201) and mails the
/// company's approvers.
#[tracing::instrument(skip(state, body))]
pub async fn request(State(state): State<AppState>, member: Member, JsonBody(body): JsonBody<ReviewRequest, REQUEST_LIMIT>) -> Result<(StatusCode, Json<Value>)> {
    let subject = parse_subject(&body.subject)?;
    member.require(edit_action(subject))?;
    member.user.refuse_impersonation()?;
    let subject_id = match subject {
        Subject::Offering => "offering".to_owned(),
        _ => body.id.filter(|id| !id.trim().is_empty() && id.len() <= 64).ok_or_else(|| ApiError::bad_request("id_required", "Say which form or campaign to review."))?,
    };
    let version = gate::current_version(&state, &member.company_id, subject, &subject_id, body.change.as_ref()).await?;
    let team = state.teams().team(&member.company_id).await?;
    let company_name = team.company.as_ref().map(|c| c.name.clone()).unwrap_or_default();
    if let Some(existing) = state.teams().review(&member.company_id, subject, &subject_id).await?
        && existing.version_hash == version.hash
        && matches!(existing.status, Status::Pending | Status::Approved)
    {
        return Ok((StatusCode::OK, Json(review_json(&existing, &company_name, &member.user.id, member.role))));
    }
    let now = state.clock.now_iso();
    let content = serde_json::to_string(&version.content).unwrap_or_default();
    let review = Review::request(&member.company_id, subject, &subject_id, &version.title, &version.hash, content, &member.user.id, &member.user.email, &now);
    state.teams().put_review(&review).await?;
    let link = format!("{}/reviews", state.config.app_origin);
    for approver in team.members.iter().filter(|m| m.user_id != member.user.id && allows(m.role, Action::Approve)) {
        let mail = templates::review_requested(&approver.email, &member.user.email, &company_name, subject.what(), &version.title, &link);
        if let Err(err) = state.mailer.send(&mail).await {
            tracing::error!(error = %err, "review request not mailed");
        }
    }
    Ok((StatusCode::CREATED, Json(review_json(&review, &company_name, &member.user.id, member.role))))
}

/// A subject's latest review and whether the company requires one; for a form or campaign,
/// also whether that review is of its current version.
#[tracing::instrument(skip(state))]
pub async fn show(State(state): State<AppState>, member: Member, Path((subject, id)): Path<(String, String)>) -> Result<Json<Value>> {
    let subject = parse_subject(&subject)?;
    // A form or campaign of another company (or none) is not found; a sent campaign has no
    // current version to compare, but its review still shows.
    let current = match subject {
        Subject::Offering => None,
        _ => match gate::current_version(&state, &member.company_id, subject, &id, None).await {
            Ok(version) => Some(version.hash),
            Err(err) if err.status == StatusCode::NOT_FOUND => return Err(err),
            Err(_) => None,
        },
    };
    let team = state.teams().team(&member.company_id).await?;
    let company_name = team.company.as_ref().map(|c| c.name.clone()).unwrap_or_default();
    let found = state.teams().review(&member.company_id, subject, &id).await?;
    let is_current = match (&found, &current) {
        (Some(review), Some(hash)) => review.version_hash == *hash,
        _ => false,
    };
    Ok(Json(json!({
        "required": team.review_required(),
        "review": found.map(|review| review_json(&review, &company_name, &member.user.id, member.role)),
        "current_hash": current,
        "is_current": is_current,
    })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecisionBody {
    decision: String,
    version_hash: String,
    #[serde(default)]
    comment: Option<String>,
}

/// Approves or asks for changes to the version named `version_hash`, which must be the one
/// under review and still the subject's current version. Counsel may decide on their own
/// work; an owner or admin may not.
#[tracing::instrument(skip(state, body))]
pub async fn decide(
    State(state): State<AppState>,
    slot: Option<Extension<ActingSlot>>,
    user: AuthUser,
    Path((company_id, subject, id)): Path<(String, String, String)>,
    JsonBody(body): JsonBody<DecisionBody, 4096>,
) -> Result<Json<Value>> {
    user.refuse_impersonation()?;
    let member = Member::of(&state, user, &company_id).await?;
    member.require(Action::Approve)?;
    if let Some(Extension(slot)) = slot {
        slot.set(&member.user, &member.company_id);
    }
    let subject = parse_subject(&subject)?;
    let status = match body.decision.as_str() {
        "approve" => Status::Approved,
        "reject" => Status::Rejected,
        _ => return Err(ApiError::bad_request("invalid_decision", "Decide with \"approve\" or \"reject\".")),
    };
    let comment = review::comment(body.comment.as_deref(), status)?;
    let stored = state.teams().review(&company_id, subject, &id).await?.ok_or_else(|| ApiError::not_found("There is no review of this."))?;
    if !may_approve(&member.user.id, member.role, &stored.author_id) {
        return Err(ApiError::forbidden("own_work", "Someone else must approve your own work: counsel, or another owner or admin."));
    }
    let stale = || ApiError::conflict("review_changed", "This version is no longer the one under review: it was edited, decided or asked about again. Reload the queue.");
    if stored.status != Status::Pending || stored.version_hash != body.version_hash {
        return Err(stale());
    }
    // The version asked about must still be the subject's: an edit since withdraws the review.
    if subject != Subject::Offering {
        let current = gate::current_version(&state, &company_id, subject, &id, None).await?;
        if current.hash != stored.version_hash {
            gate::withdraw_if_changed(&state, &company_id, subject, &id, &current.hash).await;
            return Err(stale());
        }
    }
    let now = state.clock.now_iso();
    let decision = Decision { status, version_hash: &stored.version_hash, reviewer_id: &member.user.id, reviewer_email: &member.user.email, comment: &comment, now_iso: &now };
    if !state.teams().decide(&company_id, subject, &id, &decision).await? {
        return Err(stale());
    }
    let record = match vault_filing::file_review(&state, &stored, &decision, Actor::from(&member.user)).await {
        Ok(record) => record,
        Err(err) => {
            // Not filed, not decided: the approval must be in the vault to count.
            let _ = state.teams().reopen_review(&company_id, subject, &id, &stored.version_hash, &member.user.id).await;
            return Err(err);
        }
    };
    if let Some(record) = &record {
        state.teams().set_review_record(&company_id, subject, &id, &stored.version_hash, &record.id).await?;
    }
    let link = match subject {
        Subject::Form => format!("{}/forms/{id}", state.config.app_origin),
        Subject::Campaign => format!("{}/campaigns/{id}", state.config.app_origin),
        Subject::Offering => format!("{}/compliance-vault", state.config.app_origin),
    };
    let mail = templates::review_decided(&stored.author_email, &member.user.email, status == Status::Approved, &stored.title, &comment, &link);
    if let Err(err) = state.mailer.send(&mail).await {
        tracing::error!(error = %err, "review decision not mailed");
    }
    let decided = state.teams().review(&company_id, subject, &id).await?.ok_or_else(stale)?;
    let name = state.teams().company(&company_id).await?.map(|c| c.name).unwrap_or_default();
    Ok(Json(review_json(&decided, &name, &member.user.id, member.role)))
}
