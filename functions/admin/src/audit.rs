//! The impersonation audit log, newest first, by administrator, by target, or everyone's,
//! optionally between two dates: Queries on the audit table's GSIs only.

use serde::Serialize;
use shared::{
    ApiError, AppState, Result,
    dynamo::Item,
    email::EmailAddress,
    impersonation::{Activity, Change, View},
    repo::impersonations::{EndedBy, Impersonation, LOG_PARTITION, Listing},
    time::iso_from_unix,
};

use crate::cursor;

pub const PAGE_SIZE: usize = 25;
/// Records read per DynamoDB page when records are filtered (administrator and target both).
const FILTERED_READ: i32 = 100;
/// A filtered page reads at most this many DynamoDB pages before answering with what it has.
const MAX_READS: usize = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The link exists and was not used yet.
    Pending,
    /// The support session is running.
    Active,
    Ended,
}

/// Where a record stands at `now` (Unix seconds). A link or session whose time is up counts
/// as ended even before the sweep has stamped it.
pub fn status(record: &Impersonation, now: i64) -> Status {
    if record.ended_at.is_some() || record.ends_at <= now {
        Status::Ended
    } else if record.session_started_at.is_some() {
        Status::Active
    } else {
        Status::Pending
    }
}

/// A record as the admin area shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RecordView {
    pub id: String,
    pub admin_id: String,
    pub admin_email: String,
    pub target_id: String,
    pub target_email: String,
    pub reason: String,
    pub started_at: String,
    pub session_started_at: Option<String>,
    /// RFC 3339: the link's expiry until the session started, then the session's end.
    pub ends_at: String,
    pub ended_at: Option<String>,
    pub ended_by: Option<EndedBy>,
    pub ip: String,
    pub user_agent: String,
    /// Writes made or attempted, in order.
    pub changes: Vec<Change>,
    /// Reads, grouped by route.
    pub views: Vec<View>,
    /// False when more was recorded than is listed.
    pub complete: bool,
    pub status: Status,
}

impl RecordView {
    /// Records with what was done in each (a Query of the actions table per started session,
    /// a few at a time; a page holds at most 25 records).
    pub async fn all(state: &AppState, records: Vec<Impersonation>, now: i64) -> Result<Vec<Self>> {
        use futures::{StreamExt, TryStreamExt};
        futures::stream::iter(records)
            .map(|record| async move {
                let activity = if record.session_started_at.is_some() { Activity::of_session(state, &record.id).await? } else { Activity { complete: true, ..Activity::default() } };
                Ok::<_, ApiError>(Self::of(record, activity, now))
            })
            .buffered(8)
            .try_collect()
            .await
    }

    pub fn of(record: Impersonation, activity: Activity, now: i64) -> Self {
        let status = status(&record, now);
        Self {
            ends_at: iso_from_unix(record.ends_at),
            id: record.id,
            admin_id: record.admin_id,
            admin_email: record.admin_email,
            target_id: record.target_id,
            target_email: record.target_email,
            reason: record.reason,
            started_at: record.started_at,
            session_started_at: record.session_started_at,
            ended_at: record.ended_at,
            ended_by: record.ended_by,
            ip: record.ip,
            user_agent: record.user_agent,
            changes: activity.changes,
            views: activity.views,
            complete: activity.complete,
            status,
        }
    }
}

/// Whose records a filter names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Person {
    Anyone,
    Id(String),
    /// An e-mail address no account uses: no record can match.
    Nobody,
}

/// `admin=` / `target=`: a user id, or an e-mail address resolved to one.
pub async fn person(state: &AppState, value: Option<&str>) -> Result<Person> {
    let value = value.map(str::trim).unwrap_or_default();
    if value.is_empty() {
        return Ok(Person::Anyone);
    }
    if value.contains('@') {
        let email = EmailAddress::parse(value)?;
        return Ok(match state.users().find_user_id(email.as_str()).await? {
            Some(id) => Person::Id(id),
            None => Person::Nobody,
        });
    }
    if value.chars().count() > 100 || value.chars().any(char::is_control) {
        return Err(ApiError::bad_request("invalid_user", "Filter by a user id or an e-mail address."));
    }
    Ok(Person::Id(value.to_owned()))
}

fn parse_date(value: &str) -> Result<time::Date> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    time::Date::parse(value.trim(), &format).map_err(|_| ApiError::bad_request("invalid_date", "Dates are written YYYY-MM-DD."))
}

