//! The platform figures of `GET /api/admin/stats`, computed from the counters kept on write
//! (`shared::repo::platform_stats`): pure functions over one snapshot.

use std::collections::HashMap;

use serde::Serialize;
use shared::{
    plans::Plan,
    repo::platform_stats::{DayCounts, Snapshot, Totals, date_string},
};

/// Days in the sign-up series, today included.
pub const SERIES_DAYS: usize = 30;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DayCount {
    pub date: String,
    pub count: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LeadWindows {
    pub today: u64,
    pub last_7_days: u64,
    pub last_30_days: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stats {
    pub users: u64,
    pub confirmed: u64,
    pub trialing: u64,
    /// Active subscriptions (Stripe status `active`).
    pub paying: u64,
    pub mrr_cents: u64,
    pub leads: LeadWindows,
    /// Exactly [`SERIES_DAYS`] entries, oldest first, today last, zeros filled.
    pub signups: Vec<DayCount>,
}

/// The `n` UTC days ending with `today`, oldest first, as `YYYY-MM-DD`.
pub fn last_days(today: time::Date, n: usize) -> Vec<String> {
    let mut days: Vec<String> = std::iter::successors(Some(today), |day| day.previous_day()).take(n).map(date_string).collect();
    days.reverse();
    days
}

/// One entry per day of `dates` (in their order), 0 for a day without an item.
pub fn series(dates: &[String], days: &HashMap<String, DayCounts>, pick: impl Fn(&DayCounts) -> u64) -> Vec<DayCount> {
    dates.iter().map(|date| DayCount { date: date.clone(), count: days.get(date).map_or(0, &pick) }).collect()
}

/// Leads of today, the last 7 and the last 30 days from a series that ends today.
pub fn lead_windows(leads: &[DayCount]) -> LeadWindows {
    let last = |n: usize| leads.iter().rev().take(n).fold(0u64, |sum, day| sum.saturating_add(day.count));
    LeadWindows { today: last(1), last_7_days: last(7), last_30_days: last(30) }
}

/// Monthly recurring revenue at list price: every active subscription times its plan's
/// monthly price. Subscriptions of a plan no longer on sale count as paying but add nothing
/// (their price is unknown), and the 20% lifetime discount is not taken off (the counters do
/// not know which subscriptions carry it).
pub fn mrr_cents(totals: &Totals, plans: &[Plan]) -> u64 {
    plans
        .iter()
        .map(|plan| totals.on_plan("active", plan.key).saturating_mul(u64::from(plan.value_usd) * 100))
        .fold(0u64, u64::saturating_add)
}

impl Stats {
    /// The figures from a snapshot read for `dates` (oldest first, ending today).
    pub fn of(snapshot: &Snapshot, dates: &[String], plans: &[Plan]) -> Self {
        let totals = &snapshot.totals;
        let leads = series(dates, &snapshot.days, |day| day.leads);
        Stats {
            users: totals.users,
            confirmed: totals.confirmed,
            trialing: totals.in_status("trialing"),
            paying: totals.in_status("active"),
            mrr_cents: mrr_cents(totals, plans),
            leads: lead_windows(&leads),
            signups: series(dates, &snapshot.days, |day| day.signups),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::repo::platform_stats::SubscriptionSlot;
    use time::macros::date;

    fn plans() -> Vec<Plan> {
        let config = shared::config::StripeConfig {
            payments: shared::config::PaymentsConfig::Disabled,
            webhook_secret: "whsec".to_owned().into(),
            price_standard: String::new(),
            price_pro: String::new(),
        };
        shared::billing::plans(&config)
    }

    fn slot(status: &str, plan: &str) -> SubscriptionSlot {
        SubscriptionSlot { status: status.into(), plan: plan.into() }
    }

    #[test]
    fn thirty_days_end_today_oldest_first_across_a_month_and_a_year() {
        let days = last_days(date!(2026 - 01 - 03), SERIES_DAYS);
        assert_eq!(days.len(), 30);
        assert_eq!(days.first().unwrap(), "2025-12-05");
        assert_eq!(days[27], "2026-01-01");
        assert_eq!(days.last().unwrap(), "2026-01-03");
        let leap = last_days(date!(2028 - 03 - 01), 2);
        assert_eq!(leap, ["2028-02-29", "2028-03-01"]);
    }

    #[test]
    fn days_without_an_item_are_filled_with_zeros() {
        let dates = last_days(date!(2026 - 03 - 12), SERIES_DAYS);
        let days = HashMap::from([
            ("2026-03-12".to_owned(), DayCounts { signups: 3, leads: 1 }),
            ("2026-02-11".to_owned(), DayCounts { signups: 2, leads: 0 }),
            // Outside the window: never shown.
            ("2026-02-10".to_owned(), DayCounts { signups: 50, leads: 50 }),
        ]);
        let signups = series(&dates, &days, |day| day.signups);
        assert_eq!(signups.len(), 30);
        assert_eq!(signups[0], DayCount { date: "2026-02-11".into(), count: 2 });
        assert_eq!(signups[29], DayCount { date: "2026-03-12".into(), count: 3 });
        assert_eq!(signups.iter().map(|d| d.count).sum::<u64>(), 5);
    }

    #[test]
    fn lead_windows_count_today_the_last_week_and_the_month() {
        let dates = last_days(date!(2026 - 03 - 12), SERIES_DAYS);
        let days: HashMap<String, DayCounts> = dates.iter().map(|d| (d.clone(), DayCounts { signups: 0, leads: 1 })).collect();
        let leads = series(&dates, &days, |day| day.leads);
        assert_eq!(lead_windows(&leads), LeadWindows { today: 1, last_7_days: 7, last_30_days: 30 });
        assert_eq!(lead_windows(&[]), LeadWindows { today: 0, last_7_days: 0, last_30_days: 0 });
    }

    #[test]
    fn mrr_is_active_subscriptions_times_their_plan_price_in_cents() {
        let totals = Totals {
            users: 10,
            confirmed: 8,
            subscriptions: [
                (slot("active", "standard"), 2),
                (slot("active", "pro"), 1),
                (slot("trialing", "pro"), 4),
                (slot("past_due", "standard"), 1),
                (slot("active", "other"), 1),
            ]
            .into(),
        };
        // 2 × $497 + 1 × $997; trials, past-due and unknown plans add nothing.
        assert_eq!(mrr_cents(&totals, &plans()), 2 * 49_700 + 99_700);
        assert_eq!(mrr_cents(&Totals::default(), &plans()), 0);
        let stats = Stats::of(&Snapshot { totals, days: HashMap::new() }, &last_days(date!(2026 - 03 - 12), SERIES_DAYS), &plans());
        assert_eq!((stats.trialing, stats.paying, stats.mrr_cents), (4, 4, 199_100));
        assert_eq!(stats.signups.len(), 30);
    }
}
