//! Support sessions (spec 4, Impersonation), the server side every function shares:
//!
//! - inside an impersonation session the access token names the administrator (`act`) and
//!   the audit record (`imp`); routes an impersonator may not use call
//!   [`AuthUser::refuse_impersonation`](crate::auth::AuthUser::refuse_impersonation);
//! - [`audited`] wraps an owner function's router: every request made with an impersonation
//!   token — reads and writes, of every method — is refused (401) once the session has ended
//!   (one consistent read of its record per request), and is recorded in
//!   `impersonation_actions`: a write before it runs (a write that cannot be recorded never
//!   runs), then its status; a read after it ran and before its answer leaves (an answer that
//!   cannot be recorded is withheld). Either way an audit write that fails fails the request;
//! - [`finish`] ends a session once (revert, sign-out, expiry) and tells the user by e-mail
//!   what was changed and what was viewed ([`Activity`]).

use axum::{
    Router,
    extract::{Request, State},
    http::{Method, StatusCode},
    middleware::{self, Next},
    response::{IntoResponse, Response},
};
use serde::Serialize;

use crate::{
    AppState, ApiError,
    auth::AuthUser,
    mail::{Email, button, escape_html, layout},
    repo::{
        impersonation_actions::{self, Entry, Kind},
        impersonations::{self, EndedBy, Impersonation},
    },
};

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

/// An audit write failed: the request is not carried out (a write) or not answered (a read).
fn audit_failed(audit_id: &str, err: &ApiError) -> Response {
    tracing::error!(audit_id = %audit_id, error = %err, "support session activity not recorded: request refused");
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

fn is_write(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
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
    match impersonations::get(&state.dynamo, &state.config.tables.impersonations, &acting.audit_id).await {
        Ok(Some(record)) if record.is_live(state.clock.unix()) => {}
        Ok(_) => return session_over().into_response(),
        Err(err) => return err.into_response(),
    }
    let table = &state.config.tables.impersonation_actions;
    let method = request.method().to_string();
    // Inside the nested router the URI is relative to `/api/<function>`.
    let path = match request.uri().path() {
        "/" => format!("/api/{}", audit.function),
        relative => format!("/api/{}{relative}", audit.function),
    };
    if is_write(request.method()) && !audit.reads_only {
        let entry = match impersonation_actions::begin_write(&state.dynamo, table, &acting.audit_id, &method, &path, &state.clock.now_iso()).await {
            Ok(entry) => entry,
            Err(err) => return audit_failed(&acting.audit_id, &err),
        };
        let response = next.run(request).await;
        // The write is on record already; its outcome not being stored shows as such.
        if let Err(err) = impersonation_actions::finish_write(&state.dynamo, table, &acting.audit_id, &entry, response.status().as_u16()).await {
            tracing::error!(audit_id = %acting.audit_id, error = %err, "the outcome of a recorded support-session write was not stored");
        }
        response
    } else {
        let response = next.run(request).await;
        let status = response.status().as_u16();
        match impersonation_actions::record_read(&state.dynamo, table, &acting.audit_id, &method, &path, status, &state.clock.now_iso()).await {
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
    match impersonations::get(&state.dynamo, &state.config.tables.impersonations, audit_id).await? {
        Some(record) if record.is_live(state.clock.unix()) => {}
        _ => return Err(session_over()),
    }
    let table = &state.config.tables.impersonation_actions;
    impersonation_actions::record_read(&state.dynamo, table, audit_id, "GET", path, 200, &state.clock.now_iso()).await.map_err(|err| {
        tracing::error!(audit_id = %audit_id, error = %err, "support session link use not recorded: refused");
        ApiError { retry_after: Some(1), ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "audit_unavailable", AUDIT_FAILED) }
    })
}

// ------------------------------------------------------------------ what a session did

/// One write, as the user and the admin area see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    pub method: String,
    pub path: String,
    /// 0 when its outcome was not recorded.
    pub status: u16,
    pub at: String,
    pub description: String,
}

/// The reads of one route, grouped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    pub method: String,
    pub path: String,
    pub count: u64,
    pub refused: u64,
    pub first_at: String,
    pub last_at: String,
    pub description: String,
}

/// What a support session did: writes in order, reads grouped by route in the order first
/// made. `complete` is false when more was recorded than is listed (the record keeps all).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Activity {
    pub changes: Vec<Change>,
    pub views: Vec<View>,
    pub complete: bool,
}

