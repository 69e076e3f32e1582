//! Timestamps: RFC 3339 strings in items and responses, Unix seconds for TTL attributes.

use time::OffsetDateTime;

pub use domain::days::{iso, iso_from_unix, unix};

pub fn now() -> OffsetDateTime {
    OffsetDateTime::now_utc()
}

/// `2026-11-22T10:15:30.123Z`
pub fn now_iso() -> String {
    iso(now())
}

/// The time every time-bound rule reads (link expiry, session ends): the system clock in
/// production; tests move it forward instead of sleeping (`advance`).
#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset_secs: std::sync::Arc<std::sync::atomic::AtomicI64>,
}

impl Clock {
    pub fn now(&self) -> OffsetDateTime {
        now() + time::Duration::seconds(self.offset_secs.load(std::sync::atomic::Ordering::Relaxed))
    }

    pub fn unix(&self) -> i64 {
        unix(self.now())
    }

    pub fn now_iso(&self) -> String {
        iso(self.now())
    }

    /// Sets this clock (and every state clone sharing it) `offset` away from the system clock:
    /// the local demo seed dates its leads in the past this way, through the real routes.
    pub fn set_offset(&self, offset: time::Duration) {
        self.offset_secs.store(offset.whole_seconds(), std::sync::atomic::Ordering::Relaxed);
    }

    /// Moves this clock (and every state clone sharing it) forward.
    pub fn advance(&self, by: std::time::Duration) {
        let secs = i64::try_from(by.as_secs()).unwrap_or(i64::MAX);
        self.offset_secs.fetch_add(secs, std::sync::atomic::Ordering::Relaxed);
    }
}
