//! `stripe-webhook`: the only writer of subscription state.
//!
//! Every event is verified (`Stripe-Signature`, 5-minute tolerance), claimed once by its id
//! (a conditional write; ids kept 7 days), and applied only if it is not older than the
//! state already stored, so retries, parallel deliveries and out-of-order delivery never move
//! a subscription backwards or send a mail twice.
//!
//! A user has one live subscription: a second one (two checkouts completed in parallel tabs)
//! is cancelled at Stripe and none of its events touch the user's row. The first paid invoice
//! of a subscription sends the Meta Purchase conversion, with the invoice's real amount; the
//! browser cannot report Purchase.
//!
//! - `POST /api/stripe-webhook`

pub mod config;

use axum::{
    Json, Router,
    body::Bytes,
    extract::State,
    http::{HeaderMap, StatusCode},
    routing::post,
};
use serde_json::{Map, Value, json};
use shared::{
    ApiError, AppState, Result,
    billing::{get_subscription, plans},
    dynamo::Item,
    notify::{TRIAL_STARTED, send_event_notification},
    payments::{
        conversions::{PaidInvoice, Sent, purchase_event, send_event},
        verify_webhook,
    },
    plans::{LIVE_STATUSES, SubscriptionRecord, is_live_status, plan_for_price},
    repo::subscriptions::Field,
    time::{now, unix},
};

/// Stripe events are a few KB; anything much larger is not from Stripe.
pub const MAX_BODY: usize = 256 * 1024;
/// Event ids are remembered this long (Stripe retries for up to 3 days).
const EVENT_RETENTION_SECS: i64 = 7 * 24 * 3600;

pub fn router(state: AppState) -> Router {
    Router::new().route("/", post(receive)).with_state(state)
}

#[tracing::instrument(skip_all)]
async fn receive(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Result<(StatusCode, Json<Value>)> {
    if body.len() > MAX_BODY {
        return Err(ApiError::payload_too_large(MAX_BODY));
    }
    let signature = headers.get("stripe-signature").and_then(|value| value.to_str().ok()).unwrap_or_default();
    if let Err(err) = verify_webhook(&state.config.stripe.webhook_secret, signature, &body, unix(now())) {
        tracing::warn!(error = %err, "webhook refused");
        return Err(ApiError::bad_request("invalid_signature", format!("Webhook signature verification failed: {err}.")));
    }
    let event: Value = serde_json::from_slice(&body).map_err(|_| ApiError::bad_request("invalid_body", "The event is not valid JSON."))?;
    let (Some(id), Some(kind), Some(created)) = (event["id"].as_str(), event["type"].as_str(), event["created"].as_i64()) else {
        return Err(ApiError::bad_request("invalid_event", "The event has no id, type or created time."));
    };
    if !claim(&state, id, kind).await? {
        tracing::info!(event_id = id, kind, "duplicate event ignored");
        return Ok((StatusCode::OK, Json(json!({ "received": true, "duplicate": true }))));
    }
    if let Err(err) = apply(&state, kind, created, &event["data"]["object"]).await {
        // Forget the claim so Stripe's retry can apply the event.
        if let Err(forget_err) = state.stripe_events().forget(id).await {
            tracing::error!(event_id = id, kind, error = ?forget_err, "the failed event's claim was not released: Stripe's retry will be read as a duplicate");
        }
        return Err(err);
    }
    Ok((StatusCode::OK, Json(json!({ "received": true }))))
}

/// Records the event id; false when it was already there (a duplicate delivery).
async fn claim(state: &AppState, id: &str, kind: &str) -> Result<bool> {
    let at = unix(now());
    Ok(state.stripe_events().claim(id, kind, at, at + EVENT_RETENTION_SECS).await?)
}

async fn apply(state: &AppState, kind: &str, created: i64, object: &Value) -> Result<()> {
    match kind {
        "checkout.session.completed" => checkout_completed(state, object).await,
        "customer.subscription.created" | "customer.subscription.updated" | "customer.subscription.deleted" => {
            subscription_changed(state, kind, created, object).await
        }
        "invoice.paid" | "invoice.payment_succeeded" => invoice_paid(state, object).await,
        "invoice.payment_failed" => invoice_failed(state, object).await,
        _ => {
            tracing::debug!(kind, "event type not handled");
            Ok(())
        }
    }
}

async fn user_of(state: &AppState, object: &Value) -> Result<Option<String>> {
    let direct = object["metadata"]["user_id"].as_str().or(object["client_reference_id"].as_str());
    if let Some(user_id) = direct.filter(|id| !id.is_empty()) {
        return Ok(Some(user_id.to_owned()));
    }
    match object["customer"].as_str() {
        Some(customer) => Ok(state.subscriptions().user_for_customer(customer).await?),
        None => Ok(None),
    }
}

/// The live subscription a user already has, when it is not `subscription_id`.
fn other_live_subscription(record: Option<&SubscriptionRecord>, subscription_id: &str) -> Option<String> {
    let record = record.filter(|record| record.is_live())?;
    record.subscription_id.clone().filter(|kept| kept != subscription_id)
}

/// Ends a second live subscription at Stripe. Stripe refusing (already cancelled, unknown)
/// is final; a transport failure fails the event so Stripe's retry tries again.
async fn cancel_duplicate(state: &AppState, user_id: &str, duplicate: &str, kept: &str) -> Result<()> {
    tracing::warn!(user_id, duplicate, kept, "second live subscription for a user: cancelling it");
    match state.payments.cancel_subscription(duplicate).await {
        Ok(()) => Ok(()),
        Err(err) if err.is_permanent() => {
            tracing::warn!(error = %err, duplicate, "duplicate subscription not cancelled by Stripe");
            Ok(())
        }
        Err(err) => Err(ApiError::internal(anyhow::Error::new(err).context("cancel a duplicate subscription"))),
    }
}

fn number_or_remove(value: Option<i64>) -> Field<'static> {
    value.map_or(Field::Remove, Field::Number)
}

