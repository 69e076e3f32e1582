//! Event notifications (spec 7, `send-event-notification`): each event is recorded in the
//! `notifications` table and, for the events that have one, answered with a transactional
//! e-mail. A failure is logged and never surfaced to the user.

use serde_json::{Map, Value};

use crate::{
    AppState,
    mail::{Email, button, escape_html, layout},
};

pub const ACCOUNT_CREATED: &str = "account_created";
pub const TRIAL_STARTED: &str = "trial_started";

/// Records the event and sends its e-mail. Never fails: problems are logged.
#[tracing::instrument(skip(state, data_fields))]
pub async fn send_event_notification(state: &AppState, event_name: &str, user_email: &str, data_fields: &Map<String, Value>) {
    if let Err(err) = record(state, event_name, user_email, data_fields).await {
        tracing::warn!(error = %err, event_name, "could not record the notification event");
    }
    let Some(email) = email_for(state, event_name, user_email, data_fields) else { return };
    if let Err(err) = state.mailer.send(&email).await {
        tracing::warn!(error = format!("{err:#}"), event_name, "could not send the notification e-mail");
    }
}

async fn record(state: &AppState, event_name: &str, user_email: &str, data_fields: &Map<String, Value>) -> crate::Result<()> {
    let now = crate::time::now_iso();
    crate::repo::notifications::record(&state.dynamo, &state.config.tables.notifications, user_email, event_name, data_fields, &now).await
}

fn field<'a>(data: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    data.get(key).and_then(Value::as_str)
}

fn email_for(state: &AppState, event_name: &str, to: &str, data: &Map<String, Value>) -> Option<Email> {
    let origin = &state.config.app_origin;
    match event_name {
        ACCOUNT_CREATED => {
            let greeting = field(data, "name").map_or("Welcome to RaiseSpark!".to_owned(), |name| format!("Welcome to RaiseSpark, {name}!"));
            let dashboard = format!("{origin}/dashboard");
            Some(Email {
                to: to.to_owned(),
                subject: "Welcome to RaiseSpark".to_owned(),
                html: layout(
                    "Welcome to RaiseSpark",
                    &format!(
                        "<h1 style=\"font-size:20px;margin:0 0 12px\">{}</h1>\
                         <p>Your account is ready. Build your first testing-the-waters form, embed it on your site, \
                         and every indication of interest lands in your dashboard, scored hot, warm or cold.</p>{}",
                        escape_html(&greeting),
                        button(&dashboard, "Open your dashboard"),
                    ),
                ),
                text: format!(
                    "{greeting}\n\nYour account is ready. Build your first testing-the-waters form, embed it on your site, \
                     and every indication of interest lands in your dashboard.\n\nOpen your dashboard: {dashboard}\n"
                ),
            })
        }
        TRIAL_STARTED => {
            let length = field(data, "trialLength").unwrap_or("7 days");
            let forms = format!("{origin}/forms?create=true");
            Some(Email {
                to: to.to_owned(),
                subject: format!("Your {length} RaiseSpark trial has started"),
                html: layout(
                    "Your trial has started",
                    &format!(
                        "<h1 style=\"font-size:20px;margin:0 0 12px\">Your {length} free trial has started</h1>\
                         <p>Every feature is unlocked. A good first step: create an investor form and put it on your website.</p>{}",
                        button(&forms, "Create an investor form"),
                        length = escape_html(length),
                    ),
                ),
                text: format!(
                    "Your {length} free trial has started.\n\nEvery feature is unlocked. A good first step: create an investor \
                     form and put it on your website: {forms}\n"
                ),
            })
        }
        _ => None,
    }
}
