//! The facts behind a founder's insights, computed from the aggregates kept on write (the
//! profile's counters, the forms, the `lead_stats` dimensions and the last 12 weeks of days):
//! a bounded number of items whatever the number of leads. Pure: tested with hand-made inputs.

use std::collections::HashMap;

use serde::Serialize;
use shared::{
    forms::Form,
    lead_stats::{AMOUNT_BUCKETS, Dimension, OTHER, OUTSIDE_US},
    leads::us_state_name,
    repo::{lead_stats::Stat, profiles::Profile},
};

/// The window of the weekly figures and the best weekday.
pub const WEEKS: u32 = 12;

pub struct Inputs<'a> {
    pub profile: &'a Profile,
    pub forms: &'a [Form],
    pub dimensions: &'a [Stat],
    /// Leads per day for the last `WEEKS` weeks, oldest first, ending today.
    pub days: &'a [(time::Date, u64)],
    /// The applied portal imports' totals, if any.
    pub investments: Option<&'a shared::invested::Summary>,
}

/// Of a temperature's leads, how many invested on the portal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Converted {
    pub label: String,
    pub leads: u64,
    pub investors: u64,
    /// Investors per 100 leads; `None` without leads.
    pub percent: Option<u64>,
}

/// From the applied portal imports: money confirmed on the portal against interest indicated
/// on the forms, and how each temperature converted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Invested {
    /// Everyone with confirmed money, matched to a lead or not.
    pub investors: u64,
    /// Whole dollars confirmed by the portal.
    pub dollars: u64,
    /// Whole dollars leads indicated on the forms.
    pub indicated: u64,
    pub leads_invested: u64,
    pub by_temperature: Vec<Converted>,
    /// Hot leads without confirmed money (as of the import).
    pub hot_not_invested: u64,
}

/// A part of the leads: `leads` of them, `percent` of all leads (rounded).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Share {
    pub label: String,
    pub leads: u64,
    pub percent: u64,
}

pub fn percent(part: u64, whole: u64) -> u64 {
    if whole == 0 { 0 } else { ((u128::from(part) * 200 + u128::from(whole)) / (2 * u128::from(whole))) as u64 }
}

