//! The support-session audit of the owner functions (spec 4; see `crate::impersonation`):
//! every request made with an impersonation token is refused once the session ended and is
//! recorded in `impersonation_actions` — a write before it runs, a read before its answer
//! leaves; an audit write that fails fails the request.

use axum::{
    Router,
    extract::{Request, State},
    http::StatusCode,
    middleware::{self, Next},
    response::{IntoResponse, Response},
};

use crate::{
    AppState, ApiError,
    auth::AuthUser,
    impersonation::{AUDIT_FAILED, changes_founder_data, session_over},
};

/// An audit write failed: the request is not carried out (a write) or not answered (a read).
fn audit_failed(audit_id: &str, err: &crate::dynamo::StoreError) -> Response {
    tracing::error!(audit_id = %audit_id, error = format!("{err:#}"), "support session activity not recorded: request refused");
    ApiError { retry_after: Some(1), ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "audit_unavailable", AUDIT_FAILED) }.into_response()
}

/// Adds the impersonation audit to an owner function's router (see the module docs);
/// `function` is its mount name (`/api/<function>`), for the full path in the record.
pub fn audited(function: &'static str, router: Router, state: &AppState) -> Router {
    router.layer(middleware::from_fn_with_state(Audit { state: state.clone(), function, reads_only: false }, audit))
}

/// [`audited`] for a function whose every route only reads, whatever its method (spec 7's
/// `check-subscription` is a POST): its requests are recorded as views, never as changes.
pub fn audited_reads(function: &'static str, router: Router, state: &AppState) -> Router {
    router.layer(middleware::from_fn_with_state(Audit { state: state.clone(), function, reads_only: true }, audit))
}

#[derive(Clone)]
struct Audit {
    state: AppState,
    function: &'static str,
    reads_only: bool,
}

async fn audit(State(audit): State<Audit>, request: Request, next: Next) -> Response {
    let state = &audit.state;
    let (mut parts, body) = request.into_parts();
    let caller = <AuthUser as axum::extract::OptionalFromRequestParts<AppState>>::from_request_parts(&mut parts, state)
        .await
        .ok()
        .flatten();
    let request = Request::from_parts(parts, body);
    let Some(acting) = caller.and_then(|user| user.impersonation) else {
        return next.run(request).await;
    };
    // Ended means ended, for reads too: one consistent read of the record per request.
    match state.impersonations().get(&acting.audit_id).await {
        Ok(Some(record)) if record.is_live(state.clock.unix()) => {}
        Ok(_) => return session_over().into_response(),
        Err(err) => return ApiError::from(err).into_response(),
    }
    let method = request.method().to_string();
    // Inside the nested router the URI is relative to `/api/<function>`.
    let path = match request.uri().path() {
        "/" => format!("/api/{}", audit.function),
        relative => format!("/api/{}{relative}", audit.function),
    };
    // A change is recorded before it runs; a read, or a POST that changes nothing the founder
    // saved (`changes_founder_data`), after it answered.
    if !audit.reads_only && changes_founder_data(&method, &path) {
        let entry = match state.impersonation_actions().begin_write(&acting.audit_id, &method, &path, &state.clock.now_iso()).await {
            Ok(entry) => entry,
            Err(err) => return audit_failed(&acting.audit_id, &err),
        };
        let response = next.run(request).await;
        // The write is on record already; its outcome not being stored shows as such.
        if let Err(err) = state.impersonation_actions().finish_write(&acting.audit_id, &entry, response.status().as_u16()).await {
            tracing::error!(audit_id = %acting.audit_id, error = %err, "the outcome of a recorded support-session write was not stored");
        }
        response
    } else {
        let response = next.run(request).await;
        let status = response.status().as_u16();
        match state.impersonation_actions().record_read(&acting.audit_id, &method, &path, status, &state.clock.now_iso()).await {
            Ok(()) => response,
            Err(err) => audit_failed(&acting.audit_id, &err),
        }
    }
}

/// A link made inside a support session (an export's download link) belongs to that session:
/// it works only while the session runs, and each use is recorded as a read of `path` (never
/// with the link's token in it). Fails closed like [`audited`]: 401 once the session ended,
/// 503 when the use cannot be recorded.
pub async fn use_session_link(state: &AppState, audit_id: &str, path: &str) -> Result<(), ApiError> {
    match state.impersonations().get(audit_id).await? {
        Some(record) if record.is_live(state.clock.unix()) => {}
        _ => return Err(session_over()),
    }
    state.impersonation_actions().record_read(audit_id, "GET", path, 200, &state.clock.now_iso()).await.map_err(|err| {
        tracing::error!(audit_id = %audit_id, error = %err, "support session link use not recorded: refused");
        ApiError { retry_after: Some(1), ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "audit_unavailable", AUDIT_FAILED) }
    })
}
