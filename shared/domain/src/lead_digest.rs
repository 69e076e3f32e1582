//! How a founder hears about new leads (Settings → Notifications): one e-mail per lead (the
//! default), an hourly or a daily digest, or nothing. With one e-mail per lead, the first
//! [`INSTANT_MAILS_PER_HOUR`] leads of an hour are mailed one by one and the rest of that hour
//! roll into its digest, so a launch never floods the founder's inbox. Each lead is in exactly
//! one e-mail or one digest (`repo::lead_digests` claims it); this module holds the rules and
//! the digest's words. Hours and days are UTC.

use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime, Time};

/// Instant "New investor lead" e-mails a founder gets in one hour before the rest roll into
/// the hour's digest.
pub const INSTANT_MAILS_PER_HOUR: u32 = 20;

/// Sources a digest names.
pub const TOP_SOURCES: usize = 3;

/// What a digest calls leads whose form was opened from its own link, not an embedding page.
pub const DIRECT_SOURCE: &str = "your form link";

/// The founder's choice (Settings → Notifications).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeadMails {
    /// One e-mail per lead, up to [`INSTANT_MAILS_PER_HOUR`] an hour; the rest in the hour's digest.
    #[default]
    Every,
    Hourly,
    Daily,
    Off,
}

impl LeadMails {
    pub const ALL: [Self; 4] = [Self::Every, Self::Hourly, Self::Daily, Self::Off];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Every => "every",
            Self::Hourly => "hourly",
            Self::Daily => "daily",
            Self::Off => "off",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|mails| mails.as_str() == raw)
    }

    /// The digest a lead taken in at `now` joins when it is not mailed on its own: `None` when
    /// the founder turned lead e-mails off.
    pub fn digest_period(self, now: OffsetDateTime) -> Option<Period> {
        match self {
            Self::Every | Self::Hourly => Some(Period::hour_of(now)),
            Self::Daily => Some(Period::day_of(now)),
            Self::Off => None,
        }
    }

    /// How many of `pending` leads are mailed one by one, when `used` instant e-mails went out
    /// this hour already; the rest join the digest.
    pub fn instant_share(self, pending: usize, used: u32) -> usize {
        match self {
            Self::Every => pending.min(INSTANT_MAILS_PER_HOUR.saturating_sub(used) as usize),
            Self::Hourly | Self::Daily | Self::Off => 0,
        }
    }
}

/// A digest's period: a UTC hour or day, from its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    Hour(OffsetDateTime),
    Day(OffsetDateTime),
}

impl Period {
    pub fn hour_of(at: OffsetDateTime) -> Self {
        let at = at.to_offset(time::UtcOffset::UTC);
        Self::Hour(at.replace_time(Time::from_hms(at.hour(), 0, 0).unwrap_or(Time::MIDNIGHT)))
    }

    pub fn day_of(at: OffsetDateTime) -> Self {
        Self::Day(at.to_offset(time::UtcOffset::UTC).replace_time(Time::MIDNIGHT))
    }

    pub fn start(self) -> OffsetDateTime {
        match self {
            Self::Hour(start) | Self::Day(start) => start,
        }
    }

    /// When the digest is due: the period's end.
    pub fn end(self) -> OffsetDateTime {
        match self {
            Self::Hour(start) => start + Duration::HOUR,
            Self::Day(start) => start + Duration::DAY,
        }
    }

    /// The period after this one (where leads go once this digest is being sent).
    pub fn next(self) -> Self {
        match self {
            Self::Hour(_) => Self::Hour(self.end()),
            Self::Day(_) => Self::Day(self.end()),
        }
    }

    /// The digest's item in `lead_stats`: `n#h#2026-11-28T04` or `n#d#2026-11-28`.
    pub fn key(self) -> String {
        let start = crate::days::iso(self.start());
        match self {
            Self::Hour(_) => format!("n#h#{}", &start[..13]),
            Self::Day(_) => format!("n#d#{}", &start[..10]),
        }
    }

    /// The period a digest key names (`None` for anything else).
    pub fn from_key(key: &str) -> Option<Self> {
        let parse = |text: String| OffsetDateTime::parse(&text, &time::format_description::well_known::Rfc3339).ok();
        if let Some(hour) = key.strip_prefix("n#h#") {
            parse(format!("{hour}:00:00Z")).map(Self::hour_of)
        } else if let Some(day) = key.strip_prefix("n#d#") {
            parse(format!("{day}T00:00:00Z")).map(Self::day_of)
        } else {
            None
        }
    }

    /// "in the last hour" / "on Saturday 28 November".
    fn phrase(self) -> String {
        match self {
            Self::Hour(_) => "in the last hour".to_owned(),
            Self::Day(start) => format!("on {} {} {}", start.weekday(), start.day(), start.month()),
        }
    }

    /// "04:00–05:00 UTC, 28 November" / "28 November (UTC)".
    fn span(self) -> String {
        let start = self.start();
        match self {
            Self::Hour(_) => format!("{:02}:00–{:02}:00 UTC, {} {}", start.hour(), self.end().hour(), start.day(), start.month()),
            Self::Day(_) => format!("{} {} (UTC)", start.day(), start.month()),
        }
    }
}

/// What a digest adds up: its leads by temperature and by source page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Digest {
    pub leads: u64,
    pub hot: u64,
    pub warm: u64,
    pub cold: u64,
    /// Leads per source (the embedding page's host, or [`DIRECT_SOURCE`]).
    pub sources: Vec<(String, u64)>,
}

