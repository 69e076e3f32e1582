//! What each lead adds to its founder's aggregates, the rules only (the table is
//! `repo::lead_stats`). A lead's *facets* — its US state, city, timeline answer and the host of
//! the page that embedded the form — are read once, at capture, and stored with the lead; when
//! the lead is counted, each facet, its amount bucket, its form and its day add one to an item
//! of the founder's `lead_stats` partition, and the keys it was added to are kept on the lead
//! so deleting it takes off exactly those.
//!
//! Every dimension has a bounded number of items whatever the number of leads: states, amount
//! buckets and forms are closed sets; the open ones (city, timeline, host), whose values come
//! from investors, register at most [`Dimension::cap`] distinct values and count the rest as
//! [`OTHER`]; days are read by key range.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

pub use crate::days::{date_of, day_of, day_string, monday_of, weeks_start};

use crate::{
    attribution::Attribution,
    forms::Form,
    leads::{LocationData, timeline_answer, us_state_code},
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dimension {
    State,
    City,
    Amount,
    Timeline,
    Form,
    Host,
    /// Where visitors came from: `utm_source`, another site's referrer, or direct.
    Source,
    /// The embedding page's `utm_campaign`.
    Campaign,
    /// The embedding page: host and path.
    Page,
}

impl Dimension {
    pub const ALL: [Dimension; 9] = [Self::State, Self::City, Self::Amount, Self::Timeline, Self::Form, Self::Host, Self::Source, Self::Campaign, Self::Page];
    /// The dimensions a visit (a view or a start) is counted in, besides its form.
    pub const VISITS: [Dimension; 4] = [Self::Host, Self::Source, Self::Campaign, Self::Page];

    pub fn name(self) -> &'static str {
        match self {
            Self::State => "state",
            Self::City => "city",
            Self::Amount => "amount",
            Self::Timeline => "timeline",
            Self::Form => "form",
            Self::Host => "host",
            Self::Source => "source",
            Self::Campaign => "campaign",
            Self::Page => "page",
        }
    }

    /// How many distinct values an open dimension registers before counting the rest as
    /// [`OTHER`]; `None` for the closed ones.
    pub fn cap(self) -> Option<u64> {
        match self {
            Self::City => Some(300),
            Self::Timeline => Some(30),
            Self::Host | Self::Source | Self::Campaign | Self::Page => Some(100),
            Self::State | Self::Amount | Self::Form => None,
        }
    }

    pub fn of_key(stat: &str) -> Option<Self> {
        let name = stat.strip_prefix(DIMENSION_PREFIX)?.split('#').next()?;
        Self::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The item of one value: `d#state#CA`.
    pub fn key(self, value: &str) -> String {
        format!("{DIMENSION_PREFIX}{}#{value}", self.name())
    }

    /// The item counting this dimension's distinct values: `r#city`.
    pub fn registry_key(self) -> String {
        format!("r#{}", self.name())
    }
}

pub const DIMENSION_PREFIX: &str = "d#";
/// The value of an open dimension once its cap is reached.
pub const OTHER: &str = "~other";
/// State value of a lead from outside the US.
pub const OUTSIDE_US: &str = "INTL";
/// The cached phrasing of the founder's insights.
pub const INSIGHTS_CACHE_KEY: &str = "c#insights";

/// Leads per UTC day, all forms: `t#day#2026-11-23`.
pub fn day_key(day: &str) -> String {
    format!("t#day#{day}")
}

/// Leads per UTC day of one form: `t#fday#<form id>#2026-11-23`.
pub fn form_day_key(form_id: &str, day: &str) -> String {
    format!("t#fday#{form_id}#{day}")
}

/// What a lead's answers and origin say about it, read once at capture.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facets {
    /// A US state's 2-letter code, or [`OUTSIDE_US`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// 'Austin, TX' (as the investor or the CDN wrote the city).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeline: Option<String>,
    /// The host of the page that embedded the form ('www.' dropped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// [`Attribution::source`]: `utm_source`, another site's referrer host, or direct.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The embedding page's `utm_campaign`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign: Option<String>,
    /// [`Attribution::page_label`]: `harbor.example/invest`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<String>,
}

const MAX_LABEL: usize = 60;

/// Trimmed, inner whitespace collapsed, at most 60 characters; `None` when empty.
fn clean(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let joined: String = words.join(" ").chars().filter(|c| !c.is_control()).take(MAX_LABEL).collect();
    let trimmed = joined.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_owned())
}

impl Facets {
    pub fn of(form: &Form, answers: &HashMap<String, String>, location: Option<&LocationData>, attribution: &Attribution) -> Self {
        let region = location.and_then(|l| l.region.as_deref());
        let country = location.and_then(|l| l.country_name.as_deref());
        let state = region.and_then(us_state_code).map(str::to_owned).or_else(|| {
            let abroad = country.is_some_and(|c| !["united states", "us", "usa", "united states of america"].contains(&c.trim().to_lowercase().as_str()));
            abroad.then(|| OUTSIDE_US.to_owned())
        });
        let city = location.and_then(|l| l.city.as_deref()).and_then(clean).map(|city| match state.as_deref() {
            Some(code) if code != OUTSIDE_US => format!("{city}, {code}"),
            _ => city,
        });
        Self {
            state,
            city,
            timeline: timeline_answer(form, answers).and_then(clean),
            ..Self::of_visit(attribution)
        }
    }

