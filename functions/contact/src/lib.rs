//! `contact`: the /contact-us form. Anyone may write; each message is stored and e-mailed to
//! the support address. A honeypot field and a per-IP limit keep bots out.
//!
//! - `GET  /api/contact` — `{topics}`
//! - `POST /api/contact` — `{name, email, topic, message, website}` → 201 `{received: true}`

pub mod config;

use axum::{Json, Router, extract::State, http::StatusCode, routing::get};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    crypto::sha256_hex,
    http::{ClientIp, JsonBody},
    leads::is_email,
    mail::templates::{self, SupportMessage},
    rate_limit::{self, Rule},
    repo::contact_messages::StoredMessage,
};

pub const TOPICS: &[&str] = &["General question", "Sales and pricing", "Product support", "Billing", "Partnerships", "Press"];
/// Messages from one IP: 5 an hour.
pub const MESSAGES_PER_IP: Rule = Rule::new("contact-ip", 3600, 5);
pub const RATE_LIMITED: &str = "You have sent several messages already. Please wait an hour, or write to us by e-mail.";
const MAX_MESSAGE: usize = 5000;

pub fn router(state: AppState) -> Router {
    let router = Router::new().route("/", get(topics).post(send)).with_state(state.clone());
    shared::http::audit::audited("contact", router, &state)
}

async fn topics() -> Json<Value> {
    Json(json!({ "topics": TOPICS }))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Message {
    name: String,
    email: String,
    topic: String,
    message: String,
    /// The honeypot: people never see it, bots fill it.
    #[serde(default)]
    website: Option<String>,
}

/// A checked message: trimmed, within limits, a known topic.
#[derive(Debug, PartialEq)]
pub struct ContactMessage {
    pub name: String,
    pub email: String,
    pub topic: &'static str,
    pub message: String,
}

impl ContactMessage {
    pub fn parse(name: &str, email: &str, topic: &str, message: &str) -> Result<Self> {
        let bad = |field: &str, text: &str| ApiError::bad_request(format!("invalid_{field}"), text.to_owned());
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
            return Err(bad("name", "Please enter your name (up to 100 characters)."));
        }
        let email = email.trim().to_lowercase();
        if !is_email(&email) {
            return Err(bad("email", "Please enter a valid e-mail address so we can reply."));
        }
        let topic = TOPICS.iter().find(|t| **t == topic.trim()).ok_or_else(|| bad("topic", "Please choose a topic."))?;
        let message = message.trim();
        if message.chars().count() < 10 {
            return Err(bad("message", "Please write a message of at least 10 characters."));
        }
        if message.chars().count() > MAX_MESSAGE {
            return Err(bad("message", "Please keep your message under 5,000 characters."));
        }
        Ok(Self { name: name.to_owned(), email, topic, message: message.to_owned() })
    }
}

/// Which network wrote, without keeping the address: a salted digest, 32 hex characters.
fn network_of(ip: &str) -> String {
    sha256_hex(&format!("contact|{ip}"))[..32].to_owned()
}

/// Stores the message, then mails it to support. Stored first: a mail failure loses nothing
/// (it is only logged), and support can read the table.
async fn keep_and_forward(state: &AppState, message: &ContactMessage, ip: &str, user_id: Option<&str>) -> Result<()> {
    let id = uuid::Uuid::new_v4().to_string();
    let created_at = shared::time::now_iso();
    let ip_hash = network_of(ip);
    let stored = StoredMessage {
        id: &id,
        name: &message.name,
        email: &message.email,
        topic: message.topic,
        message: &message.message,
        created_at: &created_at,
        ip_hash: &ip_hash,
        user_id,
    };
    state.contact_messages().put(&stored).await?;
    let mail = SupportMessage { topic: message.topic, name: &message.name, email: &message.email, message: &message.message, id: &id, user_id };
    if let Err(err) = state.mailer.send(&templates::contact_message(&state.config.support_email, &mail)).await {
        tracing::error!(message_id = %id, error = %err, "contact message stored but not mailed");
    }
    Ok(())
}

#[tracing::instrument(skip(state, body, ip, user))]
async fn send(State(state): State<AppState>, ip: ClientIp, user: Option<AuthUser>, JsonBody(body): JsonBody<Message, 16384>) -> Result<(StatusCode, Json<Value>)> {
    let message = ContactMessage::parse(&body.name, &body.email, &body.topic, &body.message)?;
    if rate_limit::reserve(state.rate_limits(), &MESSAGES_PER_IP, &ip.0).await?.is_none() {
        return Err(ApiError { retry_after: Some(3600), ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", RATE_LIMITED) });
    }
    if body.website.as_deref().is_some_and(|v| !v.trim().is_empty()) {
        tracing::info!("contact honeypot filled: not stored");
        return Ok((StatusCode::CREATED, Json(json!({ "received": true }))));
    }
    keep_and_forward(&state, &message, &ip.0, user.as_ref().map(|u| u.id.as_str())).await?;
    Ok((StatusCode::CREATED, Json(json!({ "received": true }))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_network_is_kept_as_a_digest_never_as_the_address() {
        let digest = network_of("203.0.113.9");
        assert_eq!(digest, "f2ddf8039b130d2d5e74dadada1d83b0");
        assert_eq!(digest.len(), 32);
        assert!(!digest.contains("203.0.113.9"));
        assert_ne!(digest, network_of("203.0.113.10"));
    }

    #[test]
    fn messages_are_checked_and_trimmed() {
        let ok = ContactMessage::parse(" Ada ", "ADA@example.com ", "Billing", "  Hello, a question about invoices.  ").unwrap();
        assert_eq!(ok, ContactMessage { name: "Ada".into(), email: "ada@example.com".into(), topic: "Billing", message: "Hello, a question about invoices.".into() });
        let err = |n: &str, e: &str, t: &str, m: &str| ContactMessage::parse(n, e, t, m).unwrap_err().message.into_owned();
        assert_eq!(err("", "a@b.co", "Billing", "long enough text"), "Please enter your name (up to 100 characters).");
        assert_eq!(err("Ada", "nope", "Billing", "long enough text"), "Please enter a valid e-mail address so we can reply.");
        assert_eq!(err("Ada", "a@b.co", "Lottery", "long enough text"), "Please choose a topic.");
        assert_eq!(err("Ada", "a@b.co", "Billing", "short"), "Please write a message of at least 10 characters.");
        assert_eq!(err("Ada", "a@b.co", "Billing", &"x".repeat(5001)), "Please keep your message under 5,000 characters.");
    }
}