fn share(label: impl Into<String>, leads: u64, whole: u64) -> Share {
    Share { label: label.into(), leads, percent: percent(leads, whole) }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pipeline {
    pub estimated_interest: u64,
    /// Leads that stated an amount.
    pub with_amount: u64,
    /// Whole dollars, rounded; 0 without amounts.
    pub average: u64,
    /// The bucket holding the median stated amount.
    pub median_bucket: Option<String>,
    /// Leads at $25,000 or more.
    pub large: Share,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Geography {
    /// Leads with a known US state or from abroad.
    pub located: u64,
    /// The top three states (by leads, then name).
    pub states: Vec<Share>,
    pub top_city: Option<Share>,
    pub outside_us: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Momentum {
    pub last_7_days: u64,
    pub previous_7_days: u64,
    /// Leads in the last `WEEKS` weeks.
    pub window: u64,
    /// The weekday with the most leads in the window ('Tuesdays'), its leads and share of the window.
    pub best_weekday: Option<Share>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Quality {
    pub hot: u64,
    pub warm: u64,
    pub cold: u64,
    /// Hot leads no campaign has reached yet (kept on write: `hot_leads - hot_contacted`).
    pub hot_not_emailed: u64,
    /// Whether any campaign has reached any lead yet.
    pub any_emailed: bool,
    /// Investors ready within a week or sooner (immediately, within a week, ASAP).
    pub ready_within_a_week: u64,
    pub top_timeline: Option<Share>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rate {
    pub label: String,
    pub views: u64,
    pub leads: u64,
    /// `None` when the views cannot carry a rate (none, or fewer than the leads: views counted
    /// before the page was recorded).
    pub percent: Option<u64>,
}

impl Rate {
    fn new(label: String, views: u64, leads: u64) -> Self {
        let percent = (views > 0 && leads <= views).then(|| percent(leads, views));
        Self { label, views, leads, percent }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Facts {
    pub leads: u64,
    pub views: u64,
    pub pipeline: Pipeline,
    pub geography: Geography,
    pub momentum: Momentum,
    pub quality: Quality,
    /// Forms with views or leads, best rate first.
    pub forms: Vec<Rate>,
    /// Source pages (hosts) with leads, most leads first.
    pub pages: Vec<Rate>,
    pub invested: Option<Invested>,
}

fn invested(profile: &Profile, summary: &shared::invested::Summary) -> Invested {
    let temperatures = [("Hot", "hot", profile.hot_leads), ("Warm", "warm", profile.warm_leads), ("Cold", "cold", profile.cold_leads)];
    let by_temperature: Vec<Converted> = temperatures
        .iter()
        .map(|(label, key, leads)| {
            let investors = summary.by_temperature.get(*key).map_or(0, |t| t.investors);
            Converted { label: (*label).to_owned(), leads: *leads, investors, percent: (*leads > 0).then(|| percent(investors.min(*leads), *leads)) }
        })
        .collect();
    let hot_not_invested = profile.hot_leads.saturating_sub(by_temperature[0].investors);
    Invested {
        investors: summary.investors,
        dollars: summary.invested_cents / 100,
        indicated: profile.estimated_interest,
        leads_invested: summary.leads_invested,
        by_temperature,
        hot_not_invested,
    }
}

fn by_dimension(stats: &[Stat]) -> HashMap<Dimension, Vec<&Stat>> {
    let mut map: HashMap<Dimension, Vec<&Stat>> = HashMap::new();
    for stat in stats {
        if let Some(dimension) = Dimension::of_key(&stat.stat) {
            map.entry(dimension).or_default().push(stat);
        }
    }
    map
}

/// Most leads first, then by label: a stable order for ties.
fn ranked<'a>(stats: impl IntoIterator<Item = &'a Stat>, label: impl Fn(&Stat) -> String) -> Vec<(String, u64)> {
    let mut ranked: Vec<(String, u64)> = stats.into_iter().filter(|s| s.leads > 0).map(|s| (label(s), s.leads)).collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    ranked
}

fn label_of(stat: &Stat) -> String {
    stat.label.clone().filter(|l| !l.trim().is_empty()).unwrap_or_else(|| stat.value().to_owned())
}

const WEEKDAYS: [&str; 7] = ["Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays"];

pub fn compute(inputs: &Inputs<'_>) -> Facts {
    let leads = inputs.profile.interested_investors_count;
    let dims = by_dimension(inputs.dimensions);
    let empty = Vec::new();
    let dim = |d: Dimension| dims.get(&d).unwrap_or(&empty);

    // Pipeline: the amount buckets.
    let buckets: Vec<(&str, u64)> = AMOUNT_BUCKETS
        .iter()
        .map(|(key, label, _)| (*label, dim(Dimension::Amount).iter().find(|s| s.value() == *key).map_or(0, |s| s.leads)))
        .collect();
    let with_amount: u64 = buckets.iter().map(|(_, n)| n).sum();
    let amount_sum: u64 = dim(Dimension::Amount).iter().map(|s| s.amount).sum();
    let median_bucket = (with_amount > 0).then(|| {
        let middle = with_amount.div_ceil(2);
        let mut seen = 0;
        buckets.iter().find(|(_, n)| {
            seen += n;
            seen >= middle
        })
    });
    let large: u64 = buckets.iter().skip(2).map(|(_, n)| n).sum();
    let pipeline = Pipeline {
        estimated_interest: inputs.profile.estimated_interest,
        with_amount,
        average: if with_amount == 0 { 0 } else { (amount_sum + with_amount / 2) / with_amount },
        median_bucket: median_bucket.flatten().map(|(label, _)| (*label).to_owned()),
        large: share("$25,000 or more", large, with_amount),
    };

    // Geography: states by name, the top city.
    let state_label = |s: &Stat| if s.value() == OUTSIDE_US.to_lowercase() || s.value() == OUTSIDE_US { "outside the US".to_owned() } else { us_state_name(s.value()).unwrap_or_else(|| s.value().to_owned()) };
    let states = dim(Dimension::State);
    let located: u64 = states.iter().map(|s| s.leads).sum();
    let outside_us = states.iter().filter(|s| s.value().eq_ignore_ascii_case(OUTSIDE_US)).map(|s| s.leads).sum();
    let ranked_states = ranked(states.iter().copied().filter(|s| !s.value().eq_ignore_ascii_case(OUTSIDE_US)), state_label);
    let cities = ranked(dim(Dimension::City).iter().copied().filter(|s| s.value() != OTHER), label_of);
    let geography = Geography {
        located,
        states: ranked_states.into_iter().take(3).map(|(label, n)| share(label, n, leads)).collect(),
        top_city: cities.into_iter().next().filter(|(_, n)| *n >= 2).map(|(label, n)| share(label, n, leads)),
        outside_us,
    };

    // Momentum: the last 14 days, the weekdays of the window.
    let recent = |from: usize, to: usize| inputs.days.iter().rev().skip(from).take(to - from).map(|(_, n)| n).sum::<u64>();
    let window: u64 = inputs.days.iter().map(|(_, n)| n).sum();
    let mut weekdays = [0u64; 7];
    for (date, n) in inputs.days {
        weekdays[usize::from(date.weekday().number_days_from_monday())] += n;
    }
    let best = (0..7).max_by(|a, b| weekdays[*a].cmp(&weekdays[*b]).then_with(|| b.cmp(a))).filter(|i| weekdays[*i] > 0);
    let momentum = Momentum {
        last_7_days: recent(0, 7),
        previous_7_days: recent(7, 14),
        window,
        best_weekday: best.map(|i| share(WEEKDAYS[i], weekdays[i], window)),
    };

    // Quality: temperatures and timelines.
    let timelines = ranked(dim(Dimension::Timeline).iter().copied().filter(|s| s.value() != OTHER), label_of);
    let ready = dim(Dimension::Timeline)
        .iter()
        .filter(|s| {
            let label = label_of(s).to_lowercase();
            ["immediately", "within a week", "asap"].iter().any(|w| label.contains(w))
        })
        .map(|s| s.leads)
        .sum();
    let quality = Quality {
        hot: inputs.profile.hot_leads,
        warm: inputs.profile.warm_leads,
        cold: inputs.profile.cold_leads,
        hot_not_emailed: inputs.profile.hot_leads.saturating_sub(inputs.profile.hot_contacted),
        any_emailed: inputs.profile.hot_contacted + inputs.profile.warm_contacted + inputs.profile.cold_contacted > 0,
        ready_within_a_week: ready,
        top_timeline: timelines.into_iter().next().map(|(label, n)| share(label, n, leads)),
    };

    // Conversion: forms (views on the form, leads from the aggregates) and source pages.
    let form_leads: HashMap<&str, u64> = dim(Dimension::Form).iter().map(|s| (s.value(), s.leads)).collect();
    let mut forms: Vec<Rate> = inputs
        .forms
        .iter()
        .map(|f| Rate::new(f.name.clone(), f.views, form_leads.get(f.id.as_str()).copied().unwrap_or(0)))
        .filter(|r| r.views > 0 || r.leads > 0)
        .collect();
    forms.sort_by(|a, b| b.percent.cmp(&a.percent).then_with(|| b.leads.cmp(&a.leads)).then_with(|| a.label.cmp(&b.label)));
    let mut pages: Vec<Rate> =
        dim(Dimension::Host).iter().filter(|s| s.value() != OTHER && s.leads > 0).map(|s| Rate::new(label_of(s), s.views, s.leads)).collect();
    pages.sort_by(|a, b| b.leads.cmp(&a.leads).then_with(|| a.label.cmp(&b.label)));

    Facts {
        leads,
        views: inputs.forms.iter().map(|f| f.views).sum(),
        pipeline,
        geography,
        momentum,
        quality,
        forms,
        pages,
        invested: inputs.investments.map(|summary| invested(inputs.profile, summary)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_round_half_up() {
        assert_eq!(percent(15, 40), 38);
        assert_eq!(percent(1, 3), 33);
        assert_eq!(percent(2, 3), 67);
        assert_eq!(percent(5, 0), 0);
        assert_eq!(percent(u64::MAX / 100, u64::MAX / 100), 100);
    }
}