    /// The facets a visit has before any answer: where it came from.
    pub fn of_visit(attribution: &Attribution) -> Self {
        Self {
            host: attribution.page.as_deref().and_then(host_of),
            source: clean(&attribution.source()),
            campaign: attribution.utm_campaign.as_deref().and_then(clean),
            page: attribution.page_label().as_deref().and_then(clean),
            ..Self::default()
        }
    }

    /// The value each open or closed facet dimension takes (amount and form come from the lead).
    pub fn values(&self) -> Vec<(Dimension, &str)> {
        let mut values = Vec::new();
        let all = [
            (Dimension::State, &self.state),
            (Dimension::City, &self.city),
            (Dimension::Timeline, &self.timeline),
            (Dimension::Host, &self.host),
            (Dimension::Source, &self.source),
            (Dimension::Campaign, &self.campaign),
            (Dimension::Page, &self.page),
        ];
        for (dimension, value) in all {
            if let Some(value) = value {
                values.push((dimension, value.as_str()));
            }
        }
        values
    }
}

/// The key part of an open value: lower-case, no '#' (the key separator).
pub fn value_key(value: &str) -> String {
    value.to_lowercase().replace('#', " ")
}

/// The host of a web address: lower-case, no port, user or 'www.'; `None` unless it looks like
/// a real host name.
pub fn host_of(url: &str) -> Option<String> {
    let rest = url.trim().split_once("://").map(|(scheme, rest)| (scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")).then_some(rest))??;
    let authority = rest.split(['/', '?', '#']).next()?;
    let host = authority.rsplit('@').next()?.split(':').next()?.to_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host).to_owned();
    let valid = !host.is_empty()
        && host.len() <= 100
        && host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        && !host.starts_with(['.', '-'])
        && !host.ends_with(['.', '-']);
    valid.then_some(host)
}

/// The amount buckets, in order: key, label, lower bound (inclusive) in whole dollars.
pub const AMOUNT_BUCKETS: [(&str, &str, u64); 5] = [
    ("0-10k", "under $10,000", 1),
    ("10k-25k", "$10,000 to $25,000", 10_000),
    ("25k-50k", "$25,000 to $50,000", 25_000),
    ("50k-100k", "$50,000 to $100,000", 50_000),
    ("100k+", "$100,000 or more", 100_000),
];

/// The bucket of a lead's estimated amount; `None` when it stated none (0).
pub fn amount_bucket(amount: u64) -> Option<&'static str> {
    AMOUNT_BUCKETS.iter().rev().find(|(_, _, from)| amount >= *from).map(|(key, _, _)| *key)
}

/// One aggregate item of a founder's `lead_stats` partition, read leniently.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct Stat {
    pub stat: String,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub leads: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub amount: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub views: u64,
    /// Visitors who touched a field (first time that day), for source and form items.
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub starts: u64,
    /// Of `leads`, those hot now.
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub hot: u64,
    #[serde(default)]
    pub label: Option<String>,
}

impl Stat {
    /// The value part of the key (`CA` of `d#state#CA`, the date of `t#day#…`).
    pub fn value(&self) -> &str {
        self.stat.rsplit('#').next().unwrap_or_default()
    }
}

/// Leads per day for the `count` days ending `today`, oldest first; a day without an item is 0.
/// `stats` are day items (`t#day#…` or `t#fday#…#…`).
pub fn daily(stats: &[Stat], today: time::Date, count: u32) -> Vec<(time::Date, u64)> {
    let by_day: HashMap<&str, u64> = stats.iter().map(|stat| (stat.value(), stat.leads)).collect();
    (0..i64::from(count))
        .rev()
        .map(|back| today - time::Duration::days(back))
        .map(|date| (date, by_day.get(day_string(date).as_str()).copied().unwrap_or(0)))
        .collect()
}

