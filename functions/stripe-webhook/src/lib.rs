//! `stripe-webhook`: the only writer of subscription state.
//!
//! Every event is verified (`Stripe-Signature`, 5-minute tolerance), claimed once by its id
//! (a conditional write; ids kept 7 days), and applied only if it is not older than the
//! state already stored, so retries, parallel deliveries and out-of-order delivery never move
//! a subscription backwards or send a mail twice.
//!
//! - `POST /api/stripe-webhook`

use std::collections::HashMap;

use aws_sdk_dynamodb::{
    error::SdkError,
    operation::{put_item::PutItemError, update_item::UpdateItemError},
    types::{AttributeValue, ReturnValue},
};
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
    billing::{SubscriptionRecord, plan_for_price, plans, user_for_customer},
    dynamo::from_item,
    notify::{TRIAL_STARTED, send_event_notification},
    payments::verify_webhook,
    repo::users,
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
        let _ = state.dynamo.delete_item().table_name(&state.config.tables.stripe_events).key("event_id", AttributeValue::S(id.to_owned())).send().await;
        return Err(err);
    }
    Ok((StatusCode::OK, Json(json!({ "received": true }))))
}

/// Records the event id; false when it was already there (a duplicate delivery).
async fn claim(state: &AppState, id: &str, kind: &str) -> Result<bool> {
    let at = unix(now());
    let result = state
        .dynamo
        .put_item()
        .table_name(&state.config.tables.stripe_events)
        .item("event_id", AttributeValue::S(id.to_owned()))
        .item("type", AttributeValue::S(kind.to_owned()))
        .item("received_at", AttributeValue::N(at.to_string()))
        .item("expires_at", AttributeValue::N((at + EVENT_RETENTION_SECS).to_string()))
        .condition_expression("attribute_not_exists(event_id)")
        .send()
        .await;
    match result {
        Ok(_) => Ok(true),
        Err(SdkError::ServiceError(err)) if matches!(err.err(), PutItemError::ConditionalCheckFailedException(_)) => Ok(false),
        Err(err) => Err(err.into()),
    }
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
        Some(customer) => user_for_customer(&state.dynamo, &state.config.tables.subscriptions, customer).await,
        None => Ok(None),
    }
}

/// Applies `SET …` to the user's subscription row unless a newer event already did.
/// Returns the row as it was before, or `None` when the event was stale.
async fn update_if_newer(
    state: &AppState,
    user_id: &str,
    created: i64,
    fields: Vec<(&str, AttributeValue)>,
) -> Result<Option<HashMap<String, AttributeValue>>> {
    let mut sets = vec!["last_event_created = :created".to_owned()];
    let mut request = state
        .dynamo
        .update_item()
        .table_name(&state.config.tables.subscriptions)
        .key("user_id", AttributeValue::S(user_id.to_owned()))
        .condition_expression("attribute_not_exists(last_event_created) OR last_event_created <= :created")
        .expression_attribute_values(":created", AttributeValue::N(created.to_string()))
        .return_values(ReturnValue::AllOld);
    let mut removes = Vec::new();
    for (i, (name, value)) in fields.into_iter().enumerate() {
        request = request.expression_attribute_names(format!("#f{i}"), name);
        if matches!(value, AttributeValue::Null(_)) {
            removes.push(format!("#f{i}"));
        } else {
            sets.push(format!("#f{i} = :v{i}"));
            request = request.expression_attribute_values(format!(":v{i}"), value);
        }
    }
    let mut expression = format!("SET {}", sets.join(", "));
    if !removes.is_empty() {
        expression.push_str(&format!(" REMOVE {}", removes.join(", ")));
    }
    match request.update_expression(expression).send().await {
        Ok(output) => Ok(Some(output.attributes.unwrap_or_default())),
        Err(SdkError::ServiceError(err)) if matches!(err.err(), UpdateItemError::ConditionalCheckFailedException(_)) => {
            tracing::info!(user_id, created, "older event ignored: newer state is stored");
            Ok(None)
        }
        Err(err) => Err(err.into()),
    }
}

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

