//! Local-only pages under `/dev`: never part of the AWS deployment.
//!
//! - `/dev`              the local stack: DynamoDB Local and its tables
//! - `/dev/mail`         every e-mail the product sent, newest first; `/dev/mail/{id}` one message
//! - `/dev/mail.json`    the same as JSON (with each message's links), for tests
//! - `POST /dev/lead-digests/send`  sends every founder's lead digest now, as the scheduled
//!   sender would once its hour or day is over (so the digest can be read without waiting);
//!   it first waits for the leads already taken in to be filed into their digests

use axum::{
    Json, Router,
    extract::{Path, State},
    http::StatusCode,
    response::{Html, IntoResponse, Response},
    routing::get,
};
use serde_json::json;
use shared::{AppState, mail::{StoredEmail, escape_html as escape}};

use crate::Settings;

#[derive(Clone)]
struct DevState {
    app: AppState,
    dynamodb_endpoint: String,
    table_prefix: String,
}

pub fn router(app: AppState, settings: &Settings) -> Router {
    let state = DevState {
        app,
        dynamodb_endpoint: settings.dynamodb_endpoint.clone(),
        table_prefix: settings.table_prefix.clone(),
    };
    Router::new()
        .route("/dev", get(index))
        .route("/dev/tables.json", get(tables_json))
        .route("/dev/mail", get(mail_list))
        .route("/dev/lead-digests/send", axum::routing::post(send_lead_digests))
        .route("/dev/mail.json", get(mail_json))
        .route("/dev/mail/{id}", get(mail_message))
        .route("/dev/mail/{id}/html", get(mail_html))
        .route("/dev/mail/{id}/events/{kind}", axum::routing::post(simulate_event))
        .with_state(state)
}

const STYLE: &str = "body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:32px auto;padding:0 16px;color:#1f2937}\
h1{font-size:22px;margin:0 0 4px}a{color:#4f46e5}table{border-collapse:collapse;width:100%;margin-top:16px}\
td,th{text-align:left;padding:8px;border-bottom:1px solid #e5e7eb;vertical-align:top}th{font-size:13px;color:#6b7280}\
code{background:#f3f4f6;padding:1px 5px;border-radius:4px}nav{margin-bottom:24px;display:flex;gap:16px}\
.muted{color:#6b7280;font-size:13px}iframe{width:100%;height:640px;border:1px solid #e5e7eb;border-radius:8px}\
pre{white-space:pre-wrap;background:#f9fafb;border:1px solid #e5e7eb;border-radius:8px;padding:12px}";

fn page(title: &str, body: &str) -> Html<String> {
    Html(format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{} | RaiseSpark local</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{STYLE}</style></head><body>
<nav><a href="/">App</a><a href="/dev">Local stack</a><a href="/dev/mail">Mail</a></nav>{body}</body></html>"#,
        escape(title)
    ))
}

async fn table_rows(state: &DevState) -> Vec<(String, i64)> {
    let mut rows = Vec::new();
    let Ok(list) = state.app.dynamo.list_tables().send().await else { return rows };
    for name in list.table_names.unwrap_or_default() {
        if !name.starts_with(&state.table_prefix) {
            continue;
        }
        let count = state
            .app
            .dynamo
            .describe_table()
            .table_name(&name)
            .send()
            .await
            .ok()
            .and_then(|out| out.table)
            .and_then(|table| table.item_count)
            .unwrap_or_default();
        rows.push((name, count));
    }
    rows
}

async fn tables_json(State(state): State<DevState>) -> impl IntoResponse {
    let tables: Vec<_> =
        table_rows(&state).await.into_iter().map(|(name, items)| json!({"name": name, "items": items})).collect();
    Json(json!({"dynamodb_endpoint": state.dynamodb_endpoint, "tables": tables}))
}

async fn index(State(state): State<DevState>) -> Html<String> {
    let rows: String = table_rows(&state)
        .await
        .into_iter()
        .map(|(name, items)| format!("<tr><td>{}</td><td>{items}</td></tr>", escape(&name)))
        .collect();
    page(
        "Local stack",
        &format!(
            "<h1>RaiseSpark local stack</h1><p>DynamoDB Local at <code>{}</code>, tables created from <code>template.yaml</code>. \
             E-mail goes to the <a href=\"/dev/mail\">local outbox</a>.</p>\
             <table><thead><tr><th>Table</th><th>Items (approx.)</th></tr></thead><tbody>{rows}</tbody></table>\
             <p class=\"muted\">JSON: <a href=\"/dev/tables.json\">/dev/tables.json</a></p>",
            escape(&state.dynamodb_endpoint)
        ),
    )
}

fn outbox(state: &DevState) -> Vec<StoredEmail> {
    state.app.mailer.outbox().map(|outbox| outbox.messages()).unwrap_or_default()
}

async fn mail_list(State(state): State<DevState>) -> Html<String> {
    let messages = outbox(&state);
    let rows: String = messages
        .iter()
        .map(|m| {
            format!(
                "<tr><td class=\"muted\">{}</td><td>{}</td><td><a href=\"/dev/mail/{}\">{}</a></td></tr>",
                escape(&m.sent_at),
                escape(&m.email.to),
                escape(&m.id),
                escape(&m.email.subject)
            )
        })
        .collect();
    let body = if messages.is_empty() {
        "<p>No mail yet. Messages the product sends (confirmations, notifications) appear here.</p>".to_owned()
    } else {
        format!("<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>{rows}</tbody></table>")
    };
    page(
        "Mail",
        &format!(
            "<h1>Local outbox</h1><p class=\"muted\">{} message(s), newest first. JSON: <a href=\"/dev/mail.json\">/dev/mail.json</a></p>{body}",
            messages.len()
        ),
    )
}