/// Leads per week (Monday to Sunday, UTC) for the `count` weeks ending with `today`'s week,
/// oldest first, each with its Monday.
pub fn weekly(days: &[(time::Date, u64)], today: time::Date, count: u32) -> Vec<(time::Date, u64)> {
    let this_week = monday_of(today);
    (0..i64::from(count))
        .rev()
        .map(|back| this_week - time::Duration::weeks(back))
        .map(|monday| (monday, days.iter().filter(|(date, _)| monday_of(*date) == monday).map(|(_, leads)| leads).sum()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(stat: &str, leads: u64) -> Stat {
        Stat { stat: stat.into(), leads, ..Stat::default() }
    }

    #[test]
    fn days_and_weeks_fill_gaps_with_zero() {
        let today = time::macros::date!(2026 - 11 - 25); // a Wednesday
        let stats = [day("t#day#2026-11-25", 2), day("t#day#2026-11-23", 1), day("t#fday#f#2026-11-16", 4), day("t#day#2026-08-01", 9)];
        let days = daily(&stats, today, 14);
        assert_eq!(days.len(), 14);
        assert_eq!(days[13], (today, 2));
        assert_eq!(days[11], (time::macros::date!(2026 - 11 - 23), 1));
        assert_eq!(days[12].1, 0);
        assert_eq!(days[0].0, time::macros::date!(2026 - 11 - 12));
        let weeks = weekly(&days, today, 3);
        assert_eq!(
            weeks,
            vec![(time::macros::date!(2026 - 11 - 09), 0), (time::macros::date!(2026 - 11 - 16), 4), (time::macros::date!(2026 - 11 - 23), 3)]
        );
        assert_eq!(weeks_start(today, 12), time::macros::date!(2026 - 09 - 07));
        assert_eq!(day_string(time::macros::date!(2026 - 01 - 05)), "2026-01-05");
    }

    #[test]
    fn hosts_are_read_from_web_addresses_only() {
        assert_eq!(host_of("https://www.Sunrise-Solar.example/invest?utm=x").as_deref(), Some("sunrise-solar.example"));
        assert_eq!(host_of("http://user:pw@blog.example.com:8080/a#b").as_deref(), Some("blog.example.com"));
        assert_eq!(host_of("javascript:alert(1)"), None);
        assert_eq!(host_of("https://exa mple.com/"), None);
        assert_eq!(host_of("https:///path"), None);
        assert_eq!(host_of(&format!("https://{}.com", "a".repeat(120))), None);
        assert_eq!(host_of("https://<script>.com"), None);
    }

    #[test]
    fn amounts_fall_in_half_open_buckets() {
        assert_eq!(amount_bucket(0), None);
        assert_eq!(amount_bucket(5_000), Some("0-10k"));
        assert_eq!(amount_bucket(10_000), Some("10k-25k"));
        assert_eq!(amount_bucket(17_500), Some("10k-25k"));
        assert_eq!(amount_bucket(37_500), Some("25k-50k"));
        assert_eq!(amount_bucket(75_000), Some("50k-100k"));
        assert_eq!(amount_bucket(120_000), Some("100k+"));
        assert_eq!(amount_bucket(5_000_000), Some("100k+"));
    }

    fn form_with_timeline() -> Form {
        let mut form: Form = serde_json::from_value(serde_json::json!({
            "id": "f", "user_id": "u", "name": "F", "description": "", "fields": [], "created_at": "x", "updated_at": "x"
        }))
        .unwrap();
        form.fields = vec![crate::forms::FieldPreset::find("investment_timeline").unwrap().to_field(0, false)];
        form
    }

    #[test]
    fn facets_read_state_city_timeline_and_host() {
        let form = form_with_timeline();
        let field = form.fields[0].id.clone();
        let answers: HashMap<String, String> = [(field, "Within a month".to_owned())].into();
        let location = LocationData { city: Some("  Austin ".into()), region: Some("Texas".into()), country_name: None };
        let facets = Facets::of(&form, &answers, Some(&location), &Attribution::of(Some("https://www.startup.example/invest?utm_campaign=Launch"), None));
        assert_eq!(
            facets,
            Facets {
                state: Some("TX".into()),
                city: Some("Austin, TX".into()),
                timeline: Some("Within a month".into()),
                host: Some("startup.example".into()),
                source: Some("direct".into()),
                campaign: Some("Launch".into()),
                page: Some("startup.example/invest".into()),
            }
        );
        let abroad = LocationData { city: Some("Lyon".into()), region: Some("Auvergne-Rhône-Alpes".into()), country_name: Some("France".into()) };
        let facets = Facets::of(&form, &HashMap::new(), Some(&abroad), &Attribution::of(Some("not a url"), None));
        assert_eq!(facets, Facets { state: Some(OUTSIDE_US.into()), city: Some("Lyon".into()), source: Some("direct".into()), ..Facets::default() });
        let typed = LocationData { city: None, region: Some("Atlantis".into()), country_name: None };
        assert_eq!(Facets::of(&form, &HashMap::new(), Some(&typed), &Attribution::default()), Facets { source: Some("direct".into()), ..Facets::default() });
    }

    #[test]
    fn hostile_values_become_bounded_keys() {
        let long = format!("  {}#{}  ", "x".repeat(100), "\u{0}");
        let cleaned = clean(&long).unwrap();
        assert_eq!(cleaned.chars().count(), MAX_LABEL);
        assert_eq!(value_key("New York#1"), "new york 1");
        assert_eq!(Dimension::of_key(&Dimension::City.key("austin, tx")), Some(Dimension::City));
        assert_eq!(Dimension::of_key("t#day#2026-01-01"), None);
        assert_eq!(day_of("2026-11-23T10:00:00Z"), Some("2026-11-23"));
        assert_eq!(day_of("yesterday"), None);
    }
}