fn n_or_null(value: Option<i64>) -> AttributeValue {
    value.map_or(AttributeValue::Null(true), |v| AttributeValue::N(v.to_string()))
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
    state
        .dynamo
        .update_item()
        .table_name(&state.config.tables.subscriptions)
        .key("user_id", s(&user_id))
        .update_expression("SET customer_id = :customer, subscription_id = if_not_exists(subscription_id, :subscription), last_event_created = if_not_exists(last_event_created, :zero)")
        .expression_attribute_values(":customer", s(customer))
        .expression_attribute_values(":subscription", s(subscription))
        .expression_attribute_values(":zero", AttributeValue::N("0".into()))
        .send()
        .await?;
    Ok(())
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
    let mut fields = vec![
        ("status", s(status)),
        ("trial_end", n_or_null(trial_end)),
        ("current_period_end", n_or_null(subscription["current_period_end"].as_i64())),
    ];
    if let Some(id) = subscription["id"].as_str() {
        fields.push(("subscription_id", s(id)));
    }
    if let Some(customer) = subscription["customer"].as_str() {
        fields.push(("customer_id", s(customer)));
    }
    if let Some(price_id) = price_id {
        fields.push(("price_id", s(price_id)));
    }
    if let Some(plan) = plan {
        fields.push(("plan", s(plan)));
    }
    let Some(before) = update_if_newer(state, &user_id, created, fields).await? else { return Ok(()) };
    let was_trialing = before.get("status").and_then(|v| v.as_s().ok()).is_some_and(|s| s == "trialing");
    if status == "trialing" && !was_trialing {
        trial_started(state, &user_id, trial_start.unwrap_or(created), trial_end).await?;
    }
    Ok(())
}

/// The trial fields of the account (spec 3) and the `trial_started` notification (spec 7).
async fn trial_started(state: &AppState, user_id: &str, start: i64, end: Option<i64>) -> Result<()> {
    let start_iso = time::OffsetDateTime::from_unix_timestamp(start).map(shared::time::iso).unwrap_or_else(|_| shared::time::now_iso());
    let Some(user) = users::set_trial_started(&state.dynamo, &state.config.tables, user_id, &start_iso).await? else {
        tracing::warn!(user_id, "trial for an unknown user");
        return Ok(());
    };
    let days = end.map_or(shared::billing::TRIAL_DAYS as i64, |end| ((end - start) as f64 / 86_400.0).round() as i64);
    let fields = Map::from_iter([("startDate".to_owned(), json!(start_iso)), ("trialLength".to_owned(), json!(format!("{days} days")))]);
    send_event_notification(state, TRIAL_STARTED, &user.email, &fields).await;
    Ok(())
}

async fn invoice_paid(state: &AppState, invoice: &Value) -> Result<()> {
    if invoice["amount_paid"].as_i64().unwrap_or(0) <= 0 {
        return Ok(()); // the $0 invoice that opens a trial is not a payment
    }
    stamp_payment(state, invoice, "SET first_paid_at = if_not_exists(first_paid_at, :now)").await?;
    // A referred account's first payment earns its referrer a free month (credited once).
    match user_of(state, invoice).await? {
        Some(user_id) => shared::rewards::reward_first_payment(state, &user_id).await,
        None => Ok(()),
    }
}

async fn invoice_failed(state: &AppState, invoice: &Value) -> Result<()> {
    stamp_payment(state, invoice, "SET payment_failed_at = :now").await
}

/// Records the time of an invoice event on the customer's subscription row.
async fn stamp_payment(state: &AppState, invoice: &Value, expression: &str) -> Result<()> {
    let Some(user_id) = user_of(state, invoice).await? else { return Ok(()) };
    state
        .dynamo
        .update_item()
        .table_name(&state.config.tables.subscriptions)
        .key("user_id", s(&user_id))
        .update_expression(expression)
        .expression_attribute_values(":now", AttributeValue::N(unix(now()).to_string()))
        .send()
        .await?;
    Ok(())
}

/// The stored subscription of a user (for tests and the local billing page).
pub async fn subscription_of(state: &AppState, user_id: &str) -> Result<Option<SubscriptionRecord>> {
    let output = state
        .dynamo
        .get_item()
        .table_name(&state.config.tables.subscriptions)
        .key("user_id", s(user_id))
        .consistent_read(true)
        .send()
        .await?;
    output.item.map(from_item).transpose()
}
