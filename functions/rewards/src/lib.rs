//! `rewards`: Earn Rewards. Each user has a personal referral link; people who sign up through
//! it are listed (masked) with where they are — signed up, on trial, paying — and each one
//! who becomes a paying customer earns the referrer one free month of their plan, credited
//! by `stripe-webhook` on that customer's first paid invoice.
//!
//! - `GET /api/rewards` — `{code, link, referrals, rewards, totals}`

pub mod config;

use axum::{Json, Router, extract::State, routing::get};
use serde::Serialize;
use shared::{AppState, Result, auth::AuthUser, rewards::ReferralStatus, services::referrals};

pub fn router(state: AppState) -> Router {
    let router = Router::new().route("/", get(overview)).with_state(state.clone());
    shared::http::audit::audited("rewards", router, &state)
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
    let referrals::Overview { code, referrals } = referrals::overview(&state, &user.id).await?;
    let mut totals = Totals { referred: referrals.len(), ..Totals::default() };
    for (_, status) in &referrals {
        match status {
            ReferralStatus::OnTrial => totals.on_trial += 1,
            ReferralStatus::Paying => totals.paying += 1,
            ReferralStatus::SignedUp => {}
        }
    }
    let rewards: Vec<RewardView> = referrals
        .iter()
        .filter_map(|(r, _)| {
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
            .map(|(r, status)| ReferralView { name: r.display_name.clone(), status: *status, joined_at: r.created_at.clone() })
            .collect(),
        rewards,
        totals,
    }))
}
