//! Plans and subscriptions. The `subscriptions` table (key `user_id`, GSI `by_customer`) is
//! kept by the Stripe webhook and read by everything that needs to know whether a user may
//! use paid features: `check-subscription` and the server-side gate of the paid routes.

use aws_sdk_dynamodb::{Client, types::AttributeValue};
use serde::{Deserialize, Serialize};

use crate::{AppState, ApiError, config::StripeConfig, dynamo::from_item};

pub const TRIAL_DAYS: u32 = 7;
pub const EXTENDED_TRIAL_DAYS: u32 = 14;
/// The only discount the product offers: 20% for the life of the subscription.
pub const LIFETIME_DISCOUNT_PERCENT: u32 = 20;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    pub key: &'static str,
    /// A plan name is the product name, followed by Pro for the higher plan (spec 1).
    pub name: &'static str,
    pub price_id: String,
    /// Monthly price in USD, also the value of the Purchase conversion event (spec 9).
    pub value_usd: u32,
    pub description: &'static str,
    pub features: &'static [&'static str],
    pub trial_days: u32,
}

pub fn plans(stripe: &StripeConfig) -> Vec<Plan> {
    vec![
        Plan {
            key: "standard",
            name: "RaiseSpark",
            price_id: stripe.price_standard.clone(),
            value_usd: 497,
            description: "Everything you need to test the waters and capture investor interest.",
            features: &[
                "Unlimited investor forms",
                "Floating-button and inline embeds for any website",
                "Hot, warm and cold lead scoring",
                "Lead export to CSV",
                "Testing-the-waters legend on every form",
            ],
            trial_days: TRIAL_DAYS,
        },
        Plan {
            key: "pro",
            name: "RaiseSpark Pro",
            price_id: stripe.price_pro.clone(),
            value_usd: 997,
            description: "For raises that run campaigns and want AI help along the way.",
            features: &[
                "Everything in RaiseSpark",
                "E-mail campaigns to your leads",
                "AI-driven investment insights",
                "Compliance vault",
                "Priority support",
            ],
            trial_days: TRIAL_DAYS,
        },
    ]
}

pub fn plan_for_price<'a>(plans: &'a [Plan], price_id: &str) -> Option<&'a Plan> {
    plans.iter().find(|plan| plan.price_id == price_id)
}

/// A user's subscription as the webhooks last saw it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubscriptionRecord {
    pub user_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscription_id: Option<String>,
    /// Stripe's status: trialing, active, past_due, canceled, unpaid, incomplete, …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<String>,
    /// Unix seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trial_end: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_period_end: Option<i64>,
    /// `created` of the newest Stripe event applied: older events never overwrite newer state.
    #[serde(default)]
    pub last_event_created: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_paid_at: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_failed_at: Option<i64>,
}

/// Stripe statuses that grant access. `past_due` keeps access while Stripe retries the card.
const ACCESS_STATUSES: &[&str] = &["trialing", "active", "past_due"];

impl SubscriptionRecord {
    pub fn on_trial(&self, now: i64) -> bool {
        self.status.as_deref() == Some("trialing") && self.trial_end.is_none_or(|end| end > now)
    }

    /// Whether the subscription lets its user use paid features at `now`.
    pub fn grants_access(&self, now: i64) -> bool {
        let status_ok = self.status.as_deref().is_some_and(|status| ACCESS_STATUSES.contains(&status));
        let not_lapsed = match self.status.as_deref() {
            Some("trialing") => self.trial_end.is_none_or(|end| end > now),
            _ => self.current_period_end.is_none_or(|end| end > now),
        };
        status_ok && not_lapsed
    }
}

#[tracing::instrument(skip(client))]
pub async fn get_subscription(client: &Client, table: &str, user_id: &str) -> Result<Option<SubscriptionRecord>, ApiError> {
    let output = client
        .get_item()
        .table_name(table)
        .key("user_id", AttributeValue::S(user_id.to_owned()))
        .consistent_read(true)
        .send()
        .await?;
    output.item.map(from_item).transpose()
}

/// The user whose Stripe customer this is, through the `by_customer` index.
pub async fn user_for_customer(client: &Client, table: &str, customer_id: &str) -> Result<Option<String>, ApiError> {
    let output = client
        .query()
        .table_name(table)
        .index_name("by_customer")
        .key_condition_expression("customer_id = :customer")
        .expression_attribute_values(":customer", AttributeValue::S(customer_id.to_owned()))
        .limit(1)
        .send()
        .await?;
    Ok(output.items().first().and_then(|item| item.get("user_id")?.as_s().ok().cloned()))
}

/// The server-side subscription gate: paid routes call this and refuse without access.
pub async fn has_access(state: &AppState, user_id: &str) -> Result<bool, ApiError> {
    let now = crate::time::unix(crate::time::now());
    Ok(get_subscription(&state.dynamo, &state.config.tables.subscriptions, user_id)
        .await?
        .is_some_and(|subscription| subscription.grants_access(now)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(status: &str) -> SubscriptionRecord {
        SubscriptionRecord {
            user_id: "u".into(),
            customer_id: None,
            subscription_id: None,
            status: Some(status.into()),
            price_id: None,
            plan: None,
            trial_end: None,
            current_period_end: None,
            last_event_created: 0,
            first_paid_at: None,
            payment_failed_at: None,
        }
    }

    #[test]
    fn trialing_and_active_grant_access_canceled_does_not() {
        assert!(record("trialing").grants_access(100));
        assert!(record("active").grants_access(100));
        assert!(record("past_due").grants_access(100));
        assert!(!record("canceled").grants_access(100));
        assert!(!record("incomplete").grants_access(100));
    }

    #[test]
    fn a_trial_that_ended_or_a_lapsed_period_grants_nothing() {
        let trial = SubscriptionRecord { trial_end: Some(50), ..record("trialing") };
        assert!(!trial.grants_access(100));
        assert!(!trial.on_trial(100));
        assert!(trial.on_trial(10));
        let lapsed = SubscriptionRecord { current_period_end: Some(50), ..record("active") };
        assert!(!lapsed.grants_access(100));
    }

    #[test]
    fn plans_are_named_after_the_product_with_pro_for_the_higher_one() {
        let config = StripeConfig {
            payments: crate::config::PaymentsConfig::Local,
            webhook_secret: "whsec".to_owned().into(),
            price_standard: "p1".into(),
            price_pro: "p2".into(),
        };
        let plans = plans(&config);
        assert_eq!(plans.iter().map(|p| (p.name, p.value_usd)).collect::<Vec<_>>(), vec![("RaiseSpark", 497), ("RaiseSpark Pro", 997)]);
        assert_eq!(plan_for_price(&plans, "p2").unwrap().key, "pro");
    }
}
