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

#[derive(Debug, Serialize)]
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

impl Overview {
    /// What the page shows of the referrals: each one masked with its status, the free months
    /// credited (a referral is a reward once it has an amount and a date), and the totals.
    fn of(overview: referrals::Overview, link: String) -> Self {
        let referrals::Overview { code, referrals } = overview;
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
        let totals = Totals {
            referred: referrals.len(),
            on_trial: referrals.iter().filter(|(_, status)| *status == ReferralStatus::OnTrial).count(),
            paying: referrals.iter().filter(|(_, status)| *status == ReferralStatus::Paying).count(),
            free_months: rewards.len(),
            credit_usd: rewards.iter().map(|r| u64::from(r.usd)).sum(),
        };
        Self {
            code,
            link,
            referrals: referrals
                .iter()
                .map(|(r, status)| ReferralView { name: r.display_name.clone(), status: *status, joined_at: r.created_at.clone() })
                .collect(),
            rewards,
            totals,
        }
    }
}

#[tracing::instrument(skip(state))]
async fn overview(State(state): State<AppState>, user: AuthUser) -> Result<Json<Overview>> {
    let overview = referrals::overview(&state, &user.id).await?;
    let link = format!("{}/?ref={}", state.config.app_origin, overview.code);
    Ok(Json(Overview::of(overview, link)))
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use shared::rewards::Referral;

    use super::*;

    fn referral(name: &str, created_at: &str) -> Referral {
        Referral {
            referred_user_id: format!("u-{name}"),
            referrer_id: "u-0".into(),
            code: "ADA123".into(),
            created_at: created_at.into(),
            display_name: name.into(),
            rewarded_at: None,
            reward_usd: None,
            reward_plan: None,
            credit: None,
        }
    }

    #[test]
    fn each_paying_referral_with_a_credited_month_is_a_reward_and_the_totals_add_up() {
        let rewarded = Referral { rewarded_at: Some("2026-11-02T00:00:00Z".into()), reward_usd: Some(49), reward_plan: Some("Pro".into()), ..referral("Bo K.", "2026-10-01T00:00:00Z") };
        let pending = Referral { rewarded_at: Some("2026-11-20T00:00:00Z".into()), reward_usd: Some(29), credit: Some("pending".into()), ..referral("Cy D.", "2026-10-05T00:00:00Z") };
        let overview = referrals::Overview {
            code: "ADA123".into(),
            referrals: vec![
                (referral("Al B.", "2026-09-01T00:00:00Z"), ReferralStatus::SignedUp),
                (referral("Di E.", "2026-09-02T00:00:00Z"), ReferralStatus::OnTrial),
                (rewarded, ReferralStatus::Paying),
                (pending, ReferralStatus::Paying),
            ],
        };
        let view = serde_json::to_value(Overview::of(overview, "https://app.example/?ref=ADA123".into())).unwrap();
        assert_eq!(view["code"], "ADA123");
        assert_eq!(view["link"], "https://app.example/?ref=ADA123");
        assert_eq!(view["totals"], json!({"referred": 4, "onTrial": 1, "paying": 2, "freeMonths": 2, "creditUsd": 78}));
        assert_eq!(
            view["rewards"],
            json!([
                {"name": "Bo K.", "plan": "Pro", "usd": 49, "creditedAt": "2026-11-02T00:00:00Z", "credit": "credited"},
                {"name": "Cy D.", "plan": "", "usd": 29, "creditedAt": "2026-11-20T00:00:00Z", "credit": "pending"},
            ])
        );
        assert_eq!(view["referrals"][1], json!({"name": "Di E.", "status": "on_trial", "joinedAt": "2026-09-02T00:00:00Z"}));
        assert_eq!(view["referrals"].as_array().unwrap().len(), 4);
    }

    #[test]
    fn no_referrals_show_zero_totals() {
        let view = Overview::of(referrals::Overview { code: "ADA123".into(), referrals: Vec::new() }, "l".into());
        assert!(view.referrals.is_empty() && view.rewards.is_empty());
        assert_eq!(serde_json::to_value(&view.totals).unwrap(), json!({"referred": 0, "onTrial": 0, "paying": 0, "freeMonths": 0, "creditUsd": 0}));
    }
}
