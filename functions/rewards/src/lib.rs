//! `rewards`: Earn Rewards. Each user has a personal referral link; people who sign up through
//! it are listed (masked) with where they are — signed up, on trial, paying — and each one
//! who becomes a paying customer earns the referrer one free month of their plan, credited
//! by `stripe-webhook` on that customer's first paid invoice.
//!
//! - `GET /api/rewards` — `{code, link, referrals, rewards, totals}`

pub mod config;

use std::collections::HashMap;

use axum::{Json, Router, extract::State, routing::get};
use serde::Serialize;
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    billing::get_subscription,
    repo::rewards::Referral,
    rewards::{ReferralStatus, referral_code},
};

pub fn router(state: AppState) -> Router {
    let router = Router::new().route("/", get(overview)).with_state(state.clone());
    shared::impersonation::audited("rewards", router, &state)
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ReferralView {
    name: String,
    status: ReferralStatus,
    joined_at: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct RewardView {
    name: String,
    plan: String,
    usd: u32,
    credited_at: String,
    /// `credited` to the billing balance, or `pending` until the user has a subscription.
    credit: String,
}

#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
struct Totals {
    referred: usize,
    on_trial: usize,
    paying: usize,
    free_months: usize,
    credit_usd: u64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Overview {
    code: String,
    link: String,
    referrals: Vec<ReferralView>,
    rewards: Vec<RewardView>,
    totals: Totals,
}

#[tracing::instrument(skip(state))]
async fn overview(State(state): State<AppState>, user: AuthUser) -> Result<Json<Overview>> {
    let tables = &state.config.tables;
    let code = referral_code(&user.id);
    if !state.rewards().claim_code(&code, &user.id).await? {
        return Err(ApiError::internal(anyhow::anyhow!("referral code {code} is held by another user")));
    }
    let referrals = state.rewards().referrals_of(&user.id).await?;
    let mut statuses = HashMap::new();
    for referral in &referrals {
        let subscription = get_subscription(&state.dynamo, &tables.subscriptions, &referral.referred_user_id).await?;
        statuses.insert(referral.referred_user_id.clone(), ReferralStatus::of(subscription.as_ref()));
    }
    let status = |r: &Referral| statuses.get(&r.referred_user_id).copied().unwrap_or(ReferralStatus::SignedUp);
    let mut totals = Totals { referred: referrals.len(), ..Totals::default() };
    for referral in &referrals {
        match status(referral) {
            ReferralStatus::OnTrial => totals.on_trial += 1,
            ReferralStatus::Paying => totals.paying += 1,
            ReferralStatus::SignedUp => {}
        }
    }
    let rewards: Vec<RewardView> = referrals
        .iter()
        .filter_map(|r| {
            Some(RewardView {
                name: r.display_name.clone(),
                plan: r.reward_plan.clone().unwrap_or_default(),
                usd: r.reward_usd?,
                credited_at: r.rewarded_at.clone()?,
                credit: r.credit.clone().unwrap_or_else(|| "credited".into()),
            })
        })
        .collect();
    totals.free_months = rewards.len();
    totals.credit_usd = rewards.iter().map(|r| u64::from(r.usd)).sum();
    Ok(Json(Overview {
        link: format!("{}/?ref={code}", state.config.app_origin),
        code,
        referrals: referrals
            .iter()
            .map(|r| ReferralView { name: r.display_name.clone(), status: status(r), joined_at: r.created_at.clone() })
            .collect(),
        rewards,
        totals,
    }))
}