async fn checkout_completed(state: &AppState, session: &Value) -> Result<()> {
    let Some(user_id) = user_of(state, session).await? else {
        tracing::warn!("checkout session without a user");
        return Ok(());
    };
    // Linking the customer and subscription ids never moves the status, so it is applied
    // whatever the order of arrival.
    let (Some(customer), Some(subscription)) = (session["customer"].as_str(), session["subscription"].as_str()) else {
        return Ok(());
    };
    Ok(state.subscriptions().link_checkout(&user_id, customer, subscription).await?)
}

async fn subscription_changed(state: &AppState, kind: &str, created: i64, subscription: &Value) -> Result<()> {
    let Some(user_id) = user_of(state, subscription).await? else {
        tracing::warn!("subscription event for an unknown customer");
        return Ok(());
    };
    let status = if kind == "customer.subscription.deleted" { "canceled" } else { subscription["status"].as_str().unwrap_or("incomplete") };
    let price_id = subscription["items"]["data"][0]["price"]["id"].as_str();
    let plans = plans(&state.config.stripe);
    let plan = price_id.and_then(|id| plan_for_price(&plans, id)).map(|plan| plan.name);
    let trial_start = subscription["trial_start"].as_i64();
    let trial_end = subscription["trial_end"].as_i64();
    let Some(subscription_id) = subscription["id"].as_str() else {
        return Err(ApiError::bad_request("invalid_event", "The subscription has no id."));
    };
    let mut fields = vec![
        ("status", Field::Text(status)),
        ("trial_end", number_or_remove(trial_end)),
        ("current_period_end", number_or_remove(subscription["current_period_end"].as_i64())),
        ("subscription_id", Field::Text(subscription_id)),
    ];
    if let Some(customer) = subscription["customer"].as_str() {
        fields.push(("customer_id", Field::Text(customer)));
    }
    if let Some(price_id) = price_id {
        fields.push(("price_id", Field::Text(price_id)));
    }
    if let Some(plan) = plan {
        fields.push(("plan", Field::Text(plan)));
    }
    // Applied unless a newer event already did, or another live subscription holds the row
    // (one live subscription per user); `before` is the row as it was.
    let before: Item = match state.subscriptions().update_if_newer(&user_id, created, subscription_id, fields, LIVE_STATUSES).await? {
        Some(before) => before,
        None => {
            let stored = get_subscription(state.subscriptions(), &user_id).await?;
            match other_live_subscription(stored.as_ref(), subscription_id) {
                Some(kept) if is_live_status(status) => cancel_duplicate(state, &user_id, subscription_id, &kept).await?,
                Some(kept) => tracing::info!(user_id, subscription_id, kept, "event of an ended duplicate subscription ignored"),
                None => tracing::info!(user_id, created, "older event ignored: newer state is stored"),
            }
            return Ok(());
        }
    };
    let moved = state.platform_stats().subscription_changed(&plans, &before, status, plan);
    shared::repo::platform_stats::log_failure(moved.await, "subscription status");
    let was_trialing = before.get("status").and_then(|v| v.as_s().ok()).is_some_and(|s| s == "trialing");
    if status == "trialing" && !was_trialing {
        trial_started(state, &user_id, trial_start.unwrap_or(created), trial_end).await?;
    }
    Ok(())
}

