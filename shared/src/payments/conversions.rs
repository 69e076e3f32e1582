//! Meta Conversions API: one event per call, the customer's e-mail and id SHA-256 hashed.
//!
//! The access token travels in the JSON body, never in the URL, so no proxy, access log or
//! error message that prints a URL can leak it. Purchase is built here from a Stripe invoice
//! the webhook verified; browsers may only report the other events (spec 7, defect 10).

use secrecy::ExposeSecret;
use serde_json::{Value, json};

use crate::{config::MetaConfig, crypto::sha256_hex};

pub const GRAPH_API_VERSION: &str = "v21.0";

/// Meta's rule: trim and lower-case the e-mail before hashing.
pub fn hash_email(email: &str) -> String {
    sha256_hex(&email.trim().to_lowercase())
}

/// How a conversion fared; failures are only logged (spec 7: "only logged").
#[derive(Debug, Clone, PartialEq)]
pub enum Sent {
    NotConfigured,
    Accepted { events_received: Value },
    Failed,
}

/// Sends one server event (`data[0]`) to the configured pixel.
#[tracing::instrument(skip_all, fields(event_name = %event["event_name"]))]
pub async fn send_event(http: &reqwest::Client, meta: Option<&MetaConfig>, event: Value) -> Sent {
    let Some(meta) = meta else {
        tracing::info!("conversion skipped: Meta pixel not configured");
        return Sent::NotConfigured;
    };
    let url = format!("{}/{GRAPH_API_VERSION}/{}/events", meta.api_base.trim_end_matches('/'), meta.pixel_id);
    let body = json!({ "data": [event], "access_token": meta.access_token.expose_secret() });
    match http.post(url).json(&body).send().await {
        Ok(response) if response.status().is_success() => {
            let answer: Value = response.json().await.unwrap_or_default();
            Sent::Accepted { events_received: answer["events_received"].clone() }
        }
        Ok(response) => {
            tracing::warn!(status = %response.status(), "Meta rejected the conversion");
            Sent::Failed
        }
        Err(err) => {
            tracing::warn!(error = %err.without_url(), "Meta conversion not sent");
            Sent::Failed
        }
    }
}

/// A paid Stripe invoice, as the webhook read it.
#[derive(Debug, Clone)]
pub struct PaidInvoice<'a> {
    pub invoice_id: &'a str,
    /// In the currency's smallest unit, as Stripe gives it (`amount_paid`).
    pub amount_minor: i64,
    /// Stripe's lower-case ISO code (`usd`).
    pub currency: &'a str,
    pub email: Option<&'a str>,
    pub user_id: &'a str,
    pub plan_name: Option<&'a str>,
    pub price_id: Option<&'a str>,
    pub paid_at: i64,
}

/// Currencies Stripe counts in whole units (no cents).
const ZERO_DECIMAL: &[&str] = &["bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd", "vuv", "xaf", "xof", "xpf"];

/// Stripe's smallest-unit amount as the decimal value Meta expects (`99700` usd → `997.0`).
pub fn amount_major(amount_minor: i64, currency: &str) -> f64 {
    if ZERO_DECIMAL.contains(&currency.to_ascii_lowercase().as_str()) {
        amount_minor as f64
    } else {
        amount_minor as f64 / 100.0
    }
}

/// The Purchase event of a paid invoice: its real amount and currency, the invoice id as
/// `event_id` so Meta drops a repeat, `system_generated` because Stripe, not a page view,
/// confirmed it.
pub fn purchase_event(invoice: &PaidInvoice<'_>) -> Value {
    let mut user_data = json!({ "external_id": [sha256_hex(invoice.user_id)] });
    if let Some(email) = invoice.email.filter(|email| !email.trim().is_empty()) {
        user_data["em"] = json!([hash_email(email)]);
    }
    let mut custom_data = json!({
        "value": amount_major(invoice.amount_minor, invoice.currency),
        "currency": invoice.currency.to_ascii_uppercase(),
        "content_type": "product",
    });
    if let Some(name) = invoice.plan_name {
        custom_data["content_name"] = json!(name);
    }
    if let Some(price) = invoice.price_id {
        custom_data["content_ids"] = json!([price]);
    }
    json!({
        "event_name": "Purchase",
        "event_time": invoice.paid_at,
        "event_id": invoice.invoice_id,
        "action_source": "system_generated",
        "user_data": user_data,
        "custom_data": custom_data,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const ADA: &str = "b5fc85e55755f9e0d030a10ab4429b6b2944855f9a0d60077fe832becbc41d72";

    #[test]
    fn emails_are_normalised_before_hashing() {
        // sha256("ada@example.com"), computed independently with sha256sum.
        assert_eq!(hash_email("  Ada@Example.COM "), ADA);
    }

    #[test]
    fn amounts_follow_the_currency_exponent() {
        assert_eq!(amount_major(99_700, "usd"), 997.0);
        assert_eq!(amount_major(39_760, "usd"), 397.6);
        assert_eq!(amount_major(5_000, "JPY"), 5_000.0);
    }

    #[test]
    fn a_purchase_carries_the_invoice_amount_currency_and_id() {
        let event = purchase_event(&PaidInvoice {
            invoice_id: "in_1",
            amount_minor: 39_760,
            currency: "usd",
            email: Some("ada@example.com"),
            user_id: "u1",
            plan_name: Some("RaiseSpark"),
            price_id: Some("price_standard"),
            paid_at: 1_700_000_000,
        });
        assert_eq!(event["event_id"], "in_1");
        assert_eq!(event["custom_data"], json!({"value": 397.6, "currency": "USD", "content_type": "product", "content_name": "RaiseSpark", "content_ids": ["price_standard"]}));
        assert_eq!(event["user_data"]["em"], json!([ADA]));
    }
}
