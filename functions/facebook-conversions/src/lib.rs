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
mod event;

use axum::{Json, Router, extract::State, routing::post};
use serde_json::{Value, json};
use shared::{
    AppState, Result,
    auth::AuthUser,
    http::{ClientIp, JsonBody},
    payments::conversions::{Sent, send_event},
};

use crate::event::{Caller, Track, check_event, conversion_event};

pub use shared::payments::conversions::{GRAPH_API_VERSION, hash_email};

pub const PURCHASE_REFUSED: &str = "Purchase is recorded by the server once the payment is confirmed; it cannot be sent from the browser.";

pub fn router(state: AppState) -> Router {
    let router = Router::new().route("/", post(track)).with_state(state.clone());
    shared::http::audit::audited("facebook-conversions", router, &state)
}

#[tracing::instrument(skip(state, body, ip, headers))]
async fn track(
    State(state): State<AppState>,
    user: AuthUser,
    ip: ClientIp,
    headers: axum::http::HeaderMap,
    JsonBody(body): JsonBody<Track, 8192>,
) -> Result<Json<Value>> {
    check_event(&body.event)?;
    if state.config.meta.is_none() {
        tracing::info!(event = %body.event, "conversion skipped: Meta pixel not configured");
        return Ok(Json(json!({ "success": false, "reason": "not configured" })));
    }
    let user_agent = headers.get("user-agent").and_then(|value| value.to_str().ok());
    let caller = Caller { email: &user.email, user_id: &user.id, ip: ip.0, user_agent };
    let event = conversion_event(body, caller, shared::time::unix(shared::time::now()));
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