impl Activity {
    pub fn of(entries: Vec<Entry>, complete: bool) -> Self {
        let mut activity = Activity { complete, ..Activity::default() };
        for entry in entries {
            match entry.kind {
                // The sign-out that ended a session is its ending, shown as such.
                Kind::Write if entry.method == "POST" && entry.path == "/api/auth/signout" => {}
                Kind::Write => activity.changes.push(Change {
                    description: describe_write(&entry.method, &entry.path, entry.status),
                    method: entry.method,
                    path: entry.path,
                    status: entry.status,
                    at: entry.at,
                }),
                Kind::Read => activity.views.push(View {
                    description: describe_read(&entry.path, entry.count, entry.refused),
                    first_at: entry.first_at.unwrap_or_else(|| entry.at.clone()),
                    last_at: entry.at,
                    method: entry.method,
                    path: entry.path,
                    count: entry.count,
                    refused: entry.refused,
                }),
            }
        }
        activity.views.sort_by(|a, b| a.first_at.cmp(&b.first_at).then_with(|| a.path.cmp(&b.path)));
        activity
    }

    /// A session's activity, at most [`impersonation_actions::SHOWN`] entries of it.
    pub async fn of_session(state: &AppState, session_id: &str) -> Result<Self, ApiError> {
        let read = impersonation_actions::of_session(&state.dynamo, &state.config.tables.impersonation_actions, session_id, impersonation_actions::SHOWN).await?;
        Ok(Self::of(read.entries, read.complete))
    }
}

/// `(area, the whole, one of it)`: what a route's first segment is about.
const NOUNS: &[(&str, &str, &str)] = &[
    ("forms", "the forms", "a form"),
    ("leads", "the leads", "a lead"),
    ("profiles", "the profile", "the profile"),
    ("raise-capital", "Raise Capital", "a Raise Capital step"),
    ("campaigns", "the campaigns", "a campaign"),
    ("compliance-vault", "the compliance vault", "a compliance document"),
    ("rewards", "rewards", "rewards"),
    ("auth", "account details", "account details"),
    ("admin", "the admin area", "the admin area"),
    ("ai-chat", "the assistant", "the assistant"),
    ("generate-insights", "the insights", "the insights"),
    ("check-subscription", "the subscription", "the subscription"),
];

/// Whole-function calls (spec 7's functions), said as what they did.
const CALLS: &[(&str, &str)] = &[
    ("check-subscription", "Checked the subscription"),
    ("create-checkout-session", "Started a checkout"),
    ("billing-portal", "Opened the billing portal"),
    ("facebook-conversions", "Sent a conversion event"),
    ("send-event-notification", "Sent a notification"),
    ("ai-chat", "Asked the assistant"),
    ("generate-insights", "Generated insights"),
    ("impersonate-user", "Tried to impersonate another user"),
    ("contact", "Sent a message to support"),
];

const ACTIONS: &[(&str, &str)] = &[("publish", "Published"), ("unpublish", "Unpublished"), ("archive", "Archived"), ("unarchive", "Unarchived")];

fn lookup<'a>(table: &[(&str, &'a str)], key: &str) -> Option<&'a str> {
    table.iter().find(|(name, _)| *name == key).map(|(_, value)| *value)
}

/// `/api/<area>/<rest…>` without a query string.
fn segments(path: &str) -> (String, Vec<&str>) {
    let path = path.split('?').next().unwrap_or_default();
    let mut parts = path.trim_start_matches("/api/").split('/').filter(|part| !part.is_empty());
    (parts.next().unwrap_or_default().to_owned(), parts.collect())
}

fn refused(text: String, status: u16) -> String {
    match status {
        0 => format!("{text} (outcome not recorded)"),
        400.. => format!("{text} (refused)"),
        _ => text,
    }
}

/// A write in plain words: `POST /api/forms/f1/publish` → 'Published a form'; a refused one
/// (4xx/5xx) says so.
pub fn describe_write(method: &str, path: &str, status: u16) -> String {
    let (area, rest) = segments(path);
    if rest.is_empty() {
        if let Some(call) = lookup(CALLS, &area) {
            return refused(call.to_owned(), status);
        }
    }
    if area == "auth" && rest.first() == Some(&"signout") {
        return refused("Signed out".to_owned(), status);
    }
    if area == "compliance-vault" && rest.first() == Some(&"exports") {
        return refused("Prepared the exhibit pack for download".to_owned(), status);
    }
    let noun = NOUNS.iter().find(|(name, ..)| *name == area).map_or_else(
        || if area.is_empty() { "something".to_owned() } else { area.replace('-', " ") },
        |(_, _, one)| (*one).to_owned(),
    );
    let verb = rest.last().and_then(|last| lookup(ACTIONS, last)).unwrap_or(match method.to_ascii_uppercase().as_str() {
        "POST" => "Created",
        "PUT" | "PATCH" => "Updated",
        "DELETE" => "Deleted",
        _ => "Changed",
    });
    refused(format!("{verb} {noun}"), status)
}

