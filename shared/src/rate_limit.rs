//! Rate limits kept in DynamoDB (table `rate_limits`, TTL on `expires_at`), so every Lambda
//! instance shares them. The rules (windows, keys, the sliding-window cap) are
//! `domain::rate_limit`; here hits are counted.
//!
//! A hit is *reserved* atomically: one conditional `UpdateItem` adds it only while the
//! current window has room, so a parallel burst gets exactly as many slots as a sequential
//! run would (a check followed by a separate increment lets every parallel request through).
//! The previous window is closed, so reading it first does not race.

use domain::rate_limit::current_cap;

use crate::{error::ApiError, repo::rate_limits::RateLimitsRepo};

/// The rule type every function names its limits with.
pub use domain::rate_limit::Rule;

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
