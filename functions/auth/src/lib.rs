//! `auth`: accounts and sessions (spec 4, 5, 7 and 8).
//!
//! - `POST  /api/auth/signup`   — create an account; a confirmation link is e-mailed
//! - `POST  /api/auth/verify`   — exchange a confirmation link's token for a session
//! - `POST  /api/auth/resend`   — send the confirmation e-mail again
//! - `POST  /api/auth/signin`   — e-mail + password → session
//! - `POST  /api/auth/token`    — rotate the refresh cookie → new access token
//! - `POST  /api/auth/signout`  — global: every session of the user ends
//! - `GET   /api/auth/user`     — the current user; `PATCH` changes the name
//! - `POST  /api/auth/password` — change password (other sessions end)

mod email;
mod limits;
pub mod messages;
pub mod password;
mod sessions;
mod tokens;

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use shared::{
    ApiError, AppState, Result,
    auth::{ACCESS_TOKEN_TTL, AuthUser},
    http::{ClientIp, JsonBody, cookie},
    mail::{Email, button, escape_html, layout},
    notify::{ACCOUNT_CREATED, TRIAL_STARTED, send_event_notification},
    rate_limit,
    repo::users::{self, CreateUserError, UserRecord},
};

use crate::{
    email::EmailAddress,
    messages::*,
    password::{Password, hash_password, verify_password},
};

pub use sessions::{COOKIE as REFRESH_COOKIE, REUSE_GRACE_SECS};

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/signup", post(sign_up))
        .route("/verify", post(verify))
        .route("/resend", post(resend))
        .route("/signin", post(sign_in))
        .route("/token", post(refresh))
        .route("/signout", post(sign_out))
        .route("/user", get(current_user).patch(update_user))
        .route("/password", post(change_password))
        .with_state(state)
}

/// `{id, email, app_metadata, user_metadata}` (spec 3, User / session). `app_metadata.role`
/// is `admin` for the configured administrators.
#[derive(Debug, Serialize)]
pub struct UserView {
    id: String,
    email: String,
    app_metadata: Value,
    user_metadata: Map<String, Value>,
}

impl UserView {
    fn new(state: &AppState, user: &UserRecord) -> Self {
        let mut app_metadata = serde_json::to_value(&user.app_metadata).unwrap_or_else(|_| json!({}));
        if state.is_admin(&user.id) {
            app_metadata["role"] = json!("admin");
        }
        Self { id: user.id.clone(), email: user.email.clone(), app_metadata, user_metadata: user.user_metadata.clone() }
    }
}

/// A signed-in answer: the access token in the body, the refresh token in its cookie.
fn session_response(state: &AppState, user: &UserRecord, refresh_token: &str) -> Response {
    let access_token = state.tokens.issue(&user.id, &user.email, ACCESS_TOKEN_TTL);
    let body = json!({
        "access_token": access_token,
        "token_type": "bearer",
        "expires_in": ACCESS_TOKEN_TTL.as_secs(),
        "user": UserView::new(state, user),
    });
    ([(header::SET_COOKIE, sessions::cookie(refresh_token))], Json(body)).into_response()
}

fn rate_limited(code: &'static str, message: &'static str, retry_after: u32) -> ApiError {
    ApiError { retry_after: Some(retry_after), ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, code, message) }
}

// ------------------------------------------------------------------ sign-up

/// Registration metadata (spec 3): attribution fields are kept only when present.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SignUpData {
    name: Option<String>,
    utm_source: Option<String>,
    utm_medium: Option<String>,
    utm_campaign: Option<String>,
    utm_term: Option<String>,
    utm_content: Option<String>,
    referrer: Option<String>,
    referral_id: Option<String>,
}

