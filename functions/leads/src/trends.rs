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

/// The week-on-week comparison, on one basis: whole UTC days only, the same ones in both
/// weeks. A day in progress is never compared with a whole one, so this week's complete days
/// (Monday to yesterday) are compared with the same days of last week; on a Monday, when no
/// day of this week is complete yet, last week (whole) is compared with the week before.
/// `from`..`to` are the compared days (inclusive); `previous_leads` counts the same days a
/// week earlier.
#[derive(Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Pace {
    from: String,
    to: String,
    leads: u64,
    previous_leads: u64,
}

impl Pace {
    /// `all_days`: leads per day up to `today` (a missing day is 0). Weeks run Monday to
    /// Sunday in UTC, as the day aggregates do.
    pub(crate) fn on(all_days: &[(Date, u64)], today: Date) -> Self {
        let yesterday = today - Duration::days(1);
        // On a Monday yesterday closed last week: compare it whole with the week before.
        let (from, to) = (monday_of(yesterday), yesterday);
        let between = |from: Date, to: Date| all_days.iter().filter(|(d, _)| *d >= from && *d <= to).map(|(_, n)| n).sum::<u64>();
        Pace {
            from: day_string(from),
            to: day_string(to),
            leads: between(from, to),
            previous_leads: between(from - Duration::weeks(1), to - Duration::weeks(1)),
        }
    }
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
        let pace = Pace::on(&all_days, today);
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
    fn the_weeks_and_days_are_the_charts_figures() {
        // Wednesday 2026-11-25.
        let stats = [day("2026-11-15", 100), day("2026-11-16", 1), day("2026-11-18", 2), day("2026-11-19", 40), day("2026-11-23", 3), day("2026-11-25", 4)];
        let trends = Trends::of(&stats, date!(2026 - 11 - 25), Temperatures { hot: 1, warm: 2, cold: 3 }, Some("f-1".into()));
        assert_eq!(trends.weeks.len(), 12);
        assert_eq!(trends.weeks[11], Week { start: "2026-11-23".into(), leads: 7 });
        assert_eq!(trends.weeks[10], Week { start: "2026-11-16".into(), leads: 43 });
        assert_eq!(trends.weeks[9], Week { start: "2026-11-09".into(), leads: 100 });
        assert_eq!(trends.days.len(), 30);
        assert_eq!(trends.days[0], Day { date: "2026-10-27".into(), leads: 0 });
        assert_eq!(trends.days[29], Day { date: "2026-11-25".into(), leads: 4 });
    }

    /// Leads per day for the pace tests: one a day from Mon 2026-11-09 to Sun 11-22 (last week
    /// and the week before), 10 on each day of this week (Mon 23 to Sun 29): a day counted by
    /// mistake shows.
    fn weeks_of_leads() -> Vec<Stat> {
        let mut stats = Vec::new();
        let mut date = date!(2026 - 11 - 09);
        while date <= date!(2026 - 11 - 29) {
            let leads = if date >= date!(2026 - 11 - 23) { 10 } else if date >= date!(2026 - 11 - 16) { 2 } else { 1 };
            stats.push(day(&day_string(date), leads));
            date = date.next_day().unwrap();
        }
        stats
    }

    fn pace_at(now: time::OffsetDateTime) -> Pace {
        let today = shared::lead_stats::date_of(now);
        Trends::of(&weeks_of_leads(), today, Temperatures::default(), None).pace
    }

    fn pace(from: &str, to: &str, leads: u64, previous_leads: u64) -> Pace {
        Pace { from: from.into(), to: to.into(), leads, previous_leads }
    }

    #[test]
    fn the_week_on_week_pace_compares_the_same_whole_days_of_both_weeks_never_a_day_in_progress() {
        use time::macros::datetime;
        // Wednesday afternoon: Mon–Tue of this week against Mon–Tue of last week (today is not over).
        assert_eq!(pace_at(datetime!(2026-11-25 15:00 UTC)), pace("2026-11-23", "2026-11-24", 20, 4));
        // Sunday night, a minute before the week ends: Mon–Sat against Mon–Sat.
        assert_eq!(pace_at(datetime!(2026-11-29 23:59:59 UTC)), pace("2026-11-23", "2026-11-28", 60, 12));
        // Tuesday just after midnight: Monday alone, against last Monday.
        assert_eq!(pace_at(datetime!(2026-11-24 00:00:01 UTC)), pace("2026-11-23", "2026-11-23", 10, 2));
    }

    #[test]
    fn on_a_monday_no_day_of_the_week_is_over_so_last_week_is_compared_whole_with_the_week_before() {
        use time::macros::datetime;
        assert_eq!(pace_at(datetime!(2026-11-23 00:00 UTC)), pace("2026-11-16", "2026-11-22", 14, 7));
        assert_eq!(pace_at(datetime!(2026-11-23 08:30 UTC)), pace("2026-11-16", "2026-11-22", 14, 7));
        assert_eq!(pace_at(datetime!(2026-11-23 23:59:59 UTC)), pace("2026-11-16", "2026-11-22", 14, 7));
    }

    #[test]
    fn weeks_turn_at_monday_midnight_utc_whatever_the_offset_the_clock_reads_in() {
        use time::macros::datetime;
        // Sunday 22 at 23:30 in California is Monday 23 at 07:30 UTC: a Monday.
        assert_eq!(pace_at(datetime!(2026-11-22 23:30 -8)), pace("2026-11-16", "2026-11-22", 14, 7));
        // Monday 23 at 00:30 in Kiribati (+14) is still Sunday 22 in UTC: Mon–Sat of last week.
        assert_eq!(pace_at(datetime!(2026-11-23 00:30 +14)), pace("2026-11-16", "2026-11-21", 12, 6));
        // The instant itself: one second before Monday 00:00 UTC is Sunday.
        assert_eq!(pace_at(datetime!(2026-11-22 23:59:59 UTC)), pace("2026-11-16", "2026-11-21", 12, 6));
    }

    #[test]
    fn the_figures_keep_the_shape_the_charts_read() {
        let trends = Trends::of(&[], date!(2026 - 11 - 25), Temperatures::default(), None);
        let value = serde_json::to_value(&trends).unwrap();
        assert_eq!(value["pace"], json!({"from": "2026-11-23", "to": "2026-11-24", "leads": 0, "previousLeads": 0}));
        assert_eq!(value["temperatures"], json!({"hot": 0, "warm": 0, "cold": 0}));
        assert_eq!(value["formId"], json!(null));
        assert_eq!(value["weeks"][0], json!({"start": "2026-09-07", "leads": 0}));
        assert_eq!(value["days"][29], json!({"date": "2026-11-25", "leads": 0}));
        let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["weeks", "days", "pace", "temperatures", "formId"]);
    }
}
