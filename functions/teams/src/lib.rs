//! `teams`: companies and who works in them. A user belongs to one or more companies with a
//! role in each (`domain::teams`); the company they act for travels with every request as the
//! `X-Company-Id` header and is checked against their membership by `Member`.
//!
//! - `GET    /api/teams`                              — the caller's companies (the switcher)
//! - `POST   /api/teams`                              — make a company, the caller its owner
//! - `GET    /api/teams/current`                      — the active company: members, invitations, seats
//! - `PATCH  /api/teams/current`                      — its name, whether counsel must review
//! - `POST   /api/teams/current/invitations`          — invite an address with a role (402 past the seats)
//! - `DELETE /api/teams/current/invitations/{id}`     — revoke an invitation
//! - `PUT    /api/teams/current/members/{user_id}`    — change a member's role
//! - `DELETE /api/teams/current/members/{user_id}`    — remove a member (their next request is refused)
//! - `POST   /api/teams/current/leave`                — leave the company (not its last owner)
//! - `POST   /api/teams/current/transfer`             — hand ownership to a member (owner only)
//! - `POST   /api/teams/invitations/lookup`           — what an invitation link offers (no sign-in)
//! - `POST   /api/teams/invitations/accept`           — join, signed in with the invited address
//! - `GET    /api/teams/current/activity`             — who changed what in the company, newest first (owners, admins)
//! - counsel's review: the queue and decisions, in [`reviews`]

pub mod config;
pub mod migrate;
pub mod reviews;

use axum::{
    Extension, Json, Router,
    extract::{Path, State},
    http::StatusCode,
    routing::{delete, get, post, put},
};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    crypto::{random_token, sha256_hex},
    email::EmailAddress,
    http::{JsonBody, QueryParams, activity::ActingSlot, member::Member},
    mail::templates,
    repo::teams::{AcceptError, Company, Invitation, Membership, Team},
    services::access,
    teams::{Action, Role, company_name, may_change_role, may_invite, may_leave, permissions, seats_included},
};

pub const SUBSCRIPTION_REQUIRED: &str = "Start your 7-day free trial to invite your team";
pub const DEAD_LINK: &str = "This invitation link is no longer valid. Ask whoever invited you for a new one.";
pub const ANOTHER_ADDRESS: &str = "This invitation was sent to another e-mail address. Sign in with that address to accept it.";

pub fn router(state: AppState) -> Router {
    let router = Router::new()
        .route("/", get(list).post(create))
        .route("/current", get(current).patch(update_company))
        .route("/current/invitations", post(invite))
        .route("/current/invitations/{id}", delete(revoke))
        .route("/current/members/{user_id}", put(change_role).delete(remove_member))
        .route("/current/leave", post(leave))
        .route("/current/transfer", post(transfer))
        .route("/invitations/lookup", post(lookup))
        .route("/invitations/accept", post(accept))
        .route("/current/activity", get(activity))
        .route("/reviews", get(reviews::queue))
        .route("/current/reviews", post(reviews::request))
        .route("/current/reviews/{subject}/{id}", get(reviews::show))
        .route("/reviews/{company_id}/{subject}/{id}/decide", post(reviews::decide))
        .with_state(state.clone());
    shared::http::audit::audited("teams", shared::http::activity::recorded("teams", router, &state), &state)
}

fn company_json(company: &Company, membership: &Membership) -> Value {
    json!({
        "id": company.company_id,
        "name": company.name,
        "role": membership.role,
        "permissions": permissions(membership.role),
    })
}