impl Digest {
    /// The digest's counter for a lead's temperature: `hot`, `warm` or `cold`.
    pub fn temperature(status: &str) -> &'static str {
        match status {
            "hot" => "hot",
            "warm" => "warm",
            _ => "cold",
        }
    }

    /// The source a lead is counted under.
    pub fn source(host: Option<&str>) -> &str {
        host.filter(|host| !host.is_empty()).unwrap_or(DIRECT_SOURCE)
    }

    /// The [`TOP_SOURCES`] sources with the most leads (ties by name).
    pub fn top_sources(&self) -> Vec<(String, u64)> {
        let mut sources = self.sources.clone();
        sources.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        sources.truncate(TOP_SOURCES);
        sources
    }

    pub fn subject(&self, period: Period) -> String {
        format!("{} {}", leads_phrase(self.leads), period.phrase())
    }

    /// "37 new leads in the last hour: 12 hot, 15 warm, 10 cold — top sources: news.example.com (20), …"
    pub fn summary(&self, period: Period) -> String {
        let mut summary = format!("{}: {} hot, {} warm, {} cold", self.subject(period), self.hot, self.warm, self.cold);
        let top = self.top_sources();
        if !top.is_empty() {
            let named: Vec<String> = top.iter().map(|(source, leads)| format!("{source} ({leads})")).collect();
            summary.push_str(&format!(" — top sources: {}", named.join(", ")));
        }
        summary
    }

    /// Which leads the digest covers, for its footer.
    pub fn covers(period: Period) -> String {
        format!("Leads taken in {}.", period.span())
    }
}

fn leads_phrase(leads: u64) -> String {
    if leads == 1 { "1 new lead".to_owned() } else { format!("{leads} new leads") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn a_lead_joins_the_digest_of_its_utc_hour_or_day_and_none_when_mails_are_off() {
        let at = datetime!(2026-11-28 04:59:59.9 UTC);
        assert_eq!(LeadMails::Every.digest_period(at).unwrap().key(), "n#h#2026-11-28T04");
        assert_eq!(LeadMails::Hourly.digest_period(at).unwrap().key(), "n#h#2026-11-28T04");
        assert_eq!(LeadMails::Daily.digest_period(at).unwrap().key(), "n#d#2026-11-28");
        assert_eq!(LeadMails::Off.digest_period(at), None);
        let hour = Period::hour_of(at);
        assert_eq!(hour.end(), datetime!(2026-11-28 05:00 UTC));
        assert_eq!(hour.next().key(), "n#h#2026-11-28T05");
        assert_eq!(Period::day_of(datetime!(2026-11-30 23:00 -2)).key(), "n#d#2026-12-01");
        for period in [hour, hour.next(), Period::day_of(at), Period::day_of(at).next()] {
            assert_eq!(Period::from_key(&period.key()), Some(period));
        }
        assert_eq!(Period::from_key("fold#x"), None);
    }

    #[test]
    fn only_every_lead_mails_one_by_one_and_never_past_the_hours_allowance() {
        assert_eq!(LeadMails::Every.instant_share(5, 0), 5);
        assert_eq!(LeadMails::Every.instant_share(50, 0), INSTANT_MAILS_PER_HOUR as usize);
        assert_eq!(LeadMails::Every.instant_share(50, 18), 2);
        assert_eq!(LeadMails::Every.instant_share(3, 20), 0);
        assert_eq!(LeadMails::Every.instant_share(3, 25), 0);
        for mails in [LeadMails::Hourly, LeadMails::Daily, LeadMails::Off] {
            assert_eq!(mails.instant_share(5, 0), 0);
        }
    }

    #[test]
    fn the_choice_reads_back_from_its_stored_name_and_nothing_else_parses() {
        for mails in LeadMails::ALL {
            assert_eq!(LeadMails::parse(mails.as_str()), Some(mails));
            assert_eq!(serde_json::to_value(mails).unwrap(), mails.as_str());
        }
        assert_eq!(LeadMails::parse("weekly"), None);
        assert_eq!(LeadMails::default(), LeadMails::Every);
    }

    #[test]
    fn the_digest_says_how_many_by_temperature_and_its_top_three_sources() {
        let digest = Digest {
            leads: 37,
            hot: 12,
            warm: 15,
            cold: 10,
            sources: vec![("b.example".into(), 5), (DIRECT_SOURCE.into(), 10), ("news.example.com".into(), 20), ("a.example".into(), 5)],
        };
        let hour = Period::hour_of(datetime!(2026-11-28 04:10 UTC));
        assert_eq!(digest.subject(hour), "37 new leads in the last hour");
        assert_eq!(
            digest.summary(hour),
            "37 new leads in the last hour: 12 hot, 15 warm, 10 cold — top sources: news.example.com (20), your form link (10), a.example (5)"
        );
        let one = Digest { leads: 1, cold: 1, ..Digest::default() };
        assert_eq!(one.summary(Period::day_of(datetime!(2026-11-28 04:10 UTC))), "1 new lead on Saturday 28 November: 0 hot, 0 warm, 1 cold");
        assert_eq!(Digest::covers(hour), "Leads taken in 04:00–05:00 UTC, 28 November.");
        assert_eq!(Digest::source(Some("")), DIRECT_SOURCE);
        assert_eq!(Digest::source(Some("x.example")), "x.example");
        assert_eq!(Digest::temperature("warm"), "warm");
        assert_eq!(Digest::temperature("unknown"), "cold");
    }
}