async fn mail_json(State(state): State<DevState>) -> impl IntoResponse {
    let messages: Vec<_> = outbox(&state)
        .into_iter()
        .map(|m| {
            let links = m.links();
            json!({"id": m.id, "sent_at": m.sent_at, "from": m.from, "to": m.email.to, "subject": m.email.subject,
                   "text": m.email.text, "html": m.email.html, "links": links, "reply_to": m.reply_to, "headers": m.headers})
        })
        .collect();
    Json(json!({ "messages": messages }))
}

fn find(state: &DevState, id: &str) -> Option<StoredEmail> {
    state.app.mailer.outbox()?.find(id)
}

async fn mail_message(State(state): State<DevState>, Path(id): Path<String>) -> Response {
    let Some(m) = find(&state, &id) else {
        return (StatusCode::NOT_FOUND, page("Not found", "<h1>No such message</h1>")).into_response();
    };
    let links: String =
        m.links().iter().map(|l| format!("<li><a href=\"{0}\">{0}</a></li>", escape(l))).collect();
    // A campaign message: its own headers, and SES's events for it, posted through the same
    // `ses-events` code SNS delivers them to in AWS.
    let campaign = if m.headers.is_empty() {
        String::new()
    } else {
        let headers: String = m.headers.iter().map(|(name, value)| format!("<tr><th>{}</th><td><code>{}</code></td></tr>", escape(name), escape(value))).collect();
        let buttons: String = [("delivery", "Simulate delivery"), ("bounce", "Simulate bounce"), ("complaint", "Simulate complaint"), ("open", "Simulate open"), ("click", "Simulate click")]
            .iter()
            .map(|(kind, label)| format!("<form method=\"post\" action=\"/dev/mail/{}/events/{kind}\" style=\"display:inline\"><button type=\"submit\">{label}</button></form> ", escape(&m.id)))
            .collect();
        format!(
            "<h2>Headers</h2><table><tr><th>Reply-To</th><td>{}</td></tr>{headers}</table><h2>SES events</h2><p>{buttons}</p>",
            escape(m.reply_to.as_deref().unwrap_or_default())
        )
    };
    page(
        &m.email.subject,
        &format!(
            "<h1>{}</h1><p class=\"muted\">From {} to {} · {}</p>{campaign}<h2>Links</h2><ul>{links}</ul>\
             <h2>HTML</h2><iframe title=\"Message\" src=\"/dev/mail/{}/html\"></iframe><h2>Plain text</h2><pre>{}</pre>",
            escape(&m.email.subject),
            escape(&m.from),
            escape(&m.email.to),
            escape(&m.sent_at),
            escape(&m.id),
            escape(&m.email.text)
        ),
    )
    .into_response()
}

async fn mail_html(State(state): State<DevState>, Path(id): Path<String>) -> Response {
    match find(&state, &id) {
        Some(m) => Html(m.email.html).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// `/dev/mail/{id}` buttons: an SES-shaped event for the message (its outbox id is its SES
/// message id), applied by `ses_events::apply`, the code SNS notifications reach in AWS.
/// The scheduled digests' sender, run now for every period that has begun (the same code,
/// told the periods are over), once the leads already taken in have been counted and filed
/// into their digests (the local stream drains after the lead's answer).
async fn send_lead_digests(State(state): State<DevState>) -> Response {
    // Bounded: other users' work keeps a shared gateway busy.
    let _ = tokio::time::timeout(std::time::Duration::from_secs(5), state.app.background.idle()).await;
    let through = shared::time::iso(state.app.clock.now() + time::Duration::days(2));
    match shared::services::lead_mail::send_digests_due_by(&state.app, &through).await {
        Ok(sent) => Json(json!({ "sent": sent })).into_response(),
        Err(err) => err.into_response(),
    }
}

async fn simulate_event(State(state): State<DevState>, Path((id, kind)): Path<(String, String)>) -> Response {
    let event_type = match kind.as_str() {
        "delivery" => "Delivery",
        "bounce" => "Bounce",
        "complaint" => "Complaint",
        "open" => "Open",
        "click" => "Click",
        _ => return (StatusCode::NOT_FOUND, page("Not found", "<h1>No such event</h1>")).into_response(),
    };
    let Some(message) = find(&state, &id) else {
        return (StatusCode::NOT_FOUND, page("Not found", "<h1>No such message</h1>")).into_response();
    };
    let event: ses_events::SesEvent = match serde_json::from_value(json!({
        "eventType": event_type,
        "mail": {"messageId": message.id, "destination": [message.email.to]},
        "bounce": {"bounceType": "Permanent"},
    })) {
        Ok(event) => event,
        Err(err) => return (StatusCode::INTERNAL_SERVER_ERROR, page("Error", &format!("<p>{}</p>", escape(&err.to_string())))).into_response(),
    };
    match ses_events::apply(&state.app, &event).await {
        Ok(applied) => page(
            "SES event",
            &format!(
                "<h1>{event_type}</h1><p>{}</p><p><a href=\"/dev/mail/{}\">Back to the message</a></p>",
                match applied {
                    Some(figure) => format!("Recorded: the campaign's {figure} figure counts this recipient."),
                    None => "Nothing new to record (not a campaign message, already recorded, or not tracked).".to_owned(),
                },
                escape(&id)
            ),
        )
        .into_response(),
        Err(err) => (StatusCode::INTERNAL_SERVER_ERROR, page("Error", &format!("<p>{}</p>", escape(&err.to_string())))).into_response(),
    }
}