/// The caller's companies, by name, each with their role and what it allows.
#[tracing::instrument(skip(state))]
async fn list(State(state): State<AppState>, user: AuthUser) -> Result<Json<Value>> {
    let memberships = state.teams().memberships_of(&user.id).await?;
    let ids: Vec<String> = memberships.iter().map(|m| m.company_id.clone()).collect();
    let companies = state.teams().companies(&ids).await?;
    let mut listed: Vec<Value> = memberships
        .iter()
        .filter_map(|membership| companies.iter().find(|c| c.company_id == membership.company_id).map(|company| company_json(company, membership)))
        .collect();
    listed.sort_by_key(|company| company["name"].as_str().unwrap_or_default().to_lowercase());
    Ok(Json(json!({ "companies": listed })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewCompany {
    name: String,
}

/// A new company, the caller its owner (an advisor or a founder with a second raise).
#[tracing::instrument(skip(state, body))]
async fn create(State(state): State<AppState>, user: AuthUser, JsonBody(body): JsonBody<NewCompany, 1024>) -> Result<(StatusCode, Json<Value>)> {
    user.refuse_impersonation()?;
    let name = company_name(&body.name)?;
    let now = state.clock.now_iso();
    let company = Company { company_id: uuid::Uuid::new_v4().to_string(), sk: shared::repo::teams::COMPANY.to_owned(), name, created_at: now.clone(), review_required: None, invitations_issued: 0 };
    let owner = Membership::new(&company.company_id, &user.id, &user.email, Role::Owner, &now);
    state.teams().create_company(&company, &owner).await?;
    Ok((StatusCode::CREATED, Json(company_json(&company, &owner))))
}

fn seats(state: &AppState, team: &Team, pro: bool) -> Value {
    json!({ "used": team.seats_used(state.clock.unix()), "included": seats_included(pro) })
}

/// The active company as its member sees it: everyone sees who is on the team; invitations
/// and seats are for those who manage it.
#[tracing::instrument(skip(state))]
async fn current(State(state): State<AppState>, member: Member) -> Result<Json<Value>> {
    let team = state.teams().team(&member.company_id).await?;
    let company = team.company.clone().ok_or_else(|| ApiError::not_found("This company no longer exists."))?;
    let now = state.clock.unix();
    let mut members: Vec<Value> = team.members.iter().map(|m| json!({
        "user_id": m.user_id,
        "email": m.email,
        "role": m.role,
        "joined_at": m.joined_at,
        "you": m.user_id == member.user.id,
    })).collect();
    members.sort_by_key(|m| (m["role"].as_str().map(role_order).unwrap_or(9), m["email"].as_str().unwrap_or_default().to_owned()));
    let manages = member.may(Action::ManageTeam);
    let invitations: Vec<Value> = if manages {
        team.invitations.iter().filter(|i| i.is_live(now)).map(|i| json!({
            "id": i.invite_id,
            "email": i.email,
            "role": i.role,
            "created_at": i.created_at,
            "expires_at": shared::time::iso_from_unix(i.expires_at),
        })).collect()
    } else {
        Vec::new()
    };
    let pro = access::has_pro(&state, &member.company_id).await?;
    Ok(Json(json!({
        "company": { "id": company.company_id, "name": company.name, "review_required": team.review_required() },
        "role": member.role,
        "permissions": permissions(member.role),
        "roles": Role::ALL.iter().map(|role| json!({ "role": role, "summary": role.summary() })).collect::<Vec<_>>(),
        "members": members,
        "invitations": invitations,
        "seats": seats(&state, &team, pro),
    })))
}

fn role_order(role: &str) -> usize {
    Role::ALL.iter().position(|r| r.as_str() == role).unwrap_or(9)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CompanyChange {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    review_required: Option<bool>,
}

#[tracing::instrument(skip(state, body))]
async fn update_company(State(state): State<AppState>, member: Member, JsonBody(body): JsonBody<CompanyChange, 1024>) -> Result<Json<Value>> {
    member.require(Action::ManageCompany)?;
    let name = body.name.as_deref().map(company_name).transpose()?;
    if name.is_none() && body.review_required.is_none() {
        return Err(ApiError::bad_request("nothing_to_change", "Send a name or review_required to change."));
    }
    if let Some(name) = &name {
        state.teams().rename(&member.company_id, name).await?;
    }
    if let Some(required) = body.review_required {
        state.teams().set_review_required(&member.company_id, required).await?;
    }
    current(State(state), member).await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewInvitation {
    email: String,
    role: String,
}

fn refused(refusal: shared::teams::ChangeRefused) -> ApiError {
    use shared::teams::ChangeRefused::*;
    match refusal {
        NotAllowed => ApiError::forbidden(shared::services::teams::ROLE_FORBIDS, refusal.message()),
        OwnMembership | OwnerByTransferOnly => ApiError::forbidden("membership_change_refused", refusal.message()),
        LastOwner => ApiError::conflict("last_owner", refusal.message()),
    }
}

/// Whether `email` may be invited to `team` now: not on the team, not invited, and a seat free.
fn check_invitation(team: &Team, email: &str, pro: bool, now: i64) -> Result<()> {
    if team.members.iter().any(|m| m.email.eq_ignore_ascii_case(email)) {
        return Err(ApiError::conflict("already_member", "That address is already on the team."));
    }
    if team.invitations.iter().any(|i| i.is_live(now) && i.email.eq_ignore_ascii_case(email)) {
        return Err(ApiError::conflict("already_invited", "That address already has an invitation. Revoke it to send a new one."));
    }
    let included = seats_included(pro);
    if team.seats_used(now) >= included {
        let message = if pro {
            format!("All {included} seats of your plan are taken. Remove a member or an invitation first.")
        } else {
            format!("All {included} seats of your plan are taken. Upgrade to Pro for {} seats, or remove a member or an invitation.", seats_included(true))
        };
        return Err(ApiError::payment_required("seats_full", message));
    }
    Ok(())
}

/// Invites an address: one seat per pending invitation, 402 past the plan's seats; the
/// address gets a one-time link for 7 days.
#[tracing::instrument(skip(state, body))]
async fn invite(State(state): State<AppState>, member: Member, JsonBody(body): JsonBody<NewInvitation, 1024>) -> Result<(StatusCode, Json<Value>)> {
    member.user.refuse_impersonation()?;
    let role = Role::parse(&body.role)?;
    may_invite(member.role, role).map_err(refused)?;
    let email = EmailAddress::parse(&body.email)?;
    access::require_subscription(&state, &member.company_id, SUBSCRIPTION_REQUIRED).await?;
    let pro = access::has_pro(&state, &member.company_id).await?;
    let token = random_token();
    let invite_id = uuid::Uuid::new_v4().simple().to_string();
    // Decided on one read of the team and written on it: another invitation issued meanwhile
    // (a second tab, a co-founder) makes the write fail, and the checks run again on the team
    // as it is now, so two invitations never share the last seat or the same address.
    let mut attempts = 0;
    let (company, invitation) = loop {
        let team = state.teams().team(&member.company_id).await?;
        let company = team.company.clone().ok_or_else(|| ApiError::not_found("This company no longer exists."))?;
        let now = state.clock.unix();
        check_invitation(&team, email.as_str(), pro, now)?;
        let invitation = Invitation::new(&member.company_id, &invite_id, &sha256_hex(&token), email.as_str(), role, &member.user.id, now);
        if state.teams().put_invitation(&invitation, company.invitations_issued).await? {
            break (company, invitation);
        }
        attempts += 1;
        if attempts == 5 {
            return Err(ApiError::conflict("team_changed", "Your team changed while you were inviting. Please try again."));
        }
    };
    let link = format!("{}/invite?company={}&invite={}&token={}", state.config.app_origin, member.company_id, invite_id, token);
    let mail = templates::team_invitation(email.as_str(), &member.user.email, &company.name, role, &link);
    if let Err(err) = state.mailer.send(&mail).await {
        // Nothing half-done: without the e-mail the invitation cannot be used, so it goes.
        let _ = state.teams().revoke_invitation(&member.company_id, &invite_id).await;
        tracing::error!(error = %err, "invitation not mailed");
        return Err(ApiError::new(StatusCode::BAD_GATEWAY, "mail_failed", "The invitation could not be e-mailed. Please try again."));
    }
    Ok((StatusCode::CREATED, Json(json!({
        "id": invitation.invite_id,
        "email": invitation.email,
        "role": invitation.role,
        "created_at": invitation.created_at,
        "expires_at": shared::time::iso_from_unix(invitation.expires_at),
    }))))
}

#[tracing::instrument(skip(state))]
async fn revoke(State(state): State<AppState>, member: Member, Path(id): Path<String>) -> Result<StatusCode> {
    member.require(Action::ManageTeam)?;
    if state.teams().revoke_invitation(&member.company_id, &id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found("There is no such invitation."))
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoleChange {
    role: String,
}

#[tracing::instrument(skip(state, body))]
async fn change_role(State(state): State<AppState>, member: Member, Path(user_id): Path<String>, JsonBody(body): JsonBody<RoleChange, 256>) -> Result<Json<Value>> {
    let to = Role::parse(&body.role)?;
    let target = state.teams().membership(&member.company_id, &user_id).await?;
    // Checked before the target is known to exist, so nobody learns who is on a team they
    // cannot manage.
    may_change_role(&member.user.id, member.role, &user_id, target.as_ref().map_or(Role::Viewer, |t| t.role), Some(to)).map_err(refused)?;
    let target = target.ok_or_else(|| ApiError::not_found("That person is not on the team."))?;
    if !state.teams().set_role(&member.company_id, &user_id, target.role, to).await? {
        return Err(ApiError::conflict("changed", "Their role changed meanwhile. Reload and try again."));
    }
    current(State(state), member).await
}

#[tracing::instrument(skip(state))]
async fn remove_member(State(state): State<AppState>, member: Member, Path(user_id): Path<String>) -> Result<Json<Value>> {
    let target = state.teams().membership(&member.company_id, &user_id).await?;
    may_change_role(&member.user.id, member.role, &user_id, target.as_ref().map_or(Role::Viewer, |t| t.role), None).map_err(refused)?;
    let target = target.ok_or_else(|| ApiError::not_found("That person is not on the team."))?;
    if !state.teams().remove(&member.company_id, &user_id, target.role).await? {
        return Err(ApiError::conflict("changed", "Their role changed meanwhile. Reload and try again."));
    }
    current(State(state), member).await
}

#[tracing::instrument(skip(state))]
async fn leave(State(state): State<AppState>, member: Member) -> Result<StatusCode> {
    member.user.refuse_impersonation()?;
    let team = state.teams().team(&member.company_id).await?;
    may_leave(member.role, team.owners()).map_err(refused)?;
    if !state.teams().remove(&member.company_id, &member.user.id, member.role).await? {
        return Err(ApiError::conflict("changed", "Your role changed meanwhile. Reload and try again."));
    }
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Transfer {
    user_id: String,
}

/// Hands the company to another member: they become its owner, the caller an admin.
#[tracing::instrument(skip(state, body))]
async fn transfer(State(state): State<AppState>, member: Member, JsonBody(body): JsonBody<Transfer, 256>) -> Result<Json<Value>> {
    member.user.refuse_impersonation()?;
    member.require(Action::TransferOwnership)?;
    if body.user_id == member.user.id {
        return Err(ApiError::bad_request("same_owner", "You already own this company."));
    }
    let target = state.teams().membership(&member.company_id, &body.user_id).await?.ok_or_else(|| ApiError::not_found("That person is not on the team."))?;
    if !state.teams().transfer(&member.company_id, &member.user.id, &body.user_id, target.role).await? {
        return Err(ApiError::conflict("changed", "The team changed meanwhile. Reload and try again."));
    }
    let member = Member { role: Role::Admin, ..member };
    current(State(state), member).await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct InvitationLink {
    company_id: String,
    invite_id: String,
    token: String,
}

/// The invitation a link stands for, if the link is still good: unknown, revoked, used,
/// expired or a wrong token all answer the same 404.
async fn live_invitation(state: &AppState, link: &InvitationLink) -> Result<Invitation> {
    let dead = || ApiError::new(StatusCode::NOT_FOUND, "invitation_invalid", DEAD_LINK);
    let well_formed = |part: &str, max: usize| !part.is_empty() && part.len() <= max;
    if !(well_formed(&link.company_id, 64) && well_formed(&link.invite_id, 64) && well_formed(&link.token, 128)) {
        return Err(dead());
    }
    let invitation = state.teams().invitation(&link.company_id, &link.invite_id).await?.ok_or_else(dead)?;
    // Hashes are compared, not tokens: timing tells nothing about the token.
    let token_matches = sha256_hex(&link.token) == invitation.token_hash;
    if !token_matches || !invitation.is_live(state.clock.unix()) {
        return Err(dead());
    }
    Ok(invitation)
}

#[tracing::instrument(skip(state, body))]
async fn lookup(State(state): State<AppState>, JsonBody(body): JsonBody<InvitationLink, 1024>) -> Result<Json<Value>> {
    let invitation = live_invitation(&state, &body).await?;
    let company = state.teams().company(&invitation.company_id).await?.ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "invitation_invalid", DEAD_LINK))?;
    Ok(Json(json!({
        "company_name": company.name,
        "role": invitation.role,
        "role_summary": invitation.role.summary(),
        "email": invitation.email,
        "expires_at": shared::time::iso_from_unix(invitation.expires_at),
    })))
}

/// Joins the company, once, signed in with the address the invitation was sent to (which
/// sign-up has proved: an account exists only once its mailbox confirmed).
#[tracing::instrument(skip(state, body))]
async fn accept(State(state): State<AppState>, slot: Option<Extension<ActingSlot>>, user: AuthUser, JsonBody(body): JsonBody<InvitationLink, 1024>) -> Result<Json<Value>> {
    user.refuse_impersonation()?;
    let invitation = live_invitation(&state, &body).await?;
    if !invitation.email.eq_ignore_ascii_case(&user.email) {
        return Err(ApiError::forbidden("invitation_for_another_address", ANOTHER_ADDRESS));
    }
    let membership = Membership::new(&invitation.company_id, &user.id, &user.email, invitation.role, &state.clock.now_iso());
    match state.teams().accept(&invitation, &membership, state.clock.unix()).await? {
        Ok(()) => {}
        Err(AcceptError::Dead) => return Err(ApiError::new(StatusCode::NOT_FOUND, "invitation_invalid", DEAD_LINK)),
        Err(AcceptError::AlreadyMember) => return Err(ApiError::conflict("already_member", "You are already on this company's team.")),
    }
    if let Some(Extension(slot)) = slot {
        slot.set(&user, &invitation.company_id);
    }
    let company = state.teams().company(&invitation.company_id).await?.ok_or_else(|| ApiError::not_found("This company no longer exists."))?;
    Ok(Json(company_json(&company, &membership)))
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ActivityQuery {
    #[serde(default)]
    before: Option<String>,
}

/// The company's activity, newest first, 50 at a time (`before`: the `next` of the last page).
/// Owners and admins only: it names who did what.
#[tracing::instrument(skip(state))]
async fn activity(State(state): State<AppState>, member: Member, QueryParams(query): QueryParams<ActivityQuery>) -> Result<Json<Value>> {
    member.require(Action::ManageTeam)?;
    let before = query.before.as_deref().map(str::trim).filter(|b| !b.is_empty());
    if before.is_some_and(|b| b.len() > 64) {
        return Err(ApiError::bad_request("invalid_cursor", "This page of the activity does not exist. Reload the first page."));
    }
    let page = state.activity().page(&member.company_id, before).await?;
    let entries: Vec<Value> = page.entries.iter().map(|entry| json!({
        "id": entry.sk,
        "at": entry.at,
        "actor_email": entry.actor_email,
        "support_admin": entry.support_admin.is_some(),
        "description": shared::impersonation::describe_write(&entry.method, &entry.path, entry.status),
        "method": entry.method,
        "path": entry.path,
    })).collect();
    Ok(Json(json!({ "entries": entries, "next": page.next })))
}
