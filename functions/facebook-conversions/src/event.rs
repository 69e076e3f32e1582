//! The conversion a browser reports: which events are accepted, and the event as the
//! Conversions API receives it. The caller's identity comes from the token; only the browser's
//! cookie ids (`fbp`, `fbc`) come from the body.

use serde::Deserialize;
use serde_json::{Value, json};
use shared::{ApiError, Result, crypto::sha256_hex, payments::conversions::hash_email};

use crate::PURCHASE_REFUSED;

/// The events a browser may report. Purchase is not one of them (see the crate's comment).
const EVENTS: &[&str] = &["InitiateCheckout", "Lead", "CompleteRegistration", "StartTrial", "Subscribe", "PageView"];

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct UserData {
    fbp: Option<String>,
    fbc: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct CustomData {
    value: Option<f64>,
    currency: Option<String>,
    content_name: Option<String>,
    content_ids: Option<Vec<String>>,
    content_type: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Track {
    pub event: String,
    /// Read leniently: anything but the cookie ids is ignored.
    #[serde(default)]
    user_data: Option<Value>,
    #[serde(default)]
    custom_data: Option<CustomData>,
    #[serde(default)]
    event_source_url: Option<String>,
}

/// Purchase is refused (a browser-reported purchase is forgeable), as is any event not listed.
pub(crate) fn check_event(event: &str) -> Result<()> {
    if event == "Purchase" {
        return Err(ApiError::bad_request("purchase_not_accepted", PURCHASE_REFUSED));
    }
    if !EVENTS.contains(&event) {
        return Err(ApiError::bad_request("invalid_event", format!("event must be one of {}.", EVENTS.join(", "))));
    }
    Ok(())
}

/// Who reports the event, as the server knows them.
pub(crate) struct Caller<'a> {
    pub email: &'a str,
    pub user_id: &'a str,
    pub ip: String,
    pub user_agent: Option<&'a str>,
}

/// The event in the Conversions API's shape: e-mail and user id hashed, only the custom data
/// given, and the source page only if it is a web address.
pub(crate) fn conversion_event(track: Track, caller: Caller, event_time: i64) -> Value {
    let mut event = json!({
        "event_name": track.event,
        "event_time": event_time,
        "action_source": "website",
        "user_data": user_data(caller, track.user_data),
        "custom_data": custom_data(track.custom_data.unwrap_or_default()),
    });
    if let Some(url) = track.event_source_url.filter(|url| url.starts_with("https://") || url.starts_with("http://")) {
        event["event_source_url"] = json!(url);
    }
    event
}

fn user_data(caller: Caller, from_browser: Option<Value>) -> Value {
    let browser: UserData = from_browser.and_then(|value| serde_json::from_value(value).ok()).unwrap_or_default();
    let mut user_data = json!({
        "em": [hash_email(caller.email)],
        "external_id": [sha256_hex(caller.user_id)],
        "client_ip_address": caller.ip,
    });
    if let Some(agent) = caller.user_agent {
        user_data["client_user_agent"] = json!(agent);
    }
    if let Some(fbp) = browser.fbp.filter(|v| !v.is_empty()) {
        user_data["fbp"] = json!(fbp);
    }
    if let Some(fbc) = browser.fbc.filter(|v| !v.is_empty()) {
        user_data["fbc"] = json!(fbc);
    }
    user_data
}

fn custom_data(custom: CustomData) -> Value {
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
    custom_data
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caller(user_agent: Option<&str>) -> Caller<'_> {
        Caller { email: " Ada@Example.com", user_id: "u-1", ip: "203.0.113.9".into(), user_agent }
    }

    fn track(body: Value) -> Track {
        serde_json::from_value(body).unwrap()
    }

    #[test]
    fn a_purchase_and_unknown_events_are_refused_from_the_browser() {
        let purchase = check_event("Purchase").unwrap_err();
        assert_eq!((purchase.code.as_ref(), purchase.message.as_ref()), ("purchase_not_accepted", PURCHASE_REFUSED));
        let unknown = check_event("lead").unwrap_err();
        assert_eq!(unknown.code, "invalid_event");
        assert_eq!(unknown.message, "event must be one of InitiateCheckout, Lead, CompleteRegistration, StartTrial, Subscribe, PageView.");
        for event in EVENTS {
            assert!(check_event(event).is_ok(), "{event}");
        }
    }

    #[test]
    fn the_identity_comes_from_the_caller_and_only_the_cookie_ids_from_the_body() {
        let body = json!({"event": "Lead", "userData": {"email": "other@example.com", "external_id": "x", "fbp": "fb.1.2.3", "fbc": ""}});
        let event = conversion_event(track(body), caller(Some("Test/1.0")), 1_764_000_000);
        assert_eq!(
            event,
            json!({
                "event_name": "Lead",
                "event_time": 1_764_000_000,
                "action_source": "website",
                "user_data": {
                    "em": [sha256_hex("ada@example.com")],
                    "external_id": [sha256_hex("u-1")],
                    "client_ip_address": "203.0.113.9",
                    "client_user_agent": "Test/1.0",
                    "fbp": "fb.1.2.3",
                },
                "custom_data": {},
            })
        );
        let unreadable = conversion_event(track(json!({"event": "Lead", "userData": "not an object"})), caller(None), 1);
        assert_eq!(unreadable["user_data"].as_object().unwrap().keys().collect::<Vec<_>>(), ["em", "external_id", "client_ip_address"]);
    }

    #[test]
    fn only_the_custom_data_given_is_sent_and_the_source_only_if_it_is_a_web_address() {
        let body = json!({"event": "InitiateCheckout", "customData": {"value": 49.0, "currency": "USD", "contentIds": ["pro"]}, "eventSourceUrl": "https://raisespark.com/pricing"});
        let event = conversion_event(track(body), caller(None), 1);
        assert_eq!(event["custom_data"], json!({"value": 49.0, "currency": "USD", "content_ids": ["pro"]}));
        assert_eq!(event["event_source_url"], "https://raisespark.com/pricing");
        let script = conversion_event(track(json!({"event": "PageView", "eventSourceUrl": "javascript:alert(1)"})), caller(None), 1);
        assert!(script.get("event_source_url").is_none());
    }
}
