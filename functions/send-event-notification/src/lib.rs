//! `send-event-notification` (spec 7): body `{eventName, userEmail, dataFields}`. The event is
//! recorded and its transactional e-mail (welcome, trial started) sent; delivery failures are
//! logged, never surfaced. A signed-in user may only notify about their own address.
//!
//! - `POST /api/send-event-notification`

pub mod config;

use axum::{Json, Router, extract::State, http::StatusCode, routing::post};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use shared::{ApiError, AppState, Result, auth::AuthUser, http::JsonBody, notify::send_event_notification};

pub fn router(state: AppState) -> Router {
    let router = Router::new().route("/", post(notify)).with_state(state.clone());
    shared::http::audit::audited("send-event-notification", router, &state)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Notification {
    event_name: String,
    user_email: String,
    #[serde(default)]
    data_fields: Map<String, Value>,
}

/// DynamoDB keeps `dataFields` as a map, whose attribute names may not be empty at any depth.
fn has_empty_key(value: &Value) -> bool {
    match value {
        Value::Object(map) => map.iter().any(|(key, value)| key.is_empty() || has_empty_key(value)),
        Value::Array(items) => items.iter().any(has_empty_key),
        _ => false,
    }
}

fn valid_event_name(name: &str) -> bool {
    (1..=64).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

#[tracing::instrument(skip(state, body))]
async fn notify(
    State(state): State<AppState>,
    user: AuthUser,
    JsonBody(body): JsonBody<Notification, 8192>,
) -> Result<(StatusCode, Json<Value>)> {
    if !valid_event_name(&body.event_name) {
        return Err(ApiError::bad_request("invalid_event", "eventName must be 1 to 64 lowercase letters, digits or underscores."));
    }
    if body.data_fields.iter().any(|(key, value)| key.is_empty() || has_empty_key(value)) {
        return Err(ApiError::bad_request("invalid_data_fields", "dataFields keys must not be empty."));
    }
    if !body.user_email.trim().eq_ignore_ascii_case(&user.email) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "forbidden", "You can only send notifications about your own account."));
    }
    send_event_notification(&state, &body.event_name, &user.email, &body.data_fields).await;
    Ok((StatusCode::ACCEPTED, Json(json!({ "success": true }))))
}

#[cfg(test)]
mod tests {
    #[test]
    fn empty_keys_are_found_at_any_depth() {
        assert!(super::has_empty_key(&serde_json::json!({"a": [{"": 1}]})));
        assert!(!super::has_empty_key(&serde_json::json!({"a": [{"b": 1}], "c": "d"})));
    }

    #[test]
    fn event_names_are_snake_case_words() {
        assert!(super::valid_event_name("trial_started"));
        assert!(!super::valid_event_name("Trial Started"));
        assert!(!super::valid_event_name(""));
    }
}
