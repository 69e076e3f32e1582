//! Support sessions (spec 4, Impersonation), the server side every function shares:
//!
//! - inside an impersonation session the access token names the administrator (`act`) and
//!   the audit record (`imp`); routes an impersonator may not use call
//!   [`AuthUser::refuse_impersonation`](crate::auth::AuthUser::refuse_impersonation);
//! - [`http::audit::audited`](crate::http::audit::audited) wraps an owner function's router: every request made with an impersonation
//!   token — reads and writes, of every method — is refused (401) once the session has ended
//!   (one consistent read of its record per request), and is recorded in
//!   `impersonation_actions`: a write before it runs (a write that cannot be recorded never
//!   runs), then its status; a read after it ran and before its answer leaves (an answer that
//!   cannot be recorded is withheld). Either way an audit write that fails fails the request;
//! - `services::impersonation::finish` ends a session once (revert, sign-out, expiry) and
//!   tells the user by e-mail what was changed and what was viewed ([`Activity`]).

use axum::http::StatusCode;

use crate::ApiError;

pub mod activity;

pub use activity::{Activity, Change, View, changes_founder_data, describe_read, describe_write};

/// `type` of an impersonation link (`/auth/callback?token=…&type=impersonation`).
pub const IMPERSONATION: &str = "impersonation";
/// `type` of the one-time link that signs the administrator back in after a revert.
pub const MAGIC_LINK: &str = "magiclink";
/// The administrator's way back works once, for 60 seconds.
pub const MAGIC_LINK_TTL_SECS: i64 = 60;
/// Access tokens of an impersonation session live 5 minutes (never past the session's end);
/// every request with one checks the session's record, so a revert stops it at once.
pub const ACCESS_TOKEN_SECS: i64 = 5 * 60;
pub const SESSION_OVER: &str = "This support session has ended.";
pub const AUDIT_FAILED: &str = "This request could not be recorded in the support session's audit trail, so it was not completed. Please try again.";

pub fn session_over() -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, "impersonation_ended", SESSION_OVER)
}

pub use domain::days::minutes_between;
