//! Support sessions (spec 4, Impersonation), the server side every function shares:
//!
//! - inside an impersonation session the access token names the administrator (`act`) and
//!   the audit record (`imp`); routes an impersonator may not use call
//!   [`AuthUser::refuse_impersonation`](crate::auth::AuthUser::refuse_impersonation);
//! - [`audited`] wraps an owner function's router: every write made with an impersonation
//!   token is refused once the session has ended, and appended to the audit record
//!   (method, path, status, time) after it ran;
//! - [`finish`] ends a session once (revert, sign-out, expiry) and tells the user by e-mail.

use axum::{
    Router,
    extract::{Request, State},
    http::{Method, StatusCode},
    middleware::{self, Next},
    response::{IntoResponse, Response},
};

use crate::{
    AppState, ApiError,
    auth::AuthUser,
    mail::{Email, button, escape_html, layout},
    repo::impersonations::{self, Action, EndedBy, Impersonation},
};

/// `type` of an impersonation link (`/auth/callback?token=…&type=impersonation`).
pub const IMPERSONATION: &str = "impersonation";
/// `type` of the one-time link that signs the administrator back in after a revert.
pub const MAGIC_LINK: &str = "magiclink";
/// The administrator's way back works once, for 60 seconds.
pub const MAGIC_LINK_TTL_SECS: i64 = 60;
/// Access tokens of an impersonation session live 5 minutes (never past the session's end),
/// so a revert also stops reads within minutes; writes stop at once (see [`audited`]).
pub const ACCESS_TOKEN_SECS: i64 = 5 * 60;
pub const SESSION_OVER: &str = "This support session has ended.";

pub fn session_over() -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, "impersonation_ended", SESSION_OVER)
}

/// Adds the impersonation audit to an owner function's router (see the module docs);
/// `function` is its mount name (`/api/<function>`), for the full path in the record.
pub fn audited(function: &'static str, router: Router, state: &AppState) -> Router {
    router.layer(middleware::from_fn_with_state(Audit { state: state.clone(), function }, audit_writes))
}

#[derive(Clone)]
struct Audit {
    state: AppState,
    function: &'static str,
}