/// The trial fields of the account (spec 3) and the `trial_started` notification (spec 7).
async fn trial_started(state: &AppState, user_id: &str, start: i64, end: Option<i64>) -> Result<()> {
    let start_iso = time::OffsetDateTime::from_unix_timestamp(start).map(shared::time::iso).unwrap_or_else(|_| shared::time::now_iso());
    let Some(user) = state.users().set_trial_started(user_id, &start_iso).await? else {
        tracing::warn!(user_id, "trial for an unknown user");
        return Ok(());
    };
    let days = end.map_or(shared::plans::TRIAL_DAYS as i64, |end| ((end - start) as f64 / 86_400.0).round() as i64);
    let fields = Map::from_iter([("startDate".to_owned(), json!(start_iso)), ("trialLength".to_owned(), json!(format!("{days} days")))]);
    send_event_notification(state, TRIAL_STARTED, &user.email, &fields).await;
    Ok(())
}

async fn invoice_paid(state: &AppState, invoice: &Value) -> Result<()> {
    let amount = invoice["amount_paid"].as_i64().unwrap_or(0);
    if amount <= 0 {
        return Ok(()); // the $0 invoice that opens a trial is not a payment
    }
    let Some(user_id) = user_of(state, invoice).await? else { return Ok(()) };
    let stored = get_subscription(state.subscriptions(), &user_id).await?;
    let subscription_id = invoice["subscription"].as_str();
    if let Some(kept) = subscription_id.and_then(|id| other_live_subscription(stored.as_ref(), id)) {
        tracing::warn!(user_id, kept, invoice = invoice["id"].as_str(), "invoice of a duplicate subscription ignored");
        return Ok(());
    }
    // Stamps the payment on the user's row; true for the first paid invoice of this subscription.
    let first_of_subscription = state.subscriptions().record_payment(&user_id, subscription_id, unix(now())).await?;
    if first_of_subscription {
        send_purchase(state, &user_id, stored.as_ref(), invoice, amount).await?;
    }
    // A referred account's first payment earns its referrer a free month (credited once).
    shared::services::referrals::reward_first_payment(state, &user_id).await
}

/// The Meta Purchase conversion of a paid invoice; a Meta failure is only logged.
async fn send_purchase(state: &AppState, user_id: &str, stored: Option<&SubscriptionRecord>, invoice: &Value, amount: i64) -> Result<()> {
    let account = state.users().get_user(user_id).await?;
    let plans = plans(&state.config.stripe);
    let price_id = invoice["lines"]["data"][0]["price"]["id"].as_str().or(stored.and_then(|s| s.price_id.as_deref()));
    let plan_name = price_id.and_then(|id| plan_for_price(&plans, id)).map(|plan| plan.name);
    let paid_at = invoice["status_transitions"]["paid_at"].as_i64().unwrap_or_else(|| unix(now()));
    let event = purchase_event(&PaidInvoice {
        invoice_id: invoice["id"].as_str().unwrap_or_default(),
        amount_minor: amount,
        currency: invoice["currency"].as_str().unwrap_or("usd"),
        email: account.as_ref().map(|a| a.email.as_str()).or(invoice["customer_email"].as_str()),
        user_id,
        plan_name,
        price_id,
        paid_at,
    });
    if let Sent::Failed = send_event(&state.http, state.config.meta.as_ref(), event).await {
        tracing::warn!(user_id, "Purchase conversion not recorded by Meta");
    }
    Ok(())
}

async fn invoice_failed(state: &AppState, invoice: &Value) -> Result<()> {
    let Some(user_id) = user_of(state, invoice).await? else { return Ok(()) };
    let stored = get_subscription(state.subscriptions(), &user_id).await?;
    if invoice["subscription"].as_str().and_then(|id| other_live_subscription(stored.as_ref(), id)).is_some() {
        return Ok(()); // the duplicate's failed invoice says nothing about the kept subscription
    }
    Ok(state.subscriptions().mark_payment_failed(&user_id, unix(now())).await?)
}

/// The stored subscription of a user (for tests and the local billing page).
pub async fn subscription_of(state: &AppState, user_id: &str) -> Result<Option<SubscriptionRecord>> {
    get_subscription(state.subscriptions(), user_id).await
}
