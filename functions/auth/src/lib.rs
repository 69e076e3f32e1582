//! `auth`: accounts and sessions (spec 4, 5, 7 and 8).
//!
//! - `POST  /api/auth/signup`   — a pending registration; its confirmation link is e-mailed (`signup`)
//! - `POST  /api/auth/verify`   — exchange a link's token for a session (a confirmation makes the account)
//! - `POST  /api/auth/resend`   — send the confirmation e-mail again
//! - `POST  /api/auth/signin`   — e-mail + password → session
//! - `POST  /api/auth/token`    — rotate the refresh cookie → new access token
//!   (`?support=<record id>`: a support session's own cookie instead of the user's)
//! - `POST  /api/auth/signout`  — global: every session of the user ends (a support session:
//!   only it)
//! - `GET   /api/auth/user`     — the current user; `PATCH` changes the name
//! - `POST  /api/auth/password` — change password (other sessions end)
//! - `POST  /api/auth/recover`  — e-mail a one-time password-reset link (same answer for any address)
//! - `POST  /api/auth/recover/check`    — whether a reset link still works
//! - `POST  /api/auth/recover/complete` — set a new password from the link; every session ends
//! - `GET   /api/auth/support-sessions` — the support (impersonation) sessions on the caller's account
//!
//! `verify` also exchanges impersonation links (`type: impersonation`: a session acting as
//! the user, ending 30 minutes after it started) and an administrator's way back after a
//! revert (`type: magiclink`). Signing out of an impersonation session ends only it.
//!
//! A support session's refresh token lives in a cookie of its own (`rs_support_<record id>`),
//! never in `rs_refresh`: the administrator's tab keeps the administrator's session while the
//! support session runs in another tab of the same browser.
//!
//! Modules by concern: `signup` (sign-up, resend, confirmation), `sessions` (sign-in, one-time
//! links, renewal, sign-out), `recovery` (password reset), `account` (the user, name, password
//! change), `support_session` (impersonation sessions on the user's side); `answers` holds the
//! signed-in answers they share.

mod account;
mod answers;
pub mod config;
pub mod jobs;
pub mod limits;
pub mod messages;
pub mod password;
mod recovery;
mod sessions;
mod signup;
mod support_session;
mod tokens;

use axum::{
    Router,
    http::StatusCode,
    routing::{get, post},
};
use shared::{ApiError, AppState};

pub use answers::UserView;
pub use shared::repo::sessions::{COOKIE as REFRESH_COOKIE, REUSE_GRACE_SECS};
pub use signup::{NONCE_COOKIE as SIGN_UP_COOKIE, shown_user_id};

pub fn router(state: AppState) -> Router {
    let router = Router::new()
        .route("/signup", post(signup::sign_up))
        .route("/verify", post(sessions::verify))
        .route("/resend", post(signup::resend))
        .route("/signin", post(sessions::sign_in))
        .route("/token", post(sessions::refresh))
        .route("/signout", post(sessions::sign_out))
        .route("/user", get(account::current_user).patch(account::update_user))
        .route("/password", post(account::change_password))
        .route("/recover", post(recovery::recover))
        .route("/recover/check", post(recovery::check_recovery))
        .route("/recover/complete", post(recovery::complete_recovery))
        .route("/support-sessions", get(support_session::list))
        .with_state(state.clone());
    shared::http::audit::audited("auth", router, &state)
}

fn rate_limited(code: &'static str, message: &'static str, retry_after: u32) -> ApiError {
    ApiError { retry_after: Some(retry_after), ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, code, message) }
}

/// The subject of a per-address mail limit (`MAIL_PER_ADDRESS`): one kind of mail to one address.
fn mail_subject(kind: &str, email: &str) -> String {
    format!("{kind}:{email}")
}
