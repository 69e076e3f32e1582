//! Timestamps: RFC 3339 strings in items and responses, Unix seconds for TTL attributes.

use time::OffsetDateTime;

pub use domain::days::{iso, iso_from_unix, unix, unix_of};

pub fn now() -> OffsetDateTime {
    OffsetDateTime::now_utc()
}

/// `2026-11-22T10:15:30.123Z`
pub fn now_iso() -> String {
    iso(now())
}

/// The time every time-bound rule reads (link expiry, session ends): the system clock in
/// production; tests move it forward instead of sleeping (`advance`), and a manual clock's
/// [`Clock::sleep`] moves it instead of waiting.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset_millis: std::sync::Arc<std::sync::atomic::AtomicI64>,
    /// Sleeping advances the clock at once (tests) instead of waiting (production).
    manual: bool,
}

impl Clock {
    /// A clock whose [`Clock::sleep`] returns at once, having moved the clock forward by the
    /// time slept: what tests run on, so a rule that waits costs them no real time.
    pub fn manual() -> Self {
        Self { manual: true, ..Self::default() }
    }

    pub fn now(&self) -> OffsetDateTime {
        now() + time::Duration::milliseconds(self.offset_millis.load(std::sync::atomic::Ordering::Relaxed))
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
        let millis = i64::try_from(offset.whole_milliseconds()).unwrap_or(if offset.is_negative() { i64::MIN } else { i64::MAX });
        self.offset_millis.store(millis, std::sync::atomic::Ordering::Relaxed);
    }

    /// Moves this clock (and every state clone sharing it) forward.
    pub fn advance(&self, by: std::time::Duration) {
        let millis = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.offset_millis.fetch_add(millis, std::sync::atomic::Ordering::Relaxed);
    }

    /// Waits `for_` on the system clock; a manual clock moves forward by `for_` and only
    /// yields, so what follows sees the time passed without anyone waiting for it.
    pub async fn sleep(&self, for_: std::time::Duration) {
        if self.manual {
            self.advance(for_);
            tokio::task::yield_now().await;
        } else {
            tokio::time::sleep(for_).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_manual_clock_moves_by_the_time_slept_without_waiting() {
        let clock = Clock::manual();
        let shared = clock.clone();
        let (before, started) = (clock.now(), std::time::Instant::now());
        clock.sleep(std::time::Duration::from_secs(30)).await;
        clock.sleep(std::time::Duration::from_millis(1_500)).await;
        assert!(started.elapsed() < std::time::Duration::from_secs(1), "nothing waited");
        assert!(shared.now() - before >= time::Duration::milliseconds(31_500), "every clone sees the time slept");
    }

    #[test]
    fn an_offset_is_kept_to_the_millisecond() {
        let clock = Clock::default();
        clock.set_offset(-time::Duration::milliseconds(7_200_250));
        let shifted = clock.now();
        let behind = now() - shifted;
        assert!(behind >= time::Duration::milliseconds(7_200_250) && behind < time::Duration::milliseconds(7_201_250), "{behind}");
    }
}
