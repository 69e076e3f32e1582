//! The charts' figures (`GET /trends`), from the day aggregates kept on write: leads per week
//! (the dashboard) and per day (the leads page), and this week's pace.

use serde::Serialize;
use shared::lead_stats::{Stat, daily, day_string, monday_of, weekly, weeks_start};
use time::{Date, Duration};

use crate::{TREND_DAYS, TREND_WEEKS};

/// The first day either chart shows: the Monday 11 weeks before this week's, or 29 days ago,
/// whichever is earlier.
pub(crate) fn first_day(today: Date) -> Date {
    weeks_start(today, TREND_WEEKS).min(today - Duration::days(i64::from(TREND_DAYS) - 1))
}

/// Leads by temperature, as the profile counts them.
#[derive(Debug, Default, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct Temperatures {
    pub hot: u64,
    pub warm: u64,
    pub cold: u64,
}

#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct Week {
    start: String,
    leads: u64,
}

#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct Day {
    date: String,
    leads: u64,
}

/// This week so far against the same days of last week: a week in progress is never compared
/// with a whole one.
#[derive(Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Pace {
    this_week: u64,
    last_week_same_days: u64,
}

#[derive(Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Trends {
    weeks: Vec<Week>,
    days: Vec<Day>,
    pace: Pace,
    temperatures: Temperatures,
    form_id: Option<String>,
}

impl Trends {
    /// The figures of `stats` (day items from [`first_day`] to `today`; a missing day is 0).
    pub(crate) fn of(stats: &[Stat], today: Date, temperatures: Temperatures, form_id: Option<String>) -> Self {
        let all_days = daily(stats, today, (today - first_day(today)).whole_days() as u32 + 1);
        let weeks = weekly(&all_days, today, TREND_WEEKS).into_iter().map(|(monday, leads)| Week { start: day_string(monday), leads }).collect();
        let days = all_days.iter().skip(all_days.len().saturating_sub(TREND_DAYS as usize)).map(|(date, leads)| Day { date: day_string(*date), leads: *leads }).collect();
        let monday = monday_of(today);
        let between = |from: Date, to: Date| all_days.iter().filter(|(d, _)| *d >= from && *d <= to).map(|(_, n)| n).sum::<u64>();
        let pace = Pace { this_week: between(monday, today), last_week_same_days: between(monday - Duration::weeks(1), today - Duration::weeks(1)) };
        Self { weeks, days, pace, temperatures, form_id }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use time::macros::date;

    use super::*;

    fn day(date: &str, leads: u64) -> Stat {
        Stat { stat: shared::lead_stats::day_key(date), leads, ..Stat::default() }
    }

    #[test]
    fn the_charts_start_twelve_weeks_back_on_a_monday_or_thirty_days_back() {
        // Thursday 2026-11-26: this week's Monday is 11-23; 11 weeks before it is 09-07.
        assert_eq!(first_day(date!(2026 - 11 - 26)), date!(2026 - 09 - 07));
        assert_eq!(weeks_start(date!(2026 - 11 - 26), TREND_WEEKS), date!(2026 - 09 - 07));
    }

    #[test]
    fn this_week_is_compared_with_the_same_days_of_last_week() {
        // Wednesday 2026-11-25: this week is Mon 23 to Wed 25; last week's same days are 16 to 18.
        let stats = [day("2026-11-15", 100), day("2026-11-16", 1), day("2026-11-18", 2), day("2026-11-19", 40), day("2026-11-23", 3), day("2026-11-25", 4)];
        let trends = Trends::of(&stats, date!(2026 - 11 - 25), Temperatures { hot: 1, warm: 2, cold: 3 }, Some("f-1".into()));
        assert_eq!(trends.pace, Pace { this_week: 7, last_week_same_days: 3 });
        assert_eq!(trends.weeks.len(), 12);
        assert_eq!(trends.weeks[11], Week { start: "2026-11-23".into(), leads: 7 });
        assert_eq!(trends.weeks[10], Week { start: "2026-11-16".into(), leads: 43 });
        assert_eq!(trends.weeks[9], Week { start: "2026-11-09".into(), leads: 100 });
        assert_eq!(trends.days.len(), 30);
        assert_eq!(trends.days[0], Day { date: "2026-10-27".into(), leads: 0 });
        assert_eq!(trends.days[29], Day { date: "2026-11-25".into(), leads: 4 });
    }

    #[test]
    fn the_figures_keep_the_shape_the_charts_read() {
        let trends = Trends::of(&[], date!(2026 - 11 - 25), Temperatures::default(), None);
        let value = serde_json::to_value(&trends).unwrap();
        assert_eq!(value["pace"], json!({"thisWeek": 0, "lastWeekSameDays": 0}));
        assert_eq!(value["temperatures"], json!({"hot": 0, "warm": 0, "cold": 0}));
        assert_eq!(value["formId"], json!(null));
        assert_eq!(value["weeks"][0], json!({"start": "2026-09-07", "leads": 0}));
        assert_eq!(value["days"][29], json!({"date": "2026-11-25", "leads": 0}));
        let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["weeks", "days", "pace", "temperatures", "formId"]);
    }
}