/// `from` / `to` (dates, `to` inclusive) as bounds of `started_at` for a BETWEEN: from the
/// first day's date (which sorts before any time that day) to the day after `to` (which
/// sorts after every time of `to`, and before any time of the next day).
pub fn between(from: Option<&str>, to: Option<&str>) -> Result<Option<(String, String)>> {
    let from = from.map(str::trim).filter(|v| !v.is_empty()).map(parse_date).transpose()?;
    let to = to.map(str::trim).filter(|v| !v.is_empty()).map(parse_date).transpose()?;
    if let (Some(from), Some(to)) = (from, to) {
        if from > to {
            return Err(ApiError::bad_request("invalid_date_range", "The start date is after the end date."));
        }
    }
    use shared::repo::platform_stats::date_string;
    Ok(match (from, to) {
        (None, None) => None,
        (from, to) => Some((
            from.map_or_else(|| "0000".to_owned(), date_string),
            to.map_or_else(|| "9999".to_owned(), |to| to.next_day().map_or_else(|| "9999".to_owned(), date_string)),
        )),
    })
}

/// What a listing queries and what it keeps of it.
#[derive(Debug, Clone)]
pub struct Selection {
    pub listing: Listing,
    /// Kept only when the target is this user (administrator and target both given).
    pub target: Option<String>,
}

/// The partition attribute of a listing's GSI and its value.
fn index_key(listing: &Listing) -> (&'static str, String) {
    match listing {
        Listing::ByAdmin(id) => ("admin_id", id.clone()),
        Listing::ByTarget(id) => ("target_id", id.clone()),
        Listing::All => ("log", LOG_PARTITION.to_owned()),
    }
}

/// `None` when no record can match (an unknown e-mail address).
pub fn selection(admin: Person, target: Person) -> Option<Selection> {
    Some(match (admin, target) {
        (Person::Nobody, _) | (_, Person::Nobody) => return None,
        (Person::Id(admin), Person::Id(target)) => Selection { listing: Listing::ByAdmin(admin), target: Some(target) },
        (Person::Id(admin), Person::Anyone) => Selection { listing: Listing::ByAdmin(admin), target: None },
        (Person::Anyone, Person::Id(target)) => Selection { listing: Listing::ByTarget(target), target: None },
        (Person::Anyone, Person::Anyone) => Selection { listing: Listing::All, target: None },
    })
}

fn cursor_names(listing: &Listing) -> [&'static str; 3] {
    ["id", index_key(listing).0, "started_at"]
}

/// The index key of a record in a listing (what its cursor holds).
fn record_key(listing: &Listing, record: &Impersonation) -> Item {
    let (attribute, value) = index_key(listing);
    cursor::key_of([("id", record.id.clone()), (attribute, value), ("started_at", record.started_at.clone())])
}

pub fn decode_cursor(listing: &Listing, value: &str) -> Result<Item> {
    let key = cursor::decode(value, &cursor_names(listing))?;
    let (attribute, expected) = index_key(listing);
    if cursor::text(&key, attribute) != expected {
        return Err(cursor::InvalidCursor.into());
    }
    Ok(key)
}

pub struct Page {
    pub records: Vec<Impersonation>,
    pub next: Option<String>,
}