/// Whether a path segment names one thing (an id) rather than a part of the product.
fn is_id(segment: &str) -> bool {
    segment.chars().any(|c| c.is_ascii_digit()) || segment.len() > 24
}

/// A route's reads in plain words: 'Viewed the leads', 'Viewed a lead', 'Downloaded the leads
/// (CSV)'; reads that were all refused: 'Tried to view the admin area (refused)'.
pub fn describe_read(path: &str, count: u64, refused_count: u64) -> String {
    let (area, rest) = segments(path);
    let what = match (area.as_str(), rest.as_slice()) {
        ("leads", ["export", ..]) => return tried("Downloaded the leads (CSV)", "download the leads (CSV)", count, refused_count),
        ("compliance-vault", ["exports", ..]) => return tried("Downloaded the exhibit pack", "download the exhibit pack", count, refused_count),
        ("check-subscription", []) => return tried("Checked the subscription", "check the subscription", count, refused_count),
        ("leads", ["summary", ..]) => "the lead figures".to_owned(),
        ("leads", ["trends", ..]) => "the lead trends".to_owned(),
        ("leads", ["recent", ..]) => "the recent leads".to_owned(),
        ("auth", ["support-sessions", ..]) => "the support sessions".to_owned(),
        ("ai-chat", ["gaps", ..]) => "the assistant's unanswered questions".to_owned(),
        _ => match NOUNS.iter().find(|(name, ..)| *name == area) {
            Some((_, whole, one)) => if rest.iter().any(|segment| is_id(segment)) { (*one).to_owned() } else { (*whole).to_owned() },
            None if area.is_empty() => "something".to_owned(),
            None => area.replace('-', " "),
        },
    };
    tried(&format!("Viewed {what}"), &format!("view {what}"), count, refused_count)
}

fn tried(done: &str, attempt: &str, count: u64, refused_count: u64) -> String {
    if count > 0 && refused_count >= count { format!("Tried to {attempt} (refused)") } else { done.to_owned() }
}

