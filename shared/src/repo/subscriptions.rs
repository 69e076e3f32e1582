//! Table `subscriptions` (key `user_id`, GSI `by_customer`): one item per user, kept by the
//! Stripe webhook and by the checkout claim. The plan rules (which statuses are live, what a
//! record grants) stay with `billing`; these functions read and write the items.

use aws_sdk_dynamodb::{
    Client,
    types::{AttributeValue, ReturnValue},
};
use serde::de::DeserializeOwned;

use crate::{
    config::Tables,
    dynamo::{Item, StoreError, from_item},
};

use super::table::Table;

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

/// Table `subscriptions`: `state.subscriptions()`.
#[derive(Clone, Copy)]
pub struct SubscriptionsRepo<'a> {
    table: Table<'a>,
}

impl<'a> SubscriptionsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.subscriptions),
        }
    }

    /// The user's subscription record (a consistent read), as the caller's record type.
    #[tracing::instrument(skip(self))]
    pub async fn get<T: DeserializeOwned>(self, user_id: &str) -> Result<Option<T>, StoreError> {
        let output = self.table.get().key("user_id", s(user_id)).consistent_read(true).send().await?;
        output.item.map(from_item).transpose()
    }

    /// The user whose Stripe customer this is, through the `by_customer` index.
    pub async fn user_for_customer(self, customer_id: &str) -> Result<Option<String>, StoreError> {
        let output = self.table.query()
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
    pub async fn claim_checkout(self, user_id: &str, token: &str, now: i64, until: i64, live_statuses: &[&str]) -> Result<bool, StoreError> {
        let mut request = self.table.update()
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
    pub async fn release_checkout(self, user_id: &str, token: &str) -> Result<bool, StoreError> {
        let result = self.table.update()
            .key("user_id", s(user_id))
            .update_expression("REMOVE checkout_claim, checkout_claim_until")
            .condition_expression("checkout_claim = :token")
            .expression_attribute_values(":token", s(token))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Applies the `fields` (and `last_event_created = created`) to the user's row unless a newer
    /// event already did, or the row belongs to another subscription whose status is one of
    /// `live_statuses` (one live subscription per user). `Some(row as it was before)` when
    /// applied, `None` when refused.
    pub async fn update_if_newer(self, 
        user_id: &str,
        created: i64,
        subscription_id: &str,
        fields: Vec<(&str, Field<'_>)>,
        live_statuses: &[&str],
    ) -> Result<Option<Item>, StoreError> {
        let mut sets = vec!["last_event_created = :created".to_owned()];
        let live: Vec<String> = (0..live_statuses.len()).map(|i| format!(":live{i}")).collect();
        let mut request = self.table.update()
            .key("user_id", s(user_id))
            .condition_expression(format!(
                "(attribute_not_exists(last_event_created) OR last_event_created <= :created) \
                 AND (attribute_not_exists(subscription_id) OR subscription_id = :this OR attribute_not_exists(#status) OR NOT (#status IN ({})))",
                live.join(", ")
            ))
            .expression_attribute_names("#status", "status")
            .expression_attribute_values(":created", AttributeValue::N(created.to_string()))
            .expression_attribute_values(":this", s(subscription_id))
            .return_values(ReturnValue::AllOld);
        for (name, status) in live.iter().zip(live_statuses) {
            request = request.expression_attribute_values(name, s(status));
        }
        let mut removes = Vec::new();
        for (i, (name, value)) in fields.into_iter().enumerate() {
            request = request.expression_attribute_names(format!("#f{i}"), name);
            let value = match value {
                Field::Text(text) => s(text),
                Field::Number(number) => AttributeValue::N(number.to_string()),
                Field::Remove => {
                    removes.push(format!("#f{i}"));
                    continue;
                }
            };
            sets.push(format!("#f{i} = :v{i}"));
            request = request.expression_attribute_values(format!(":v{i}"), value);
        }
        let mut expression = format!("SET {}", sets.join(", "));
        if !removes.is_empty() {
            expression.push_str(&format!(" REMOVE {}", removes.join(", ")));
        }
        let output = crate::dynamo::applied_output(request.update_expression(expression).send().await)?;
        Ok(output.map(|output| output.attributes.unwrap_or_default()))
    }

    /// Links a completed checkout's customer and subscription to the user's row. The first
    /// customer linked stays (a parallel second checkout must not take the row over), and the
    /// status never moves, so it applies whatever the order of arrival.
    pub async fn link_checkout(self, user_id: &str, customer_id: &str, subscription_id: &str) -> Result<(), StoreError> {
        self.table.update()
            .key("user_id", s(user_id))
            .update_expression("SET customer_id = if_not_exists(customer_id, :customer), subscription_id = if_not_exists(subscription_id, :subscription), last_event_created = if_not_exists(last_event_created, :zero)")
            .expression_attribute_values(":customer", s(customer_id))
            .expression_attribute_values(":subscription", s(subscription_id))
            .expression_attribute_values(":zero", AttributeValue::N("0".into()))
            .send()
            .await?;
        Ok(())
    }

    /// Stamps a paid invoice on the user's row at `now`: `first_paid_at` once, and the
    /// subscription it paid. `Ok(true)` for the first paid invoice of `subscription_id`;
    /// `Ok(false)` for a later one, or when the invoice names no subscription.
    pub async fn record_payment(self, user_id: &str, subscription_id: Option<&str>, now: i64) -> Result<bool, StoreError> {
        let mut request = self.table.update().key("user_id", s(user_id)).expression_attribute_values(":now", AttributeValue::N(now.to_string()));
        request = match subscription_id {
            Some(id) => request
                .update_expression("SET first_paid_at = if_not_exists(first_paid_at, :now), purchase_subscription_id = :subscription")
                .condition_expression("attribute_not_exists(purchase_subscription_id) OR purchase_subscription_id <> :subscription")
                .expression_attribute_values(":subscription", s(id)),
            None => request.update_expression("SET first_paid_at = if_not_exists(first_paid_at, :now)"),
        };
        Ok(crate::dynamo::applied(request.send().await)? && subscription_id.is_some())
    }

    /// Stamps a failed payment on the user's row at `now`.
    pub async fn mark_payment_failed(self, user_id: &str, now: i64) -> Result<(), StoreError> {
        self.table.update()
            .key("user_id", s(user_id))
            .update_expression("SET payment_failed_at = :now")
            .expression_attribute_values(":now", AttributeValue::N(now.to_string()))
            .send()
            .await?;
        Ok(())
    }
}

/// A value a Stripe event writes to a subscription attribute.
#[derive(Debug, Clone, PartialEq)]
pub enum Field<'a> {
    Text(&'a str),
    Number(i64),
    /// The attribute is removed.
    Remove,
}
