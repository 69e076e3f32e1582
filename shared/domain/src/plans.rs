//! Plans and subscriptions: which plans exist and what they cost, what a subscription (as the
//! Stripe webhooks last saw it) grants, and which checkout a user gets. Reading and writing the
//! `subscriptions` table, and the prices of this deployment, are `shared`'s (`billing`).

use serde::{Deserialize, Serialize};

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

/// This deployment's Stripe price of each plan (configuration: `STRIPE_PRICE_STANDARD`,
/// `STRIPE_PRICE_PRO`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanPrices<'a> {
    pub standard: &'a str,
    pub pro: &'a str,
}

/// The plans on sale, in the pricing page's order, each with this deployment's Stripe price.
pub fn plans(prices: &PlanPrices<'_>) -> Vec<Plan> {
    vec![
        Plan {
            key: "standard",
            name: "RaiseSpark",
            price_id: prices.standard.to_owned(),
            value_usd: 497,
            description: "Everything you need to test the waters and capture investor interest.",
            features: &[
                "Unlimited investor forms",
                "Floating-button and inline embeds for any website",
                "Hot, warm and cold lead scoring",
                "Lead export to CSV",
                "Testing-the-waters legend on every form",
                "3 team seats with roles, and counsel's sign-off before investors see anything",
            ],
            trial_days: TRIAL_DAYS,
        },
        Plan {
            key: "pro",
            name: "RaiseSpark Pro",
            price_id: prices.pro.to_owned(),
            value_usd: 997,
            description: "For raises that run campaigns and want AI help along the way.",
            features: &[
                "Everything in RaiseSpark",
                "E-mail campaigns to your leads",
                "AI-driven investment insights",
                "Compliance vault",
                "Priority support",
                "10 team seats",
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

/// Stripe statuses of a subscription that is running or may still be charged (`paused`: a
/// trial that ended without a card, resumable). A user with one manages it in the billing
/// portal and never gets a second checkout or subscription.
pub const LIVE_STATUSES: &[&str] = &["trialing", "active", "past_due", "unpaid", "incomplete", "paused"];

pub fn is_live_status(status: &str) -> bool {
    LIVE_STATUSES.contains(&status)
}

impl SubscriptionRecord {
    /// Whether this subscription is still running or billable (see [`LIVE_STATUSES`]).
    pub fn is_live(&self) -> bool {
        self.status.as_deref().is_some_and(is_live_status)
    }

    /// Whether the user has had a subscription before, and with it their one trial.
    pub fn has_history(&self) -> bool {
        self.status.is_some() || self.subscription_id.is_some() || self.trial_end.is_some() || self.first_paid_at.is_some()
    }

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

// ------------------------------------------------------------------ checkout offers

/// What the pricing page asked for (`extended=true`, `discount=20`), before the server decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OfferChoice {
    pub extended_trial: bool,
    pub discount_percent: Option<u32>,
}

/// What a checkout actually gets: the trial (none for a returning user) and the discount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckoutOffer {
    pub trial_days: Option<u32>,
    pub discount_percent: Option<u32>,
}

/// Why a checkout is refused; the message is what the SPA shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CheckoutOfferError {
    #[error("The extended trial and the 20% lifetime discount cannot be combined. Please choose one.")]
    NotCombinable,
    #[error("Only the 20% lifetime discount is available.")]
    InvalidDiscount,
    #[error("You already have a subscription. Manage it from Billing in Settings.")]
    SubscriptionExists,
    #[error("Your checkout is already being prepared. Please wait a moment.")]
    InProgress,
}

impl CheckoutOfferError {
    pub fn code(self) -> &'static str {
        match self {
            Self::NotCombinable => "offers_not_combinable",
            Self::InvalidDiscount => "invalid_discount",
            Self::SubscriptionExists => "subscription_exists",
            Self::InProgress => "checkout_in_progress",
        }
    }
}

impl OfferChoice {
    /// The request's offer fields: the only discount is the offered 20% (0 means none), and
    /// the extended trial and the discount are alternatives, never taken together.
    pub fn parse(extended_trial: bool, discount_percentage: Option<u32>) -> Result<Self, CheckoutOfferError> {
        let discount_percent = match discount_percentage {
            None | Some(0) => None,
            Some(LIFETIME_DISCOUNT_PERCENT) => Some(LIFETIME_DISCOUNT_PERCENT),
            Some(_) => return Err(CheckoutOfferError::InvalidDiscount),
        };
        if extended_trial && discount_percent.is_some() {
            return Err(CheckoutOfferError::NotCombinable);
        }
        Ok(Self { extended_trial, discount_percent })
    }
}

/// Decides the checkout a user gets: none while a subscription is live, one trial per user
/// ever (a past subscription or trial on the user's subscription row means none), 14 days
/// with the extended-trial offer, otherwise 7.
pub fn checkout_offer(choice: OfferChoice, existing: Option<&SubscriptionRecord>) -> Result<CheckoutOffer, CheckoutOfferError> {
    if existing.is_some_and(SubscriptionRecord::is_live) {
        return Err(CheckoutOfferError::SubscriptionExists);
    }
    let had_trial = existing.is_some_and(SubscriptionRecord::has_history);
    let trial_days = match (had_trial, choice.extended_trial) {
        (true, _) => None,
        (false, true) => Some(EXTENDED_TRIAL_DAYS),
        (false, false) => Some(TRIAL_DAYS),
    };
    Ok(CheckoutOffer { trial_days, discount_percent: choice.discount_percent })
}

/// A checkout being prepared holds off parallel ones for at most this long (a request that
/// dies mid-way frees it by expiry; a finished one frees it at once).
pub const CHECKOUT_CLAIM_SECS: i64 = 30;

/// Whether the subscription is on the Pro plan (a Pro trial counts): its price is the Pro
/// price, or, for records without a price, its plan name ends with Pro (spec 1).
pub fn is_pro(subscription: &SubscriptionRecord, pro_price: &str) -> bool {
    match subscription.price_id.as_deref() {
        Some(price) if !price.is_empty() => price == pro_price,
        _ => subscription.plan.as_deref().is_some_and(|plan| plan.trim_end().ends_with("Pro")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pro_is_read_from_the_price_else_the_plan_name() {
        let mut pro = record("trialing");
        pro.price_id = Some("price_pro".into());
        assert!(is_pro(&pro, "price_pro"));
        pro.price_id = Some("price_std".into());
        pro.plan = Some("RaiseSpark Pro".into());
        assert!(!is_pro(&pro, "price_pro"), "the price decides when there is one");
        pro.price_id = None;
        assert!(is_pro(&pro, "price_pro"));
        pro.plan = Some("RaiseSpark".into());
        assert!(!is_pro(&pro, "price_pro"));
    }

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

    fn choice(extended_trial: bool, discount: Option<u32>) -> OfferChoice {
        OfferChoice::parse(extended_trial, discount).unwrap()
    }

    #[test]
    fn the_extended_trial_and_the_discount_never_stack_and_only_20_percent_exists() {
        assert_eq!(OfferChoice::parse(true, Some(20)), Err(CheckoutOfferError::NotCombinable));
        assert_eq!(OfferChoice::parse(false, Some(50)), Err(CheckoutOfferError::InvalidDiscount));
        assert_eq!(OfferChoice::parse(true, Some(100)), Err(CheckoutOfferError::InvalidDiscount));
        assert_eq!(OfferChoice::parse(true, Some(0)), Ok(OfferChoice { extended_trial: true, discount_percent: None }));
        assert_eq!(OfferChoice::parse(false, Some(20)), Ok(OfferChoice { extended_trial: false, discount_percent: Some(20) }));
    }

    #[test]
    fn a_new_user_gets_7_days_or_14_with_the_extended_offer() {
        assert_eq!(checkout_offer(choice(false, None), None), Ok(CheckoutOffer { trial_days: Some(7), discount_percent: None }));
        assert_eq!(checkout_offer(choice(true, None), None), Ok(CheckoutOffer { trial_days: Some(14), discount_percent: None }));
        assert_eq!(checkout_offer(choice(false, Some(20)), None), Ok(CheckoutOffer { trial_days: Some(7), discount_percent: Some(20) }));
    }

    #[test]
    fn one_trial_per_user_ever() {
        let canceled = record("canceled");
        assert_eq!(checkout_offer(choice(true, None), Some(&canceled)), Ok(CheckoutOffer { trial_days: None, discount_percent: None }));
        let trial_only = SubscriptionRecord { status: None, trial_end: Some(10), ..record("x") };
        assert_eq!(checkout_offer(choice(false, Some(20)), Some(&trial_only)), Ok(CheckoutOffer { trial_days: None, discount_percent: Some(20) }));
        // A row holding only a checkout claim is no history.
        let claim_only = SubscriptionRecord { status: None, ..record("x") };
        assert_eq!(checkout_offer(choice(false, None), Some(&claim_only)).unwrap().trial_days, Some(7));
    }

    #[test]
    fn a_live_subscription_gets_no_checkout_an_ended_one_does() {
        for status in ["trialing", "active", "past_due", "unpaid", "incomplete", "paused"] {
            assert_eq!(checkout_offer(choice(false, None), Some(&record(status))), Err(CheckoutOfferError::SubscriptionExists), "{status}");
        }
        for status in ["canceled", "incomplete_expired"] {
            assert!(checkout_offer(choice(false, None), Some(&record(status))).is_ok(), "{status}");
        }
    }

    #[test]
    fn plans_are_named_after_the_product_with_pro_for_the_higher_one() {
        let plans = plans(&PlanPrices { standard: "p1", pro: "p2" });
        assert_eq!(plans.iter().map(|p| (p.name, p.value_usd)).collect::<Vec<_>>(), vec![("RaiseSpark", 497), ("RaiseSpark Pro", 997)]);
        assert_eq!(plan_for_price(&plans, "p2").unwrap().key, "pro");
    }
}
