//! Plans and subscriptions. The `subscriptions` table (key `user_id`, GSI `by_customer`) is
//! kept by the Stripe webhook and read by everything that needs to know whether a user may
//! use paid features: `check-subscription` and the server-side gate of the paid routes. The
//! rules (plans, what a subscription grants, the checkout offer) are `domain::plans`; here are
//! this deployment's prices and the checkout claim kept in the table.

use domain::plans::{CHECKOUT_CLAIM_SECS, CheckoutOfferError, LIVE_STATUSES, Plan, PlanPrices, SubscriptionRecord};

use crate::{ApiError, config::StripeConfig, repo::subscriptions::SubscriptionsRepo};

/// The plans with this deployment's Stripe prices.
pub fn plans(stripe: &StripeConfig) -> Vec<Plan> {
    domain::plans::plans(&prices(stripe))
}

/// This deployment's price of each plan.
fn prices(stripe: &StripeConfig) -> PlanPrices<'_> {
    PlanPrices { standard: &stripe.price_standard, pro: &stripe.price_pro }
}

/// Whether the subscription is on the Pro plan of this deployment ([`domain::plans::is_pro`]).
pub fn is_pro(subscription: &SubscriptionRecord, stripe: &StripeConfig) -> bool {
    domain::plans::is_pro(subscription, &stripe.price_pro)
}

/// Claims the right to open a checkout for `user_id`: one conditional write that fails while
/// another checkout is being prepared or a subscription is live. Returns the claim's token.
#[tracing::instrument(skip(subscriptions))]
pub async fn claim_checkout(subscriptions: SubscriptionsRepo<'_>, user_id: &str, now: i64) -> Result<Result<String, CheckoutOfferError>, ApiError> {
    let token = uuid::Uuid::new_v4().simple().to_string();
    if subscriptions.claim_checkout(user_id, &token, now, now + CHECKOUT_CLAIM_SECS, LIVE_STATUSES).await? {
        return Ok(Ok(token));
    }
    let live = get_subscription(subscriptions, user_id).await?.is_some_and(|record| record.is_live());
    Ok(Err(if live { CheckoutOfferError::SubscriptionExists } else { CheckoutOfferError::InProgress }))
}

/// Frees a checkout claim taken with `token` (a claim taken since by someone else stays).
#[tracing::instrument(skip(subscriptions, token))]
pub async fn release_checkout(subscriptions: SubscriptionsRepo<'_>, user_id: &str, token: &str) -> Result<(), ApiError> {
    subscriptions.release_checkout(user_id, token).await?;
    Ok(())
}

#[tracing::instrument(skip(subscriptions))]
pub async fn get_subscription(subscriptions: SubscriptionsRepo<'_>, user_id: &str) -> Result<Option<SubscriptionRecord>, ApiError> {
    Ok(subscriptions.get(user_id).await?)
}
