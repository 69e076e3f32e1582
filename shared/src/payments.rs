//! Payments: Stripe Checkout and the billing portal in production, a local checkout page in
//! development. Either way subscription state only changes through the Stripe webhook: the
//! local checkout signs Stripe-shaped events and posts them through the same webhook code.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use serde::Serialize;
use serde_json::{Value, json};
use sha2::Sha256;
use subtle::ConstantTimeEq;

use crate::config::{PaymentsConfig, StripeConfig};

pub mod conversions;

/// Pinned so Stripe's answers keep the shape this code reads.
pub const STRIPE_API_VERSION: &str = "2024-06-20";

#[derive(Debug, Clone)]
pub struct CheckoutRequest {
    pub user_id: String,
    pub email: String,
    pub customer_id: Option<String>,
    pub price_id: String,
    pub success_url: String,
    pub cancel_url: String,
    /// None for a user who already had their one trial.
    pub trial_days: Option<u32>,
    pub discount_percent: Option<u32>,
}

#[derive(Debug, thiserror::Error)]
pub enum PaymentsError {
    #[error("the payment provider answered {status}: {message}")]
    Provider { status: u16, message: String },
    #[error("the payment provider could not be reached: {0}")]
    Transport(#[from] reqwest::Error),
    /// The function did not declare payments (`shared::config::Needs::payments`).
    #[error("this function takes no payments: no payment provider is configured")]
    Disabled,
}

impl PaymentsError {
    /// Retrying will not help: Stripe refused the request itself (4xx other than 429), or
    /// this function has no payment provider.
    pub fn is_permanent(&self) -> bool {
        matches!(self, Self::Provider { status, .. } if (400..500).contains(status) && *status != 429) || matches!(self, Self::Disabled)
    }
}

#[derive(Clone)]
pub enum Payments {
    Stripe(StripeClient),
    Local(LocalPayments),
    /// Functions that take no payments: no Stripe key, no client; every call is refused.
    Disabled,
}

impl Payments {
    pub fn from_config(config: &StripeConfig, app_origin: &str) -> Self {
        match &config.payments {
            PaymentsConfig::Stripe { secret_key, api_base, discount_coupon } => Self::Stripe(StripeClient {
                http: reqwest::Client::builder()
                    .timeout(std::time::Duration::from_secs(20))
                    .build()
                    .expect("reqwest client"),
                api_base: api_base.trim_end_matches('/').to_owned(),
                secret_key: secret_key.clone(),
                discount_coupon: discount_coupon.clone(),
            }),
            PaymentsConfig::Local => Self::Local(LocalPayments { origin: app_origin.to_owned(), checkouts: Default::default(), credits: Default::default(), cancelled: Default::default() }),
            PaymentsConfig::Disabled => Self::Disabled,
        }
    }

    /// Returns the checkout page's URL (Stripe may, in theory, answer without one).
    pub async fn create_checkout(&self, request: &CheckoutRequest) -> Result<Option<String>, PaymentsError> {
        match self {
            Self::Stripe(stripe) => stripe.create_checkout(request).await,
            Self::Local(local) => Ok(Some(local.create_checkout(request))),
            Self::Disabled => Err(PaymentsError::Disabled),
        }
    }

    pub async fn create_portal(&self, customer_id: &str, return_url: &str) -> Result<Option<String>, PaymentsError> {
        match self {
            Self::Stripe(stripe) => stripe.create_portal(customer_id, return_url).await,
            Self::Local(local) => Ok(Some(format!("{}/dev/billing/{customer_id}", local.origin))),
            Self::Disabled => Err(PaymentsError::Disabled),
        }
    }

    /// Credits the customer's balance (a negative balance transaction that pays future
    /// invoices). `key` makes a retried credit apply once. Returns the transaction id.
    pub async fn credit_balance(&self, customer_id: &str, cents: i64, description: &str, key: &str) -> Result<String, PaymentsError> {
        match self {
            Self::Stripe(stripe) => {
                let form = vec![
                    ("amount".to_owned(), (-cents).to_string()),
                    ("currency".to_owned(), "usd".to_owned()),
                    ("description".to_owned(), description.to_owned()),
                ];
                let path = format!("/v1/customers/{customer_id}/balance_transactions");
                let transaction = stripe.post_form(&path, &form, Some(key)).await?;
                Ok(transaction["id"].as_str().unwrap_or_default().to_owned())
            }
            Self::Local(local) => Ok(local.credit(customer_id, cents, description, key)),
            Self::Disabled => Err(PaymentsError::Disabled),
        }
    }