/// One page of `selection`, newest first, from `start`.
pub async fn page(state: &AppState, selection: &Selection, dates: Option<(String, String)>, start: Option<Item>) -> Result<Page> {
    let listing = &selection.listing;
    let keep = |record: &Impersonation| selection.target.as_ref().is_none_or(|target| &record.target_id == target);
    let limit = if selection.target.is_some() { FILTERED_READ } else { PAGE_SIZE as i32 + 1 };
    let names = cursor_names(listing);
    let mut start = start;
    let mut found = Vec::new();
    let mut exhausted = false;
    for _ in 0..MAX_READS {
        let page = state.impersonations().list(listing, dates.clone(), limit, start.take()).await?;
        found.extend(page.records.into_iter().filter(|record| keep(record)));
        match page.next {
            Some(key) => start = Some(key),
            None => {
                exhausted = true;
                break;
            }
        }
        if found.len() > PAGE_SIZE {
            break;
        }
    }
    let next = if found.len() > PAGE_SIZE {
        found.truncate(PAGE_SIZE);
        found.last().and_then(|last| cursor::encode(&record_key(listing, last), &names))
    } else if exhausted {
        None
    } else {
        // Stopped after MAX_READS reads, or at a page boundary: continue after what was read.
        start.as_ref().and_then(|key| cursor::encode(key, &names))
    };
    Ok(Page { records: found, next })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Impersonation {
        Impersonation {
            id: "r1".into(),
            admin_id: "a".into(),
            admin_email: "admin@example.com".into(),
            target_id: "t".into(),
            target_email: "founder@example.com".into(),
            reason: "Help with the embed".into(),
            started_at: "2026-03-10T09:00:00Z".into(),
            ip: "203.0.113.9".into(),
            user_agent: "Browser".into(),
            ends_at: 1_000,
            session_started_at: None,
            ended_at: None,
            ended_by: None,
        }
    }

    #[test]
    fn a_record_is_pending_until_its_link_is_used_active_while_it_runs_then_ended() {
        let pending = record();
        assert_eq!(status(&pending, 999), Status::Pending);
        assert_eq!(status(&pending, 1_000), Status::Ended, "an unused link that expired");
        let active = Impersonation { session_started_at: Some("2026-03-10T09:01:00Z".into()), ..record() };
        assert_eq!(status(&active, 500), Status::Active);
        let ended = Impersonation { ended_at: Some("2026-03-10T09:10:00Z".into()), ended_by: Some(EndedBy::Revert), ..active };
        assert_eq!(status(&ended, 500), Status::Ended);
        let view = serde_json::to_value(RecordView::of(ended, Activity::default(), 500)).unwrap();
        assert_eq!(view["status"], "ended");
        assert_eq!(view["ended_by"], "revert");
        assert_eq!(view["ends_at"], "1970-01-01T00:16:40Z");
    }

    #[test]
    fn dates_bound_started_at_with_the_end_date_inclusive() {
        assert_eq!(between(None, None).unwrap(), None);
        let (from, to) = between(Some("2026-03-10"), Some("2026-03-10")).unwrap().unwrap();
        assert_eq!((from.as_str(), to.as_str()), ("2026-03-10", "2026-03-11"));
        for inside in ["2026-03-10T00:00:00Z", "2026-03-10T23:59:59.999999Z"] {
            assert!(from.as_str() <= inside && inside <= to.as_str(), "{inside}");
        }
        for outside in ["2026-03-09T23:59:59Z", "2026-03-11T00:00:00Z"] {
            assert!(!(from.as_str() <= outside && outside <= to.as_str()), "{outside}");
        }
        assert_eq!(between(Some("2026-12-31"), None).unwrap().unwrap(), ("2026-12-31".to_owned(), "9999".to_owned()));
        assert_eq!(between(None, Some("2026-12-31")).unwrap().unwrap(), ("0000".to_owned(), "2027-01-01".to_owned()));
        assert_eq!(between(Some("2026-03-11"), Some("2026-03-10")).unwrap_err().code, "invalid_date_range");
        assert_eq!(between(Some("10/03/2026"), None).unwrap_err().code, "invalid_date");
        assert_eq!(between(None, Some("2026-02-30")).unwrap_err().code, "invalid_date");
    }

    #[test]
    fn both_people_query_by_administrator_and_keep_the_target() {
        let both = selection(Person::Id("a".into()), Person::Id("t".into())).unwrap();
        assert!(matches!(&both.listing, Listing::ByAdmin(id) if id == "a"));
        assert_eq!(both.target.as_deref(), Some("t"));
        assert!(matches!(selection(Person::Anyone, Person::Id("t".into())).unwrap().listing, Listing::ByTarget(_)));
        assert!(matches!(selection(Person::Anyone, Person::Anyone).unwrap().listing, Listing::All));
        assert!(selection(Person::Nobody, Person::Anyone).is_none());
        assert!(selection(Person::Id("a".into()), Person::Nobody).is_none());
    }

    #[test]
    fn a_cursor_continues_only_its_own_listing() {
        let by_admin = Listing::ByAdmin("a".into());
        let cursor = cursor::encode(&record_key(&by_admin, &record()), &cursor_names(&by_admin)).unwrap();
        let key = decode_cursor(&by_admin, &cursor).unwrap();
        assert_eq!(cursor::text(&key, "started_at"), "2026-03-10T09:00:00Z");
        assert!(decode_cursor(&Listing::ByAdmin("other".into()), &cursor).is_err());
        assert!(decode_cursor(&Listing::ByTarget("a".into()), &cursor).is_err());
        assert!(decode_cursor(&Listing::All, &cursor).is_err());
    }
}