/// Ends the session once and e-mails the user what happened in it. `None` when it had
/// already ended. A mail failure is logged: the record is what counts.
pub async fn finish(state: &AppState, id: &str, by: EndedBy) -> Result<Option<Impersonation>, ApiError> {
    let ended = impersonations::end(&state.dynamo, &state.config.tables.impersonations, id, by, state.clock.unix()).await?;
    if let Some(record) = &ended {
        tracing::info!(audit_id = %record.id, admin_id = %record.admin_id, target_id = %record.target_id, ended_by = ?by, "support session ended");
        // A link nobody used gave nobody access: no mail.
        if record.session_started_at.is_some() {
            let mail = match Activity::of_session(state, &record.id).await {
                Ok(activity) => ended_mail(record, &activity, &state.config.app_origin),
                Err(err) => {
                    tracing::warn!(audit_id = %record.id, error = %err, "support session activity not read for the mail");
                    ended_mail(record, &Activity::default(), &state.config.app_origin)
                }
            };
            if let Err(err) = state.mailer.send(&mail).await {
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

pub use domain::days::minutes_between;

/// What the user reads after a support session on their account: how long, why, every
/// change made or attempted, and what was viewed (grouped).
pub fn ended_mail(record: &Impersonation, activity: &Activity, app_origin: &str) -> Email {
    let started = record.session_started_at.as_deref().unwrap_or(&record.started_at);
    let minutes = minutes_between(started, record.ended_at.as_deref().unwrap_or(started));
    let changes: Vec<String> = activity.changes.iter().map(|c| format!("{} ({} {})", c.description, c.method, c.path)).collect();
    let views: Vec<String> = activity
        .views
        .iter()
        .map(|v| format!("{} ({} {}, {} time{})", v.description, v.method, v.path, v.count, if v.count == 1 { "" } else { "s" }))
        .collect();
    let list_text = |title: &str, lines: &[String]| format!("{title}\n{}", lines.iter().map(|line| format!("- {line}")).collect::<Vec<_>>().join("\n"));
    let list_html = |title: &str, lines: &[String]| {
        format!("<p>{}</p><ul>{}</ul>", escape_html(title), lines.iter().map(|line| format!("<li>{}</li>", escape_html(line))).collect::<String>())
    };
    let (changed_text, changed_html) = if changes.is_empty() {
        ("Nothing was changed.".to_owned(), "<p>Nothing was changed.</p>".to_owned())
    } else {
        (list_text("Changes made or attempted:", &changes), list_html("Changes made or attempted:", &changes))
    };
    let (viewed_text, viewed_html) = if views.is_empty() {
        ("Nothing was viewed.".to_owned(), "<p>Nothing was viewed.</p>".to_owned())
    } else {
        (list_text("What was viewed:", &views), list_html("What was viewed:", &views))
    };
    let more = if activity.complete { "" } else { "More was recorded than this e-mail lists; the full record is kept.\n" };
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
                "<p>{}</p>{changed_html}{viewed_html}{}{}<p style=\"color:#6b7280;font-size:13px\">Every support session is listed in \
                 Settings → Security. If you did not expect this, reply to this e-mail.</p>",
                escape_html(&summary),
                if more.is_empty() { String::new() } else { format!("<p>{}</p>", escape_html(more.trim())) },
                button(&link, "Review support sessions"),
            ),
        ),
        text: format!(
            "{summary}\n\n{changed_text}\n\n{viewed_text}\n{more}\nEvery support session is listed in Settings → Security: {link}\n\
             If you did not expect this, reply to this e-mail.\n"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Impersonation {
        Impersonation {
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
        }
    }

    fn write(n: u32, method: &str, path: &str, status: u16) -> Entry {
        Entry {
            session_id: "a".into(),
            entry: format!("w#{n:020}"),
            kind: Kind::Write,
            method: method.into(),
            path: path.into(),
            status,
            at: format!("2026-11-23T10:0{n}:00Z"),
            first_at: None,
            count: 0,
            refused: 0,
        }
    }

    fn read(path: &str, count: u64, refused: u64, first: &str) -> Entry {
        Entry {
            session_id: "a".into(),
            entry: format!("r#GET {path}"),
            kind: Kind::Read,
            method: "GET".into(),
            path: path.into(),
            status: if refused > 0 { 403 } else { 200 },
            at: "2026-11-23T10:09:00Z".into(),
            first_at: Some(first.into()),
            count,
            refused,
        }
    }

    #[test]
    fn the_mail_lists_every_write_marks_the_refused_ones_and_lists_reads_as_views_grouped() {
        let activity = Activity::of(
            vec![
                read("/api/leads/export", 2, 0, "2026-11-23T10:05:00Z"),
                read("/api/leads", 40, 0, "2026-11-23T10:01:00Z"),
                write(1, "PATCH", "/api/auth/user", 403),
                write(2, "PATCH", "/api/leads/1", 200),
            ],
            true,
        );
        let mail = ended_mail(&record(), &activity, "https://app.example.com");
        assert!(mail.text.contains("for 12 minutes") && mail.text.contains("Reason given: Asked for help"), "{}", mail.text);
        assert!(
            mail.text.contains("Changes made or attempted:\n- Updated account details (refused) (PATCH /api/auth/user)\n- Updated a lead (PATCH /api/leads/1)"),
            "{}",
            mail.text
        );
        assert!(
            mail.text.contains("What was viewed:\n- Viewed the leads (GET /api/leads, 40 times)\n- Downloaded the leads (CSV) (GET /api/leads/export, 2 times)"),
            "{}",
            mail.text
        );
        assert!(mail.text.contains("https://app.example.com/settings?tab=security"));
        assert!(!mail.text.contains("admin@example.com"), "the administrator is RaiseSpark support, not named");
        assert!(!mail.text.contains("More was recorded"));
    }

    #[test]
    fn a_session_that_only_read_changed_nothing_and_lists_what_was_viewed() {
        let activity = Activity::of(vec![read("/api/profiles/me", 1, 0, "2026-11-23T10:01:00Z")], true);
        assert!(activity.changes.is_empty(), "a GET is never a change");
        let mail = ended_mail(&record(), &activity, "https://app.example.com");
        assert!(mail.text.contains("Nothing was changed.\n\nWhat was viewed:\n- Viewed the profile (GET /api/profiles/me, 1 time)"), "{}", mail.text);
        assert!(mail.html.contains("<p>Nothing was changed.</p><p>What was viewed:</p><ul><li>Viewed the profile"), "{}", mail.html);
        let idle = ended_mail(&record(), &Activity::of(Vec::new(), true), "https://app.example.com");
        assert!(idle.text.contains("Nothing was changed.\n\nNothing was viewed."), "{}", idle.text);
    }

    #[test]
    fn the_sign_out_that_ended_a_session_is_not_a_change_and_an_incomplete_listing_says_so() {
        let activity = Activity::of(vec![write(1, "POST", "/api/auth/signout", 0)], false);
        assert!(activity.changes.is_empty());
        let mail = ended_mail(&record(), &activity, "https://app.example.com");
        assert!(mail.text.contains("More was recorded than this e-mail lists"), "{}", mail.text);
    }

    #[test]
    fn writes_read_as_what_they_did() {
        for (method, path, status, expected) in [
            ("POST", "/api/forms", 201, "Created a form"),
            ("PUT", "/api/forms/f1", 200, "Updated a form"),
            ("DELETE", "/api/forms/f1", 200, "Deleted a form"),
            ("POST", "/api/forms/f1/publish", 200, "Published a form"),
            ("POST", "/api/forms/f1/unarchive", 200, "Unarchived a form"),
            ("PATCH", "/api/leads/l1", 200, "Updated a lead"),
            ("DELETE", "/api/leads/l1", 204, "Deleted a lead"),
            ("PATCH", "/api/profiles/me", 200, "Updated the profile"),
            ("PUT", "/api/raise-capital/progress/legal", 200, "Updated a Raise Capital step"),
            ("POST", "/api/auth/signout", 204, "Signed out"),
            ("PATCH", "/api/auth/user", 403, "Updated account details (refused)"),
            ("POST", "/api/forms?x=1", 500, "Created a form (refused)"),
            ("POST", "/api/new-thing/1", 200, "Created new thing"),
            ("OPTIONS", "/api/forms", 200, "Changed a form"),
            ("POST", "/api/check-subscription", 200, "Checked the subscription"),
            ("POST", "/api/create-checkout-session", 403, "Started a checkout (refused)"),
            ("POST", "/api/impersonate-user", 403, "Tried to impersonate another user (refused)"),
            ("POST", "/api/compliance-vault/exports", 201, "Prepared the exhibit pack for download"),
            ("PATCH", "/api/leads/l1", 0, "Updated a lead (outcome not recorded)"),
        ] {
            assert_eq!(describe_write(method, path, status), expected, "{method} {path} {status}");
        }
    }

    #[test]
    fn reads_read_as_views() {
        for (path, count, refused, expected) in [
            ("/api/leads", 3, 0, "Viewed the leads"),
            ("/api/leads/6f1c2d3e-aaaa-bbbb-cccc-0123456789ab", 1, 0, "Viewed a lead"),
            ("/api/leads/export", 1, 0, "Downloaded the leads (CSV)"),
            ("/api/leads/summary", 5, 0, "Viewed the lead figures"),
            ("/api/forms", 2, 0, "Viewed the forms"),
            ("/api/forms/f1", 1, 0, "Viewed a form"),
            ("/api/profiles/me", 1, 0, "Viewed the profile"),
            ("/api/auth/user", 4, 0, "Viewed account details"),
            ("/api/auth/support-sessions", 1, 0, "Viewed the support sessions"),
            ("/api/compliance-vault/records", 1, 0, "Viewed the compliance vault"),
            ("/api/check-subscription", 1, 0, "Checked the subscription"),
            ("/api/check-subscription/plans", 1, 0, "Viewed the subscription"),
            ("/api/generate-insights", 1, 0, "Viewed the insights"),
            ("/api/leads/trends", 1, 0, "Viewed the lead trends"),
            ("/api/compliance-vault/exports", 1, 0, "Downloaded the exhibit pack"),
            ("/api/admin/users", 2, 2, "Tried to view the admin area (refused)"),
            ("/api/leads/export", 1, 1, "Tried to download the leads (CSV) (refused)"),
            ("/api/leads", 3, 1, "Viewed the leads"),
            ("/api/something-new", 1, 0, "Viewed something new"),
        ] {
            assert_eq!(describe_read(path, count, refused), expected, "{path}");
        }
    }

    #[test]
    fn views_are_listed_in_the_order_they_were_first_made() {
        let activity = Activity::of(vec![read("/api/b", 1, 0, "2026-11-23T10:05:00Z"), read("/api/a", 1, 0, "2026-11-23T10:07:00Z"), read("/api/c", 1, 0, "2026-11-23T10:01:00Z")], true);
        assert_eq!(activity.views.iter().map(|v| v.path.as_str()).collect::<Vec<_>>(), ["/api/c", "/api/b", "/api/a"]);
    }

    #[test]
    fn only_safe_methods_are_not_writes() {
        assert!(!is_write(&Method::GET) && !is_write(&Method::HEAD) && !is_write(&Method::OPTIONS));
        assert!(is_write(&Method::POST) && is_write(&Method::PUT) && is_write(&Method::PATCH) && is_write(&Method::DELETE));
    }
}
