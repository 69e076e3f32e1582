//! `facebook-conversions` (spec 7): body `{event, userData, customData}` → one Meta
//! Conversions API event. The e-mail is normalised and SHA-256 hashed, as is the external id.
//! Failures answer `{success:false}` and are only logged; with no pixel configured nothing is
//! sent and the answer says so.
//!
//! Purchase is refused here (400): anyone can call this route, so a browser-reported purchase
//! is forgeable. `stripe-webhook` sends it from the verified paid invoice instead.
//!
//! - `POST /api/facebook-conversions`

pub mod config;

use axum::{Json, Router, extract::State, routing::post};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    crypto::sha256_hex,
    http::{ClientIp, JsonBody},
    payments::conversions::{Sent, send_event},
};

pub use shared::payments::conversions::{GRAPH_API_VERSION, hash_email};

/// The events a browser may report. Purchase is not one of them (see the module comment).
const EVENTS: &[&str] = &["InitiateCheckout", "Lead", "CompleteRegistration", "StartTrial", "Subscribe", "PageView"];
pub const PURCHASE_REFUSED: &str = "Purchase is recorded by the server once the payment is confirmed; it cannot be sent from the browser.";

pub fn router(state: AppState) -> Router {
    let router = Router::new().route("/", post(track)).with_state(state.clone());
    shared::http::audit::audited("facebook-conversions", router, &state)
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

#[tracing::instrument(skip(state, body, ip, headers))]
async fn track(
    State(state): State<AppState>,
    user: AuthUser,
    ip: ClientIp,
    headers: axum::http::HeaderMap,
    JsonBody(body): JsonBody<Track, 8192>,
) -> Result<Json<Value>> {
    if body.event == "Purchase" {
        return Err(ApiError::bad_request("purchase_not_accepted", PURCHASE_REFUSED));
    }
    if !EVENTS.contains(&body.event.as_str()) {
        return Err(ApiError::bad_request("invalid_event", format!("event must be one of {}.", EVENTS.join(", "))));
    }
    if state.config.meta.is_none() {
        tracing::info!(event = %body.event, "conversion skipped: Meta pixel not configured");
        return Ok(Json(json!({ "success": false, "reason": "not configured" })));
    }
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
    match send_event(&state.http, state.config.meta.as_ref(), event).await {
        Sent::Accepted { events_received } => Ok(Json(json!({ "success": true, "eventsReceived": events_received }))),
        Sent::NotConfigured => Ok(Json(json!({ "success": false, "reason": "not configured" }))),
        Sent::Failed => Ok(Json(json!({ "success": false }))),
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