    /// Cancels a subscription at once (the second one of a user who already has a live one).
    pub async fn cancel_subscription(&self, subscription_id: &str) -> Result<(), PaymentsError> {
        match self {
            Self::Stripe(stripe) => stripe.cancel_subscription(subscription_id).await,
            Self::Local(local) => {
                local.cancel(subscription_id);
                Ok(())
            }
            Self::Disabled => Err(PaymentsError::Disabled),
        }
    }

    pub fn local(&self) -> Option<&LocalPayments> {
        match self {
            Self::Local(local) => Some(local),
            Self::Stripe(_) | Self::Disabled => None,
        }
    }
}

#[derive(Clone)]
pub struct StripeClient {
    http: reqwest::Client,
    api_base: String,
    secret_key: SecretString,
    discount_coupon: String,
}

impl StripeClient {
    /// Stripe's API takes form-encoded bodies with bracketed keys.
    async fn post_form(&self, path: &str, form: &[(String, String)], idempotency_key: Option<&str>) -> Result<Value, PaymentsError> {
        let mut request = self.http.post(format!("{}{path}", self.api_base)).form(form);
        if let Some(key) = idempotency_key {
            request = request.header("Idempotency-Key", key);
        }
        self.send(request).await
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Result<Value, PaymentsError> {
        let request = request.bearer_auth(self.secret_key.expose_secret()).header("Stripe-Version", STRIPE_API_VERSION);
        let response = request.send().await.map_err(reqwest::Error::without_url)?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        if !status.is_success() {
            let message = body["error"]["message"].as_str().unwrap_or("no message").to_owned();
            return Err(PaymentsError::Provider { status: status.as_u16(), message });
        }
        Ok(body)
    }

    async fn create_checkout(&self, request: &CheckoutRequest) -> Result<Option<String>, PaymentsError> {
        let mut form: Vec<(String, String)> = vec![
            ("mode".into(), "subscription".into()),
            ("line_items[0][price]".into(), request.price_id.clone()),
            ("line_items[0][quantity]".into(), "1".into()),
            ("success_url".into(), request.success_url.clone()),
            ("cancel_url".into(), request.cancel_url.clone()),
            ("client_reference_id".into(), request.user_id.clone()),
            ("metadata[user_id]".into(), request.user_id.clone()),
            ("subscription_data[metadata][user_id]".into(), request.user_id.clone()),
        ];
        if let Some(days) = request.trial_days {
            form.push(("subscription_data[trial_period_days]".into(), days.to_string()));
        }
        match &request.customer_id {
            Some(customer) => form.push(("customer".into(), customer.clone())),
            None => form.push(("customer_email".into(), request.email.clone())),
        }
        if request.discount_percent.is_some() {
            form.push(("discounts[0][coupon]".into(), self.discount_coupon.clone()));
        } else {
            form.push(("allow_promotion_codes".into(), "true".into()));
        }
        let key = uuid::Uuid::new_v4().to_string();
        let session = self.post_form("/v1/checkout/sessions", &form, Some(&key)).await?;
        Ok(session["url"].as_str().map(str::to_owned))
    }

    /// `DELETE /v1/subscriptions/{id}`: ends it now; it will not be charged again.
    async fn cancel_subscription(&self, subscription_id: &str) -> Result<(), PaymentsError> {
        let request = self.http.delete(format!("{}/v1/subscriptions/{subscription_id}", self.api_base));
        self.send(request).await.map(|_| ())
    }

    async fn create_portal(&self, customer_id: &str, return_url: &str) -> Result<Option<String>, PaymentsError> {
        let form = vec![("customer".to_owned(), customer_id.to_owned()), ("return_url".to_owned(), return_url.to_owned())];
        let session = self.post_form("/v1/billing_portal/sessions", &form, None).await?;
        Ok(session["url"].as_str().map(str::to_owned))
    }
}

/// A checkout started locally, waiting on `/dev/checkout/{id}`.
#[derive(Debug, Clone, Serialize)]
pub struct LocalCheckout {
    pub id: String,
    pub request_user_id: String,
    pub email: String,
    pub customer_id: String,
    pub price_id: String,
    pub success_url: String,
    pub cancel_url: String,
    /// None when the user already had their trial: the first invoice is paid at checkout.
    pub trial_days: Option<u32>,
    pub discount_percent: Option<u32>,
}

/// A balance credit applied locally (shown on `/dev/billing/{customer}`).
#[derive(Debug, Clone, Serialize)]
pub struct LocalCredit {
    pub id: String,
    pub customer_id: String,
    pub cents: i64,
    pub description: String,
}

#[derive(Clone)]
pub struct LocalPayments {
    origin: String,
    checkouts: Arc<Mutex<HashMap<String, LocalCheckout>>>,
    /// Idempotency key → credit.
    credits: Arc<Mutex<HashMap<String, LocalCredit>>>,
    /// Subscriptions cancelled through the API (duplicates the webhook refused).
    cancelled: Arc<Mutex<Vec<String>>>,
}

impl LocalPayments {
    fn create_checkout(&self, request: &CheckoutRequest) -> String {
        let id = format!("cs_local_{}", uuid::Uuid::new_v4().simple());
        let checkout = LocalCheckout {
            id: id.clone(),
            request_user_id: request.user_id.clone(),
            email: request.email.clone(),
            customer_id: request.customer_id.clone().unwrap_or_else(|| format!("cus_local_{}", uuid::Uuid::new_v4().simple())),
            price_id: request.price_id.clone(),
            success_url: request.success_url.clone(),
            cancel_url: request.cancel_url.clone(),
            trial_days: request.trial_days,
            discount_percent: request.discount_percent,
        };
        if let Ok(mut checkouts) = self.checkouts.lock() {
            checkouts.insert(id.clone(), checkout);
        }
        format!("{}/dev/checkout/{id}", self.origin)
    }

