//! `facebook-conversions` (spec 7): body `{event, userData, customData}` → one Meta
//! Conversions API event. The e-mail is normalised and SHA-256 hashed, as is the external id.
//! Failures answer `{success:false}` and are only logged; with no pixel configured nothing is
//! sent and the answer says so.
//!
//! - `POST /api/facebook-conversions`

use axum::{Json, Router, extract::State, routing::post};
use secrecy::ExposeSecret;
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{ApiError, AppState, Result, auth::AuthUser, crypto::sha256_hex, http::{ClientIp, JsonBody}};

pub const GRAPH_API_VERSION: &str = "v21.0";
const EVENTS: &[&str] = &["Purchase", "InitiateCheckout", "Lead", "CompleteRegistration", "StartTrial", "Subscribe", "PageView"];

pub fn router(state: AppState) -> Router {
    Router::new().route("/", post(track)).with_state(state)
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct UserData {
    fbp: Option<String>,
    fbc: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CustomData {
    value: Option<f64>,
    currency: Option<String>,
    content_name: Option<String>,
    content_ids: Option<Vec<String>>,
    content_type: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Track {
    event: String,
    #[serde(default)]
    user_data: Option<Value>,
    #[serde(default)]
    custom_data: Option<CustomData>,
    #[serde(default)]
    event_source_url: Option<String>,
}

/// Meta's rule: trim and lower-case the e-mail before hashing.
pub fn hash_email(email: &str) -> String {
    sha256_hex(&email.trim().to_lowercase())
}

#[tracing::instrument(skip(state, body, ip, headers))]
async fn track(
    State(state): State<AppState>,
    user: AuthUser,
    ip: ClientIp,
    headers: axum::http::HeaderMap,
    JsonBody(body): JsonBody<Track, 8192>,
) -> Result<Json<Value>> {
    if !EVENTS.contains(&body.event.as_str()) {
        return Err(ApiError::bad_request("invalid_event", format!("event must be one of {}.", EVENTS.join(", "))));
    }
    let Some(meta) = &state.config.meta else {
        tracing::info!(event = %body.event, "conversion skipped: Meta pixel not configured");
        return Ok(Json(json!({ "success": false, "reason": "not configured" })));
    };
    // The caller's identity comes from the token; only the browser cookie ids come from the body.
    let browser: UserData = body.user_data.and_then(|value| serde_json::from_value(value).ok()).unwrap_or_default();
    let custom = body.custom_data.unwrap_or_default();
    let mut user_data = json!({
        "em": [hash_email(&user.email)],
        "external_id": [sha256_hex(&user.id)],
        "client_ip_address": ip.0,
    });
    if let Some(agent) = headers.get("user-agent").and_then(|value| value.to_str().ok()) {
        user_data["client_user_agent"] = json!(agent);
    }
    if let Some(fbp) = browser.fbp.filter(|v| !v.is_empty()) {
        user_data["fbp"] = json!(fbp);
    }
    if let Some(fbc) = browser.fbc.filter(|v| !v.is_empty()) {
        user_data["fbc"] = json!(fbc);
    }
    let mut custom_data = json!({});
    if let Some(value) = custom.value {
        custom_data["value"] = json!(value);
    }
    if let Some(currency) = custom.currency {
        custom_data["currency"] = json!(currency);
    }
    if let Some(name) = custom.content_name {
        custom_data["content_name"] = json!(name);
    }
    if let Some(ids) = custom.content_ids {
        custom_data["content_ids"] = json!(ids);
    }
    if let Some(kind) = custom.content_type {
        custom_data["content_type"] = json!(kind);
    }
    let mut event = json!({
        "event_name": body.event,
        "event_time": shared::time::unix(shared::time::now()),
        "action_source": "website",
        "user_data": user_data,
        "custom_data": custom_data,
    });
    if let Some(url) = body.event_source_url.filter(|url| url.starts_with("https://") || url.starts_with("http://")) {
        event["event_source_url"] = json!(url);
    }
    let url = format!("{}/{GRAPH_API_VERSION}/{}/events", meta.api_base.trim_end_matches('/'), meta.pixel_id);
    let sent = state
        .http
        .post(url)
        .query(&[("access_token", meta.access_token.expose_secret())])
        .json(&json!({ "data": [event] }))
        .send()
        .await;
    match sent {
        Ok(response) if response.status().is_success() => {
            let body: Value = response.json().await.unwrap_or_default();
            Ok(Json(json!({ "success": true, "eventsReceived": body["events_received"] })))
        }
        Ok(response) => {
            tracing::warn!(status = %response.status(), "Meta rejected the conversion");
            Ok(Json(json!({ "success": false })))
        }
        Err(err) => {
            tracing::warn!(error = %err, "Meta conversion not sent");
            Ok(Json(json!({ "success": false })))
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn emails_are_normalised_before_hashing() {
        assert_eq!(super::hash_email("  Ada@Example.COM "), super::hash_email("ada@example.com"));
        assert_eq!(super::hash_email("ada@example.com"), shared::crypto::sha256_hex("ada@example.com"));
    }
}
