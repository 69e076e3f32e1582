//! `admin`: the admin area (issue 13). Administrators only (`ADMIN_USER_IDS`), and never from
//! inside a support session. Every answer costs a bounded number of reads whatever the size
//! of the platform: counters kept on write, pages of 25, Query / GetItem / BatchGetItem only.
//!
//! - `GET /api/admin/stats` — users, confirmed, trialing, paying, MRR, leads, 30 days of sign-ups
//! - `GET /api/admin/users?q=&cursor=` — the user directory (e-mail prefix or user id search)
//! - `GET /api/admin/users/{id}` — one user and the latest support sessions on them
//! - `GET /api/admin/impersonations?admin=&target=&from=&to=&cursor=` — the audit log

pub mod audit;
pub mod config;
pub mod directory;
pub mod stats;

/// Page cursors (the admin listings' continuation keys), kept with the repositories.
pub use shared::repo::cursor;

use axum::{
    Json, Router,
    extract::{FromRequestParts, Path, State},
    http::request::Parts,
    routing::get,
};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    billing::plans,
    http::QueryParams,
    repo::impersonations,
};

pub const NOT_ADMIN: &str = "Only administrators can use the admin area.";
pub const USER_NOT_FOUND: &str = "No account has this id.";
/// Support sessions shown with a user.
pub const USER_IMPERSONATIONS: i32 = 20;

pub fn router(state: AppState) -> Router {
    let router = Router::new()
        .route("/stats", get(platform))
        .route("/users", get(list_users))
        .route("/users/{id}", get(show_user))
        .route("/impersonations", get(list_impersonations))
        .with_state(state.clone());
    shared::http::audit::audited("admin", router, &state)
}

/// The caller, checked to be an administrator before anything else of the request is read.
#[derive(Debug, Clone)]
pub struct Admin(pub AuthUser);

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self> {
        let user = AuthUser::from_request_parts(parts, state).await?;
        shared::services::access::require_admin(state, &user, NOT_ADMIN)?;
        Ok(Self(user))
    }
}

fn cursor_param(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|value| !value.is_empty())
}

// ------------------------------------------------------------------ stats

#[tracing::instrument(skip_all, fields(admin_id = %admin.0.id))]
async fn platform(State(state): State<AppState>, admin: Admin) -> Result<Json<stats::Stats>> {
    let dates = stats::last_days(state.clock.now().date(), stats::SERIES_DAYS);
    let snapshot = state.platform_stats().read(&dates).await?;
    Ok(Json(stats::Stats::of(&snapshot, &dates, &plans(&state.config.stripe))))
}

// ------------------------------------------------------------------ users

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct UsersQuery {
    q: Option<String>,
    cursor: Option<String>,
}

#[tracing::instrument(skip_all, fields(admin_id = %admin.0.id))]
async fn list_users(State(state): State<AppState>, admin: Admin, QueryParams(query): QueryParams<UsersQuery>) -> Result<Json<Value>> {
    let search = directory::Search::parse(query.q.as_deref())?;
    let page = directory::page(state.directory(), &search, cursor_param(query.cursor.as_deref())).await?;
    let users = directory::rows(&state, page.accounts).await?;
    Ok(Json(json!({ "users": users, "next_cursor": page.next })))
}

#[tracing::instrument(skip_all, fields(admin_id = %admin.0.id, user_id = %id))]
async fn show_user(State(state): State<AppState>, admin: Admin, Path(id): Path<String>) -> Result<Json<Value>> {
    let account = directory::account(state.directory(), &id).await?.ok_or_else(|| ApiError::not_found(USER_NOT_FOUND))?;
    let listing = impersonations::Listing::ByTarget(account.id.clone());
    let (rows, sessions) = tokio::try_join!(
        directory::rows(&state, vec![account]),
        async { Ok::<_, ApiError>(state.impersonations().list(&listing, None, USER_IMPERSONATIONS, None).await?) },
    )?;
    let now = state.clock.unix();
    let records = audit::RecordView::all(&state, sessions.records, now).await?;
    Ok(Json(json!({ "user": rows.into_iter().next(), "impersonations": records })))
}

// ------------------------------------------------------------------ audit log

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ImpersonationsQuery {
    admin: Option<String>,
    target: Option<String>,
    from: Option<String>,
    to: Option<String>,
    cursor: Option<String>,
}

#[tracing::instrument(skip_all, fields(admin_id = %admin.0.id))]
async fn list_impersonations(
    State(state): State<AppState>,
    admin: Admin,
    QueryParams(query): QueryParams<ImpersonationsQuery>,
) -> Result<Json<Value>> {
    let dates = audit::between(query.from.as_deref(), query.to.as_deref())?;
    let (by, on) = tokio::try_join!(audit::person(&state, query.admin.as_deref()), audit::person(&state, query.target.as_deref()))?;
    let Some(selection) = audit::selection(by, on) else {
        return Ok(Json(json!({ "impersonations": [], "next_cursor": null })));
    };
    let start = cursor_param(query.cursor.as_deref()).map(|cursor| audit::decode_cursor(&selection.listing, cursor)).transpose()?;
    let page = audit::page(&state, &selection, dates, start).await?;
    let now = state.clock.unix();
    let records = audit::RecordView::all(&state, page.records, now).await?;
    Ok(Json(json!({ "impersonations": records, "next_cursor": page.next })))
}
