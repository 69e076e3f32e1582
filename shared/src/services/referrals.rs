//! Earn Rewards over the repositories: a referral recorded at sign-up, the free month
//! credited on the referred account's first payment, and what the referrer's page lists.
//! The rules (codes, masking, statuses, the free month's worth) are in `domain::rewards`.

use domain::rewards::{Referral, ReferralStatus, free_month, is_self_referral, masked_name, normalise_code, referral_code};

use crate::{ApiError, AppState};

/// At sign-up: records who referred the new account, if the code is valid and not the new
/// user's own. Never fails the sign-up; problems are logged.
pub async fn attach(state: &AppState, raw_code: &str, user: &domain::users::UserRecord) {
    let result = async {
        let Some(code) = normalise_code(raw_code) else {
            tracing::info!(user_id = %user.id, "sign-up with an unreadable referral code");
            return Ok(());
        };
        let Some(referrer_id) = state.rewards().code_owner(&code).await? else {
            tracing::info!(user_id = %user.id, code, "sign-up with an unknown referral code");
            return Ok(());
        };
        let referrer = state.users().get_user(&referrer_id).await?;
        let referrer_email = referrer.as_ref().map(|r| r.email.as_str()).unwrap_or_default();
        if is_self_referral(&referrer_id, referrer_email, &user.id, &user.email) {
            tracing::info!(user_id = %user.id, "self-referral ignored");
            return Ok(());
        }
        let referral = Referral {
            referred_user_id: user.id.clone(),
            referrer_id,
            code,
            created_at: user.created_at.clone(),
            display_name: masked_name(user.name(), &user.email),
            rewarded_at: None,
            reward_usd: None,
            reward_plan: None,
            credit: None,
        };
        state.rewards().record_referral(&referral).await.map(|_| ())
    }
    .await;
    if let Err(err) = result {
        tracing::warn!(user_id = %user.id, error = %err, "referral not recorded");
    }
}

/// After a referred account's first paid invoice: credits the referrer one free month of
/// their plan, once. Errors are returned so the webhook is retried.
pub async fn reward_first_payment(state: &AppState, referred_user_id: &str) -> Result<(), ApiError> {
    let Some(referral) = state.rewards().referral_of(referred_user_id).await? else { return Ok(()) };
    if referral.rewarded_at.is_some() {
        return Ok(());
    }
    let referrer = crate::billing::get_subscription(state.subscriptions(), &referral.referrer_id).await?;
    let plans = crate::billing::plans(&state.config.stripe);
    let Some(plan) = free_month(&plans, referrer.as_ref()) else { return Ok(()) };
    let credit = match referrer.as_ref().and_then(|r| r.customer_id.as_deref()) {
        Some(customer) => {
            let description = format!("Earn Rewards: one free month of {} for referring {}", plan.name, referral.display_name);
            let key = format!("referral-reward-{}", referral.referred_user_id);
            state
                .payments
                .credit_balance(customer, i64::from(plan.value_usd) * 100, &description, &key)
                .await
                .map_err(|err| ApiError::internal(anyhow::anyhow!("referral credit failed: {err}")))?;
            "credited"
        }
        None => "pending",
    };
    if state.rewards().mark_rewarded(referred_user_id, plan.value_usd, plan.name, credit).await? {
        tracing::info!(referrer_id = %referral.referrer_id, referred_user_id, credit, "referral rewarded with a free month");
    }
    Ok(())
}

/// A user's referrals with where each one is now.
pub struct Overview {
    pub code: String,
    pub referrals: Vec<(Referral, ReferralStatus)>,
}

/// The user's referral code (claimed for them the first time they look) and their referrals,
/// each with its status read from the referred account's subscription.
pub async fn overview(state: &AppState, user_id: &str) -> Result<Overview, ApiError> {
    let code = referral_code(user_id);
    if !state.rewards().claim_code(&code, user_id).await? {
        return Err(ApiError::internal(anyhow::anyhow!("referral code {code} is held by another user")));
    }
    let mut referrals = Vec::new();
    for referral in state.rewards().referrals_of(user_id).await? {
        let subscription = crate::billing::get_subscription(state.subscriptions(), &referral.referred_user_id).await?;
        referrals.push((referral, ReferralStatus::of(subscription.as_ref())));
    }
    Ok(Overview { code, referrals })
}