impl SignUpData {
    fn into_metadata(self) -> Result<Map<String, Value>> {
        let mut metadata = Map::new();
        if let Some(name) = self.name.as_deref().map(str::trim).filter(|name| !name.is_empty()) {
            if name.chars().count() > 100 || name.chars().any(char::is_control) {
                return Err(ApiError::bad_request("invalid_name", "Please enter a name of at most 100 characters."));
            }
            metadata.insert("name".into(), json!(name));
        }
        let fields = [
            ("utm_source", self.utm_source, 200),
            ("utm_medium", self.utm_medium, 200),
            ("utm_campaign", self.utm_campaign, 200),
            ("utm_term", self.utm_term, 200),
            ("utm_content", self.utm_content, 200),
            ("referrer", self.referrer, 2048),
            ("referral_id", self.referral_id, 100),
        ];
        for (key, value, max) in fields {
            if let Some(value) = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()) {
                if value.chars().count() > max || value.chars().any(char::is_control) {
                    return Err(ApiError::bad_request("invalid_metadata", format!("The {key} value is too long or malformed.")));
                }
                metadata.insert(key.into(), json!(value));
            }
        }
        Ok(metadata)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SignUp {
    email: String,
    password: Option<String>,
    #[serde(default)]
    data: Option<SignUpData>,
}

#[tracing::instrument(skip(state, body))]
async fn sign_up(State(state): State<AppState>, ip: ClientIp, JsonBody(body): JsonBody<SignUp, 16384>) -> Result<Response> {
    let email = EmailAddress::parse(&body.email)?;
    let password = match body.password.as_deref() {
        Some(raw) if !raw.is_empty() => Password::parse(raw)?,
        _ => Password::generate(),
    };
    let user_metadata = body.data.unwrap_or_default().into_metadata()?;
    let tables = &state.config.tables;
    let limit_table = &tables.rate_limits;
    if rate_limit::exceeded(&state.dynamo, limit_table, &[(&limits::SIGNUPS_PER_IP, &ip.0)]).await?.is_some() {
        return Err(rate_limited("signup_rate_limited", SIGNUP_RATE_LIMITED, 600));
    }
    rate_limit::record(&state.dynamo, limit_table, &[(&limits::SIGNUPS_PER_IP, &ip.0)]).await?;

    let user = UserRecord {
        id: uuid::Uuid::new_v4().to_string(),
        email: email.as_str().to_owned(),
        password_hash: hash_password(&password).await?,
        created_at: shared::time::now_iso(),
        email_confirmed_at: None,
        user_metadata,
        app_metadata: Default::default(),
        session_epoch: 0,
    };
    match users::create_user(&state.dynamo, tables, &user).await {
        Ok(()) => {}
        Err(CreateUserError::EmailTaken) => return Err(ApiError::conflict("user_already_exists", USER_EXISTS)),
        Err(CreateUserError::Store(err)) => return Err(err),
    }
    tracing::info!(user_id = %user.id, "account created");
    if let Some(code) = user.user_metadata.get("referral_id").and_then(Value::as_str) {
        shared::rewards::attach_referral(&state, code, &user).await;
    }

    rate_limit::record(&state.dynamo, limit_table, &[(&limits::MAIL_PER_ADDRESS, &mail_subject(tokens::CONFIRMATION, &user.email))]).await?;
    send_confirmation(&state, &user).await;
    notify_sign_up(&state, &user).await;

    Ok((StatusCode::CREATED, Json(json!({ "user": UserView::new(&state, &user), "confirmation_sent": true }))).into_response())
}

/// Spec 7: after a sign-up, `account_created` with the creation date, and `trial_started`
/// when the account already carries trial fields.
async fn notify_sign_up(state: &AppState, user: &UserRecord) {
    let mut fields = Map::new();
    fields.insert("creationDate".into(), json!(user.created_at));
    if let Some(name) = user.name() {
        fields.insert("name".into(), json!(name));
    }
    send_event_notification(state, ACCOUNT_CREATED, &user.email, &fields).await;
    if user.app_metadata.trial_start_date.is_some() || user.app_metadata.is_trial_user.is_some() {
        let start = user.app_metadata.trial_start_date.clone().unwrap_or_else(|| user.created_at.clone());
        let fields = Map::from_iter([("startDate".into(), json!(start)), ("trialLength".into(), json!("7 days"))]);
        send_event_notification(state, TRIAL_STARTED, &user.email, &fields).await;
    }
}

fn mail_subject(kind: &str, email: &str) -> String {
    format!("{kind}:{email}")
}

/// The confirmation e-mail: a one-time link to `/auth/callback` on the product's origin.
/// A failure to send is logged; the user can ask for the mail again.
async fn send_confirmation(state: &AppState, user: &UserRecord) {
    let result = async {
        let token = tokens::issue(
            &state.dynamo,
            &state.config.tables.one_time_tokens,
            tokens::CONFIRMATION,
            &user.id,
            tokens::CONFIRMATION_TTL_SECS,
        )
        .await?;
        let link = format!("{}/auth/callback?token={token}&type={}", state.config.app_origin, tokens::CONFIRMATION);
        let hello = user.name().map_or("Hi,".to_owned(), |name| format!("Hi {name},"));
        let email = Email {
            to: user.email.clone(),
            subject: "Confirm your RaiseSpark account".into(),
            html: layout(
                "Confirm your RaiseSpark account",
                &format!(
                    "<p>{}</p><p>Confirm your e-mail address to finish creating your RaiseSpark account.</p>{}\
                     <p style=\"color:#6b7280;font-size:13px\">The link works once and expires in 24 hours. \
                     If you did not sign up, you can ignore this e-mail.</p>",
                    escape_html(&hello),
                    button(&link, "Confirm my e-mail"),
                ),
            ),
            text: format!(
                "{hello}\n\nConfirm your e-mail address to finish creating your RaiseSpark account:\n{link}\n\n\
                 The link works once and expires in 24 hours. If you did not sign up, you can ignore this e-mail.\n"
            ),
        };
        state.mailer.send(&email).await.map_err(ApiError::internal)
    }
    .await;
    if let Err(err) = result {
        tracing::warn!(user_id = %user.id, error = %err, "confirmation e-mail not sent");
    }
}

// ------------------------------------------------------------------ confirmation

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Verify {
    token: String,
    #[serde(rename = "type")]
    kind: String,
}

#[tracing::instrument(skip(state, body))]
async fn verify(State(state): State<AppState>, JsonBody(body): JsonBody<Verify, 4096>) -> Result<Response> {
    if body.kind != tokens::CONFIRMATION {
        return Err(ApiError::bad_request("invalid_link", INVALID_LINK));
    }
    let tables = &state.config.tables;
    let user_id = tokens::consume(&state.dynamo, &tables.one_time_tokens, tokens::CONFIRMATION, &body.token).await?;
    let user = users::confirm_email(&state.dynamo, tables, &user_id).await?;
    let refresh_token = sessions::start(&state.dynamo, tables, &user).await?;
    Ok(session_response(&state, &user, &refresh_token))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Resend {
    email: String,
}

/// Sends a new confirmation link to an unconfirmed account. The answer is the same whether
/// or not the account exists.
#[tracing::instrument(skip(state, body))]
async fn resend(State(state): State<AppState>, JsonBody(body): JsonBody<Resend, 4096>) -> Result<Json<Value>> {
    let email = EmailAddress::parse(&body.email)?;
    let tables = &state.config.tables;
    let subject = mail_subject(tokens::CONFIRMATION, email.as_str());
    let rule = [(&limits::MAIL_PER_ADDRESS, subject.as_str())];
    if rate_limit::exceeded(&state.dynamo, &tables.rate_limits, &rule).await?.is_some() {
        return Err(rate_limited("mail_rate_limited", MAIL_RATE_LIMITED, 60));
    }
    rate_limit::record(&state.dynamo, &tables.rate_limits, &rule).await?;
    if let Some(user) = users::find_user_by_email(&state.dynamo, tables, email.as_str()).await? {
        if user.email_confirmed_at.is_none() {
            send_confirmation(&state, &user).await;
        }
    }
    Ok(Json(json!({ "sent": true })))
}

// ------------------------------------------------------------------ sign-in

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SignIn {
    email: String,
    password: String,
}

#[tracing::instrument(skip(state, body))]
async fn sign_in(State(state): State<AppState>, ip: ClientIp, JsonBody(body): JsonBody<SignIn, 4096>) -> Result<Response> {
    let email = EmailAddress::parse(&body.email)?;
    if body.password.is_empty() || body.password.chars().count() > password::MAX_CHARS {
        return Err(ApiError::bad_request("invalid_credentials", INVALID_CREDENTIALS));
    }
    let tables = &state.config.tables;
    let email_and_ip = format!("{}|{}", email.as_str(), ip.0);
    let checks = [
        (&limits::SIGNIN_PER_IP_BURST, ip.0.as_str()),
        (&limits::SIGNIN_PER_IP, ip.0.as_str()),
        (&limits::FAILURES_PER_EMAIL_AND_IP, email_and_ip.as_str()),
        (&limits::FAILURES_PER_ACCOUNT, email.as_str()),
    ];
    if rate_limit::exceeded(&state.dynamo, &tables.rate_limits, &checks).await?.is_some() {
        return Err(rate_limited("login_rate_limited", LOGIN_RATE_LIMITED, 300));
    }
    rate_limit::record(&state.dynamo, &tables.rate_limits, &checks[..2]).await?;

    let user = users::find_user_by_email(&state.dynamo, tables, email.as_str()).await?;
    let verified = verify_password(&body.password, user.as_ref().map(|u| u.password_hash.as_str())).await?;
    let Some(user) = user.filter(|_| verified) else {
        rate_limit::record(&state.dynamo, &tables.rate_limits, &checks[2..]).await?;
        return Err(ApiError::bad_request("invalid_credentials", INVALID_CREDENTIALS));
    };
    if user.email_confirmed_at.is_none() {
        return Err(ApiError::bad_request("email_not_confirmed", EMAIL_NOT_CONFIRMED));
    }
    rate_limit::reset(&state.dynamo, &tables.rate_limits, &limits::FAILURES_PER_EMAIL_AND_IP, &email_and_ip).await?;
    let refresh_token = sessions::start(&state.dynamo, tables, &user).await?;
    Ok(session_response(&state, &user, &refresh_token))
}

// ------------------------------------------------------------------ sessions

#[tracing::instrument(skip_all)]
async fn refresh(State(state): State<AppState>, headers: HeaderMap) -> Result<Response> {
    // No refresh cookie at all: a visitor without a session, which is not an error (204), so
    // an anonymous page load logs nothing. A cookie that no longer works is 401.
    let Some(token) = cookie(&headers, sessions::COOKIE).filter(|token| !token.is_empty()) else {
        return Ok(StatusCode::NO_CONTENT.into_response());
    };
    let rotated = sessions::rotate(&state.dynamo, &state.config.tables, token).await;
    match rotated {
        Ok((next, user)) => Ok(session_response(&state, &user, &next)),
        Err(err) if err.status == StatusCode::UNAUTHORIZED => {
            Ok(([(header::SET_COOKIE, sessions::clear_cookie())], err).into_response())
        }
        Err(err) => Err(err),
    }
}

/// Global sign-out (spec 4): every refresh token of the user stops working.
#[tracing::instrument(skip_all)]
async fn sign_out(State(state): State<AppState>, user: Option<AuthUser>, headers: HeaderMap) -> Result<Response> {
    let tables = &state.config.tables;
    let user_id = match user {
        Some(user) => user.id,
        None => {
            let token = cookie(&headers, sessions::COOKIE).ok_or_else(|| ApiError::unauthorized(SESSION_ENDED))?;
            sessions::user_of(&state.dynamo, tables, token).await?.id
        }
    };
    users::bump_session_epoch(&state.dynamo, tables, &user_id).await?;
    if let Err(err) = sessions::delete_all(&state.dynamo, tables, &user_id).await {
        tracing::warn!(error = %err, "ended sessions not tidied");
    }
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, sessions::clear_cookie())]).into_response())
}

