//! Rate limits kept in DynamoDB (table `rate_limits`, TTL on `expires_at`), so every Lambda
//! instance shares them. Counters live in fixed windows; the limit holds over a sliding
//! window estimated from the current and previous ones (previous × unelapsed share +
//! current), which avoids the double burst a plain fixed window allows at its edges.
//! Subjects (e-mail, IP) are stored hashed.
//!
//! A hit is *reserved* atomically: one conditional `UpdateItem` adds it only while the
//! current window has room, so a parallel burst gets exactly as many slots as a sequential
//! run would (a check followed by a separate increment lets every parallel request through).
//! The previous window is closed, so reading it first does not race.

use crate::{crypto::sha256_hex, error::ApiError, repo::rate_limits::RateLimitsRepo};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub name: &'static str,
    pub window_secs: i64,
    pub limit: u32,
}

impl Rule {
    pub const fn new(name: &'static str, window_secs: i64, limit: u32) -> Self {
        Self { name, window_secs, limit }
    }

    fn key(&self, subject: &str, window: i64) -> String {
        format!("{}#{}#{window}", self.name, &sha256_hex(subject)[..32])
    }
}

/// The estimated number of hits in the sliding window ending at `now`.
pub fn sliding_estimate(previous: u32, current: u32, window_secs: i64, now: i64) -> f64 {
    let elapsed = (now.rem_euclid(window_secs)) as f64 / window_secs as f64;
    f64::from(previous) * (1.0 - elapsed) + f64::from(current)
}

/// How many hits the current window may hold at `now` so that the sliding estimate stays
/// under the limit: a new hit is allowed while `current < cap`.
pub fn current_cap(limit: u32, previous: u32, window_secs: i64, now: i64) -> i64 {
    let elapsed = (now.rem_euclid(window_secs)) as f64 / window_secs as f64;
    (f64::from(limit) - f64::from(previous) * (1.0 - elapsed)).ceil() as i64
}

/// A hit that was counted, so it can be taken back (e.g. a failed-sign-in slot after the
/// password turned out right).
#[derive(Debug, Clone)]
pub struct Reservation {
    key: String,
}

/// Counts one hit for `subject` under `rule` if the limit leaves room, atomically.
/// `None` when the limit is reached (nothing is counted then).
pub async fn reserve(store: RateLimitsRepo<'_>, rule: &Rule, subject: &str) -> Result<Option<Reservation>, ApiError> {
    let now = crate::time::unix(crate::time::now());
    let window = now.div_euclid(rule.window_secs);
    let previous = store.count(&rule.key(subject, window - 1)).await?;
    let cap = current_cap(rule.limit, previous, rule.window_secs, now);
    if cap <= 0 {
        return Ok(None);
    }
    let key = rule.key(subject, window);
    let reserved = store.add_under(&key, cap, (window + 2) * rule.window_secs).await?;
    Ok(reserved.then_some(Reservation { key }))
}

/// Reserves a hit under each rule in turn; the first rule without room is returned (hits
/// already reserved under earlier rules stay counted: the attempt happened).
pub async fn reserve_all<'r>(store: RateLimitsRepo<'_>, checks: &[(&'r Rule, &str)]) -> Result<Result<Vec<Reservation>, &'r Rule>, ApiError> {
    let mut reserved = Vec::with_capacity(checks.len());
    for (rule, subject) in checks {
        match reserve(store, rule, subject).await? {
            Some(reservation) => reserved.push(reservation),
            None => return Ok(Err(*rule)),
        }
    }
    Ok(Ok(reserved))
}

/// Takes a reserved hit back.
pub async fn release(store: RateLimitsRepo<'_>, reservation: &Reservation) -> Result<(), ApiError> {
    store.take_one(&reservation.key).await?;
    Ok(())
}

/// Forgets a subject's hits for a rule (e.g. failures after a successful sign-in).
pub async fn reset(store: RateLimitsRepo<'_>, rule: &Rule, subject: &str) -> Result<(), ApiError> {
    let window = crate::time::unix(crate::time::now()).div_euclid(rule.window_secs);
    Ok(store.delete(&[window, window - 1].map(|w| rule.key(subject, w))).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_previous_window_fades_as_the_current_one_elapses() {
        assert_eq!(sliding_estimate(10, 0, 60, 0), 10.0);
        assert_eq!(sliding_estimate(10, 0, 60, 30), 5.0);
        assert_eq!(sliding_estimate(10, 2, 60, 45), 4.5);
        assert_eq!(sliding_estimate(0, 3, 60, 59), 3.0);
    }

    #[test]
    fn the_cap_leaves_room_for_exactly_what_the_sliding_window_allows() {
        // Nothing before: the whole limit.
        assert_eq!(current_cap(5, 0, 60, 0), 5);
        // 10 hits in the previous minute, half of it still inside the window: 5 count.
        assert_eq!(current_cap(10, 10, 60, 30), 5);
        assert_eq!(current_cap(5, 10, 60, 30), 0);
        // A fraction rounds in the caller's favour only while the estimate stays under the limit.
        assert_eq!(current_cap(5, 3, 60, 45), 5, "3 × 0.25 = 0.75: the 5th hit still starts from an estimate of 4.75 < 5");
        for (limit, previous, now) in [(5u32, 3u32, 45i64), (30, 17, 13), (100, 99, 59)] {
            let cap = current_cap(limit, previous, 60, now);
            assert!(sliding_estimate(previous, (cap - 1) as u32, 60, now) < f64::from(limit));
            assert!(sliding_estimate(previous, cap as u32, 60, now) >= f64::from(limit));
        }
    }

    #[test]
    fn keys_hash_the_subject_and_name_the_window() {
        let rule = Rule::new("signin", 60, 5);
        let key = rule.key("ada@example.com", 7);
        assert!(key.starts_with("signin#") && key.ends_with("#7"));
        assert!(!key.contains("ada"));
    }
}