    pub fn checkout(&self, id: &str) -> Option<LocalCheckout> {
        self.checkouts.lock().ok()?.get(id).cloned()
    }

    fn credit(&self, customer_id: &str, cents: i64, description: &str, key: &str) -> String {
        let Ok(mut credits) = self.credits.lock() else { return String::new() };
        credits
            .entry(key.to_owned())
            .or_insert_with(|| LocalCredit {
                id: format!("cbtxn_local_{}", uuid::Uuid::new_v4().simple()),
                customer_id: customer_id.to_owned(),
                cents,
                description: description.to_owned(),
            })
            .id
            .clone()
    }

    /// The credits applied to a customer's balance.
    pub fn credits_of(&self, customer_id: &str) -> Vec<LocalCredit> {
        self.credits.lock().map(|c| c.values().filter(|c| c.customer_id == customer_id).cloned().collect()).unwrap_or_default()
    }

    fn cancel(&self, subscription_id: &str) {
        if let Ok(mut cancelled) = self.cancelled.lock() {
            cancelled.push(subscription_id.to_owned());
        }
    }

    /// The subscriptions cancelled through the API, oldest first.
    pub fn cancelled(&self) -> Vec<String> {
        self.cancelled.lock().map(|c| c.clone()).unwrap_or_default()
    }

    /// Takes a checkout out of the waiting list (it completes once).
    pub fn take_checkout(&self, id: &str) -> Option<LocalCheckout> {
        self.checkouts.lock().ok()?.remove(id)
    }
}

// ------------------------------------------------------------------ webhook signatures

/// `Stripe-Signature: t=…,v1=…` over `"{t}.{payload}"` with HMAC-SHA256.
pub fn sign_webhook(secret: &SecretString, payload: &[u8], timestamp: i64) -> String {
    format!("t={timestamp},v1={}", signature_hex(secret, payload, timestamp))
}

fn signature_hex(secret: &SecretString, payload: &[u8], timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.expose_secret().as_bytes()).expect("HMAC takes any key length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    mac.finalize().into_bytes().iter().map(|byte| format!("{byte:02x}")).collect()
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the Stripe-Signature header is missing or malformed")]
    Malformed,
    #[error("the webhook timestamp is outside the tolerance")]
    Stale,
    #[error("no signature matches")]
    Mismatch,
}

/// Webhook events older or newer than this (seconds) are refused, against replays.
pub const WEBHOOK_TOLERANCE_SECS: i64 = 300;

/// Verifies a `Stripe-Signature` header: any `v1` may match (secrets roll), compared in
/// constant time, and the timestamp must be within the tolerance of `now`.
pub fn verify_webhook(secret: &SecretString, header: &str, payload: &[u8], now: i64) -> Result<(), SignatureError> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => signatures.push(value),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now - timestamp).abs() > WEBHOOK_TOLERANCE_SECS {
        return Err(SignatureError::Stale);
    }
    let expected = signature_hex(secret, payload, timestamp);
    if signatures.iter().any(|candidate| bool::from(candidate.as_bytes().ct_eq(expected.as_bytes()))) {
        Ok(())
    } else {
        Err(SignatureError::Mismatch)
    }
}