// ------------------------------------------------------------------ account

async fn load_user(state: &AppState, user: &AuthUser) -> Result<UserRecord> {
    users::get_user(&state.dynamo, &state.config.tables, &user.id)
        .await?
        .ok_or_else(|| ApiError::unauthorized(SESSION_ENDED))
}

#[tracing::instrument(skip(state))]
async fn current_user(State(state): State<AppState>, user: AuthUser) -> Result<Json<UserView>> {
    let record = load_user(&state, &user).await?;
    Ok(Json(UserView::new(&state, &record)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct UpdateUser {
    name: String,
}

#[tracing::instrument(skip(state, body))]
async fn update_user(State(state): State<AppState>, user: AuthUser, JsonBody(body): JsonBody<UpdateUser, 4096>) -> Result<Json<UserView>> {
    let name = body.name.trim();
    if name.is_empty() {
        return Err(ApiError::bad_request("invalid_name", "Please enter your name."));
    }
    if name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err(ApiError::bad_request("invalid_name", "Please enter a name of at most 100 characters."));
    }
    load_user(&state, &user).await?;
    let record = users::set_user_name(&state.dynamo, &state.config.tables, &user.id, name).await?;
    Ok(Json(UserView::new(&state, &record)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChangePassword {
    current_password: String,
    new_password: String,
}

/// Changes the password after checking the current one; every other session ends and this
/// device gets a fresh one.
#[tracing::instrument(skip(state, body))]
async fn change_password(
    State(state): State<AppState>,
    user: AuthUser,
    ip: ClientIp,
    JsonBody(body): JsonBody<ChangePassword, 4096>,
) -> Result<Response> {
    let new_password = Password::parse(&body.new_password)?;
    let tables = &state.config.tables;
    let record = load_user(&state, &user).await?;
    let email_and_ip = format!("{}|{}", record.email, ip.0);
    let checks = [
        (&limits::FAILURES_PER_EMAIL_AND_IP, email_and_ip.as_str()),
        (&limits::FAILURES_PER_ACCOUNT, record.email.as_str()),
    ];
    if rate_limit::exceeded(&state.dynamo, &tables.rate_limits, &checks).await?.is_some() {
        return Err(rate_limited("login_rate_limited", LOGIN_RATE_LIMITED, 300));
    }
    if !verify_password(&body.current_password, Some(&record.password_hash)).await? {
        rate_limit::record(&state.dynamo, &tables.rate_limits, &checks).await?;
        return Err(ApiError::bad_request("wrong_password", WRONG_CURRENT_PASSWORD));
    }
    let hash = hash_password(&new_password).await?;
    let record = users::set_password_hash(&state.dynamo, tables, &user.id, &hash).await?;
    if let Err(err) = sessions::delete_all(&state.dynamo, tables, &user.id).await {
        tracing::warn!(error = %err, "ended sessions not tidied");
    }
    let refresh_token = sessions::start(&state.dynamo, tables, &record).await?;
    Ok(session_response(&state, &record, &refresh_token))
}
