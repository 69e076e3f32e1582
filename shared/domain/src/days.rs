//! Day arithmetic and timestamp formatting. Nothing here reads the clock: `now`/`today` are
//! parameters (the caller reads `state.clock`).

use time::{Date, OffsetDateTime, format_description::well_known::Rfc3339};

/// `2026-11-22T10:15:30.123Z`
pub fn iso(at: OffsetDateTime) -> String {
    at.format(&Rfc3339).unwrap_or_default()
}

pub fn unix(at: OffsetDateTime) -> i64 {
    at.unix_timestamp()
}

/// RFC 3339 for Unix seconds (empty for a value out of range).
pub fn iso_from_unix(seconds: i64) -> String {
    OffsetDateTime::from_unix_timestamp(seconds).map(iso).unwrap_or_default()
}

/// Unix seconds of a stored RFC 3339 timestamp (`None` when it does not parse).
pub fn unix_of(at: &str) -> Option<i64> {
    OffsetDateTime::parse(at, &Rfc3339).ok().map(OffsetDateTime::unix_timestamp)
}

/// `2026-11-23` from a stored RFC 3339 timestamp.
pub fn day_of(created_at: &str) -> Option<&str> {
    let day = created_at.get(..10)?;
    Date::parse(day, &time::format_description::well_known::Iso8601::DATE).ok().map(|_| day)
}

/// The UTC date of `at`.
pub fn date_of(at: OffsetDateTime) -> Date {
    at.to_offset(time::UtcOffset::UTC).date()
}

/// `2026-11-23`
pub fn day_string(date: Date) -> String {
    format!("{:04}-{:02}-{:02}", date.year(), u8::from(date.month()), date.day())
}

/// The Monday of `date`'s week.
pub fn monday_of(date: Date) -> Date {
    date - time::Duration::days(i64::from(date.weekday().number_days_from_monday()))
}

/// The first day the weekly view of `count` weeks ending with `today`'s week needs.
pub fn weeks_start(today: Date, count: u32) -> Date {
    monday_of(today) - time::Duration::weeks(i64::from(count) - 1)
}

/// Minutes (rounded up, at least 1) between two RFC 3339 times.
pub fn minutes_between(from: &str, to: &str) -> i64 {
    match (OffsetDateTime::parse(from, &Rfc3339), OffsetDateTime::parse(to, &Rfc3339)) {
        (Ok(from), Ok(to)) => ((to - from).whole_seconds().max(0) + 59).div_euclid(60).max(1),
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_read_from_timestamps_and_written_zero_padded() {
        assert_eq!(day_of("2026-11-23T10:00:00Z"), Some("2026-11-23"));
        assert_eq!(unix_of(&iso_from_unix(1_795_000_000)), Some(1_795_000_000));
        assert_eq!(unix_of("yesterday"), None);
        assert_eq!(day_of("yesterday"), None);
        assert_eq!(day_string(time::macros::date!(2026 - 01 - 05)), "2026-01-05");
        assert_eq!(weeks_start(time::macros::date!(2026 - 11 - 25), 12), time::macros::date!(2026 - 09 - 07));
        assert_eq!(iso_from_unix(0), "1970-01-01T00:00:00Z");
    }

    #[test]
    fn minutes_are_rounded_up_and_at_least_one() {
        assert_eq!(minutes_between("2026-11-23T10:00:00Z", "2026-11-23T10:00:10Z"), 1);
        assert_eq!(minutes_between("2026-11-23T10:00:00Z", "2026-11-23T10:30:00Z"), 30);
        assert_eq!(minutes_between("2026-11-23T10:00:00Z", "2026-11-23T10:30:01Z"), 31);
        assert_eq!(minutes_between("nonsense", "2026-11-23T10:30:01Z"), 1);
    }
}