fn is_write(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

async fn audit_writes(State(audit): State<Audit>, request: Request, next: Next) -> Response {
    let state = &audit.state;
    if !is_write(request.method()) {
        return next.run(request).await;
    }
    let (mut parts, body) = request.into_parts();
    let caller = <AuthUser as axum::extract::OptionalFromRequestParts<AppState>>::from_request_parts(&mut parts, state)
        .await
        .ok()
        .flatten();
    let request = Request::from_parts(parts, body);
    let Some(acting) = caller.and_then(|user| user.impersonation) else {
        return next.run(request).await;
    };
    let table = &state.config.tables.impersonations;
    match impersonations::get(&state.dynamo, table, &acting.audit_id).await {
        Ok(Some(record)) if record.is_live(state.clock.unix()) => {}
        Ok(_) => return session_over().into_response(),
        Err(err) => return err.into_response(),
    }
    let method = request.method().to_string();
    // Inside the nested router the URI is relative to `/api/<function>`.
    let path = match request.uri().path() {
        "/" => format!("/api/{}", audit.function),
        relative => format!("/api/{}{relative}", audit.function),
    };
    let response = next.run(request).await;
    let action = Action { method, path, status: response.status().as_u16(), at: state.clock.now_iso() };
    if let Err(err) = impersonations::record_action(&state.dynamo, table, &acting.audit_id, &action).await {
        tracing::error!(audit_id = %acting.audit_id, error = %err, "impersonated write not added to the audit record");
    }
    response
}

/// Ends the session once and e-mails the user what happened in it. `None` when it had
/// already ended. A mail failure is logged: the record is what counts.
pub async fn finish(state: &AppState, id: &str, by: EndedBy) -> Result<Option<Impersonation>, ApiError> {
    let ended = impersonations::end(&state.dynamo, &state.config.tables.impersonations, id, by, state.clock.unix()).await?;
    if let Some(record) = &ended {
        tracing::info!(audit_id = %record.id, admin_id = %record.admin_id, target_id = %record.target_id, ended_by = ?by, "support session ended");
        // A link nobody used gave nobody access: no mail.
        if record.session_started_at.is_some() {
            if let Err(err) = state.mailer.send(&ended_mail(record, &state.config.app_origin)).await {
                tracing::warn!(audit_id = %record.id, error = %err, "support session mail not sent");
            }
        }
    }
    Ok(ended)
}

/// Ends every session whose time is up (the scheduled sweep; locally a gateway tick).
/// Returns how many it ended.
pub async fn sweep_expired(state: &AppState) -> Result<usize, ApiError> {
    let overdue = impersonations::overdue(&state.dynamo, &state.config.tables.impersonations, state.clock.unix(), 100).await?;
    let mut ended = 0;
    for id in overdue {
        if finish(state, &id, EndedBy::Expiry).await?.is_some() {
            ended += 1;
        }
    }
    Ok(ended)
}

/// Minutes (rounded up, at least 1) between two RFC 3339 times.
pub fn minutes_between(from: &str, to: &str) -> i64 {
    use time::{OffsetDateTime, format_description::well_known::Rfc3339};
    match (OffsetDateTime::parse(from, &Rfc3339), OffsetDateTime::parse(to, &Rfc3339)) {
        (Ok(from), Ok(to)) => ((to - from).whole_seconds().max(0) + 59).div_euclid(60).max(1),
        _ => 1,
    }
}

/// What the user reads after a support session on their account.
pub fn ended_mail(record: &Impersonation, app_origin: &str) -> Email {
    let started = record.session_started_at.as_deref().unwrap_or(&record.started_at);
    let minutes = minutes_between(started, record.ended_at.as_deref().unwrap_or(started));
    // Every write is listed, the refused ones marked: an attempt is part of the record too.
    let changes: Vec<String> = record
        .actions
        .iter()
        .map(|a| {
            let outcome = if a.status < 400 { "done".to_owned() } else { format!("refused, {}", a.status) };
            format!("{} {} ({outcome})", a.method, a.path)
        })
        .collect();
    let changed_text = if changes.is_empty() {
        "Nothing was changed.".to_owned()
    } else {
        format!("Changes made or attempted:\n{}", changes.iter().map(|c| format!("- {c}")).collect::<Vec<_>>().join("\n"))
    };
    let changed_html = if changes.is_empty() {
        "<p>Nothing was changed.</p>".to_owned()
    } else {
        format!(
            "<p>Changes made or attempted:</p><ul>{}</ul>",
            changes.iter().map(|c| format!("<li><code>{}</code></li>", escape_html(c))).collect::<String>()
        )
    };
    let link = format!("{app_origin}/settings?tab=security");
    let summary = format!(
        "A member of the RaiseSpark support team used your account for {minutes} minute{} (started {started}). Reason given: {}",
        if minutes == 1 { "" } else { "s" },
        record.reason
    );
    Email {
        to: record.target_email.clone(),
        subject: "A RaiseSpark support session on your account has ended".into(),
        html: layout(
            "A support session on your account has ended",
            &format!(
                "<p>{}</p>{changed_html}{}<p style=\"color:#6b7280;font-size:13px\">Every support session is listed in \
                 Settings → Security. If you did not expect this, reply to this e-mail.</p>",
                escape_html(&summary),
                button(&link, "Review support sessions"),
            ),
        ),
        text: format!(
            "{summary}\n\n{changed_text}\n\nEvery support session is listed in Settings → Security: {link}\n\
             If you did not expect this, reply to this e-mail.\n"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minutes_round_up_and_are_at_least_one() {
        assert_eq!(minutes_between("2026-11-23T10:00:00Z", "2026-11-23T10:00:10Z"), 1);
        assert_eq!(minutes_between("2026-11-23T10:00:00Z", "2026-11-23T10:30:00Z"), 30);
        assert_eq!(minutes_between("2026-11-23T10:00:00Z", "2026-11-23T10:30:01Z"), 31);
        assert_eq!(minutes_between("nonsense", "2026-11-23T10:30:01Z"), 1);
    }

    #[test]
    fn the_mail_lists_every_write_and_marks_the_refused_ones() {
        let record = Impersonation {
            id: "a".into(),
            admin_id: "admin".into(),
            admin_email: "admin@example.com".into(),
            target_id: "t".into(),
            target_email: "founder@example.com".into(),
            reason: "Asked for help".into(),
            started_at: "2026-11-23T10:00:00Z".into(),
            ip: "203.0.113.9".into(),
            user_agent: "ua".into(),
            ends_at: 0,
            session_started_at: Some("2026-11-23T10:00:00Z".into()),
            ended_at: Some("2026-11-23T10:12:00Z".into()),
            ended_by: Some(EndedBy::Revert),
            actions: vec![
                Action { method: "PATCH".into(), path: "/api/auth/user".into(), status: 403, at: "x".into() },
                Action { method: "PATCH".into(), path: "/api/leads/1".into(), status: 200, at: "x".into() },
            ],
            actions_dropped: 0,
        };
        let mail = ended_mail(&record, "https://app.example.com");
        assert!(mail.text.contains("for 12 minutes") && mail.text.contains("Reason given: Asked for help"), "{}", mail.text);
        assert!(mail.text.contains("- PATCH /api/auth/user (refused, 403)\n- PATCH /api/leads/1 (done)"), "{}", mail.text);
        assert!(mail.text.contains("https://app.example.com/settings?tab=security"));
        assert!(!mail.text.contains("admin@example.com"), "the administrator is RaiseSpark support, not named");
    }

    #[test]
    fn only_safe_methods_are_not_writes() {
        assert!(!is_write(&Method::GET) && !is_write(&Method::HEAD) && !is_write(&Method::OPTIONS));
        assert!(is_write(&Method::POST) && is_write(&Method::PUT) && is_write(&Method::PATCH) && is_write(&Method::DELETE));
    }
}
