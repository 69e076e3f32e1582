//! Timestamps: RFC 3339 strings in items and responses, Unix seconds for TTL attributes.

use time::{OffsetDateTime, format_description::well_known::Rfc3339};

pub fn now() -> OffsetDateTime {
    OffsetDateTime::now_utc()
}

/// `2026-11-22T10:15:30.123Z`
pub fn now_iso() -> String {
    iso(now())
}

pub fn iso(at: OffsetDateTime) -> String {
    at.format(&Rfc3339).unwrap_or_default()
}

pub fn unix(at: OffsetDateTime) -> i64 {
    at.unix_timestamp()
}
