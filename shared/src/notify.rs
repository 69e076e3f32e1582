//! Event notifications (spec 7, `send-event-notification`): each event is recorded in the
//! `notifications` table and, for the events that have one, answered with a transactional
//! e-mail. A failure is logged and never surfaced to the user.

use serde_json::{Map, Value};

use crate::{
    AppState,
    mail::{Email, templates},
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
    Ok(state.notifications().record(user_email, event_name, data_fields, &now).await?)
}

fn field<'a>(data: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    data.get(key).and_then(Value::as_str)
}

fn email_for(state: &AppState, event_name: &str, to: &str, data: &Map<String, Value>) -> Option<Email> {
    let origin = &state.config.app_origin;
    match event_name {
        ACCOUNT_CREATED => Some(templates::welcome(to, field(data, "name"), origin)),
        TRIAL_STARTED => Some(templates::trial_started(to, field(data, "trialLength").unwrap_or("7 days"), origin)),
        _ => None,
    }
}