// ------------------------------------------------------------------ Stripe-shaped events

/// Builds Stripe-shaped events for the local checkout and billing pages.
pub mod events {
    use super::*;

    pub fn event(kind: &str, created: i64, object: Value) -> Value {
        json!({
            "id": format!("evt_local_{}", uuid::Uuid::new_v4().simple()),
            "object": "event",
            "type": kind,
            "created": created,
            "livemode": false,
            "data": { "object": object },
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub fn subscription(
        id: &str,
        customer: &str,
        user_id: &str,
        status: &str,
        price_id: &str,
        trial_start: Option<i64>,
        trial_end: Option<i64>,
        current_period_end: i64,
        discount_percent: Option<u32>,
    ) -> Value {
        json!({
            "id": id,
            "object": "subscription",
            "customer": customer,
            "status": status,
            "trial_start": trial_start,
            "trial_end": trial_end,
            "current_period_end": current_period_end,
            "items": { "object": "list", "data": [ { "object": "subscription_item", "price": { "id": price_id, "object": "price" } } ] },
            "metadata": { "user_id": user_id },
            "discount": discount_percent.map(|percent| json!({ "coupon": { "percent_off": percent, "duration": "forever" } })),
        })
    }

    pub fn checkout_completed(session_id: &str, user_id: &str, customer: &str, subscription: &str) -> Value {
        json!({
            "id": session_id,
            "object": "checkout.session",
            "mode": "subscription",
            "client_reference_id": user_id,
            "customer": customer,
            "subscription": subscription,
            "metadata": { "user_id": user_id },
            "status": "complete",
        })
    }

    pub fn invoice(customer: &str, subscription: &str, amount_paid: i64, billing_reason: &str) -> Value {
        json!({
            "id": format!("in_local_{}", uuid::Uuid::new_v4().simple()),
            "object": "invoice",
            "customer": customer,
            "subscription": subscription,
            "amount_paid": amount_paid,
            "currency": "usd",
            "billing_reason": billing_reason,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret() -> SecretString {
        SecretString::from("whsec_test_secret")
    }

    #[test]
    fn a_signed_payload_verifies() {
        let header = sign_webhook(&secret(), b"{\"id\":1}", 1_000);
        assert_eq!(verify_webhook(&secret(), &header, b"{\"id\":1}", 1_100), Ok(()));
    }

    #[test]
    fn any_v1_may_match_when_secrets_roll() {
        let good = sign_webhook(&secret(), b"x", 1_000);
        let v1 = good.split("v1=").nth(1).unwrap();
        let header = format!("t=1000,v1={},v1={v1}", "0".repeat(64));
        assert_eq!(verify_webhook(&secret(), &header, b"x", 1_000), Ok(()));
    }

    #[test]
    fn a_changed_payload_wrong_secret_or_stale_time_fails() {
        let header = sign_webhook(&secret(), b"x", 1_000);
        assert_eq!(verify_webhook(&secret(), &header, b"y", 1_000), Err(SignatureError::Mismatch));
        assert_eq!(verify_webhook(&SecretString::from("other"), &header, b"x", 1_000), Err(SignatureError::Mismatch));
        assert_eq!(verify_webhook(&secret(), &header, b"x", 1_301), Err(SignatureError::Stale));
        assert_eq!(verify_webhook(&secret(), &header, b"x", 699), Err(SignatureError::Stale));
        assert_eq!(verify_webhook(&secret(), "v1=abc", b"x", 1_000), Err(SignatureError::Malformed));
        assert_eq!(verify_webhook(&secret(), "t=1000", b"x", 1_000), Err(SignatureError::Malformed));
    }

    #[test]
    fn the_signature_matches_stripes_documented_scheme() {
        // HMAC-SHA256("whsec_test_secret", "1000.x"), computed independently.
        let header = sign_webhook(&secret(), b"x", 1000);
        assert!(header.starts_with("t=1000,v1="));
        assert_eq!(header.len(), "t=1000,v1=".len() + 64);
    }
}
