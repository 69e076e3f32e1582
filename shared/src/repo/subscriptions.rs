//! Table `subscriptions` (key `user_id`, GSI `by_customer`): one item per user, kept by the
//! Stripe webhook and by the checkout claim. The plan rules (which statuses are live, what a
//! record grants) stay with `billing`; these functions read and write the items.

use aws_sdk_dynamodb::{Client, types::AttributeValue};
use serde::de::DeserializeOwned;

use crate::{ApiError, dynamo::from_item};

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

/// The user's subscription record (a consistent read), as the caller's record type.
#[tracing::instrument(skip(client))]
pub async fn get<T: DeserializeOwned>(client: &Client, table: &str, user_id: &str) -> Result<Option<T>, ApiError> {
    let output = client.get_item().table_name(table).key("user_id", s(user_id)).consistent_read(true).send().await?;
    output.item.map(from_item).transpose()
}

/// The user whose Stripe customer this is, through the `by_customer` index.
pub async fn user_for_customer(client: &Client, table: &str, customer_id: &str) -> Result<Option<String>, ApiError> {
    let output = client
        .query()
        .table_name(table)
        .index_name("by_customer")
        .key_condition_expression("customer_id = :customer")
        .expression_attribute_values(":customer", s(customer_id))
        .limit(1)
        .send()
        .await?;
    Ok(output.items().first().and_then(|item| item.get("user_id")?.as_s().ok().cloned()))
}

/// Takes the checkout claim `token` until `until`, in one conditional write: only while no
/// other claim runs at `now` and the status is none of `live_statuses`. `Ok(false)` when the
/// condition did not hold.
pub async fn claim_checkout(client: &Client, table: &str, user_id: &str, token: &str, now: i64, until: i64, live_statuses: &[&str]) -> Result<bool, ApiError> {
    let mut request = client
        .update_item()
        .table_name(table)
        .key("user_id", s(user_id))
        .update_expression("SET checkout_claim = :token, checkout_claim_until = :until")
        .expression_attribute_names("#status", "status")
        .expression_attribute_values(":token", s(token))
        .expression_attribute_values(":until", AttributeValue::N(until.to_string()))
        .expression_attribute_values(":now", AttributeValue::N(now.to_string()));
    let mut live = Vec::new();
    for (i, status) in live_statuses.iter().enumerate() {
        live.push(format!(":live{i}"));
        request = request.expression_attribute_values(format!(":live{i}"), s(status));
    }
    let condition = format!(
        "(attribute_not_exists(checkout_claim_until) OR checkout_claim_until < :now) AND (attribute_not_exists(#status) OR NOT (#status IN ({})))",
        live.join(", ")
    );
    crate::dynamo::applied(request.condition_expression(condition).send().await)
}

/// Removes the checkout claim if it is still `token`'s. `Ok(false)` when another claim (or
/// none) is there: it stays.
pub async fn release_checkout(client: &Client, table: &str, user_id: &str, token: &str) -> Result<bool, ApiError> {
    let result = client
        .update_item()
        .table_name(table)
        .key("user_id", s(user_id))
        .update_expression("REMOVE checkout_claim, checkout_claim_until")
        .condition_expression("checkout_claim = :token")
        .expression_attribute_values(":token", s(token))
        .send()
        .await;
    crate::dynamo::applied(result)
}
