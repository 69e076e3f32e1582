//! Rate limits kept in DynamoDB (table `rate_limits`, TTL on `expires_at`), so every Lambda
//! instance shares them. Counters live in fixed windows; a check estimates a sliding window
//! from the current and previous ones (previous × unelapsed share + current), which avoids
//! the double burst a plain fixed window allows at its edges. Subjects (e-mail, IP) are
//! stored hashed.

use std::collections::HashMap;

use aws_sdk_dynamodb::{
    Client,
    types::{AttributeValue, KeysAndAttributes},
};

use crate::{crypto::sha256_hex, error::ApiError};

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

/// The first rule whose limit is already reached for its subject, if any.
pub async fn exceeded<'r>(
    client: &Client,
    table: &str,
    checks: &[(&'r Rule, &str)],
) -> Result<Option<&'r Rule>, ApiError> {
    let now = crate::time::unix(crate::time::now());
    let mut keys: Vec<String> = Vec::new();
    for (rule, subject) in checks {
        let window = now.div_euclid(rule.window_secs);
        for key in [rule.key(subject, window), rule.key(subject, window - 1)] {
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    let counts = batch_counts(client, table, &keys).await?;
    let count = |key: &str| counts.get(key).copied().unwrap_or(0);
    for (rule, subject) in checks {
        let window = now.div_euclid(rule.window_secs);
        let estimate = sliding_estimate(
            count(&rule.key(subject, window - 1)),
            count(&rule.key(subject, window)),
            rule.window_secs,
            now,
        );
        if estimate >= f64::from(rule.limit) {
            return Ok(Some(rule));
        }
    }
    Ok(None)
}

async fn batch_counts(client: &Client, table: &str, keys: &[String]) -> Result<HashMap<String, u32>, ApiError> {
    let mut counts = HashMap::new();
    if keys.is_empty() {
        return Ok(counts);
    }
    let mut request = KeysAndAttributes::builder().consistent_read(true);
    for key in keys {
        request = request.keys(HashMap::from([("key".to_owned(), AttributeValue::S(key.clone()))]));
    }
    let mut pending = Some(HashMap::from([(table.to_owned(), request.build().map_err(ApiError::internal)?)]));
    while let Some(items) = pending.take().filter(|items| !items.is_empty()) {
        let output = client.batch_get_item().set_request_items(Some(items)).send().await?;
        for item in output.responses.unwrap_or_default().remove(table).unwrap_or_default() {
            if let (Some(AttributeValue::S(key)), Some(AttributeValue::N(count))) = (item.get("key"), item.get("count")) {
                counts.insert(key.clone(), count.parse().unwrap_or(0));
            }
        }
        pending = output.unprocessed_keys;
    }
    Ok(counts)
}

/// Counts one hit against each rule for its subject.
pub async fn record(client: &Client, table: &str, hits: &[(&Rule, &str)]) -> Result<(), ApiError> {
    let now = crate::time::unix(crate::time::now());
    let updates = hits.iter().map(|(rule, subject)| {
        let window = now.div_euclid(rule.window_secs);
        client
            .update_item()
            .table_name(table)
            .key("key", AttributeValue::S(rule.key(subject, window)))
            .update_expression("ADD #count :one SET expires_at = if_not_exists(expires_at, :expires)")
            .expression_attribute_names("#count", "count")
            .expression_attribute_values(":one", AttributeValue::N("1".into()))
            .expression_attribute_values(":expires", AttributeValue::N(((window + 2) * rule.window_secs).to_string()))
            .send()
    });
    futures::future::try_join_all(updates).await?;
    Ok(())
}

/// Forgets a subject's hits for a rule (e.g. failures after a successful sign-in).
pub async fn reset(client: &Client, table: &str, rule: &Rule, subject: &str) -> Result<(), ApiError> {
    let window = crate::time::unix(crate::time::now()).div_euclid(rule.window_secs);
    let deletes = [window, window - 1].map(|w| {
        client.delete_item().table_name(table).key("key", AttributeValue::S(rule.key(subject, w))).send()
    });
    futures::future::try_join_all(deletes).await?;
    Ok(())
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
    fn keys_hash_the_subject_and_name_the_window() {
        let rule = Rule::new("signin", 60, 5);
        let key = rule.key("ada@example.com", 7);
        assert!(key.starts_with("signin#") && key.ends_with("#7"));
        assert!(!key.contains("ada"));
    }
}

/// An in-process sliding-window limiter, for the public lead endpoint: in production the
/// per-IP limit is enforced at the edge (a WAF rate-based rule in `template.yaml`), so this
/// one only has to hold within a process (the local gateway, or one Lambda instance)
/// without spending a DynamoDB write per submission.
#[derive(Default)]
pub struct MemoryLimiter {
    hits: std::sync::Mutex<HashMap<String, std::collections::VecDeque<std::time::Instant>>>,
}

impl MemoryLimiter {
    /// Records a hit for `key` unless `limit` hits already happened within `window`.
    /// Returns false when the hit is over the limit (and so not recorded).
    pub fn allow(&self, key: &str, limit: usize, window: std::time::Duration) -> bool {
        let now = std::time::Instant::now();
        let Ok(mut hits) = self.hits.lock() else { return true };
        if hits.len() > 50_000 {
            hits.retain(|_, times| times.back().is_some_and(|last| now.duration_since(*last) < window));
        }
        let times = hits.entry(key.to_owned()).or_default();
        while times.front().is_some_and(|first| now.duration_since(*first) >= window) {
            times.pop_front();
        }
        if times.len() >= limit {
            return false;
        }
        times.push_back(now);
        true
    }
}

#[cfg(test)]
mod memory_tests {
    use super::MemoryLimiter;
    use std::time::Duration;

    #[test]
    fn the_memory_limiter_allows_the_limit_per_key_then_refuses() {
        let limiter = MemoryLimiter::default();
        for _ in 0..3 {
            assert!(limiter.allow("ip-a|form", 3, Duration::from_secs(60)));
        }
        assert!(!limiter.allow("ip-a|form", 3, Duration::from_secs(60)));
        assert!(limiter.allow("ip-b|form", 3, Duration::from_secs(60)), "another IP is unaffected");
    }

    #[test]
    fn hits_older_than_the_window_are_forgotten() {
        let limiter = MemoryLimiter::default();
        assert!(limiter.allow("k", 1, Duration::from_millis(20)));
        assert!(!limiter.allow("k", 1, Duration::from_millis(20)));
        std::thread::sleep(Duration::from_millis(25));
        assert!(limiter.allow("k", 1, Duration::from_millis(20)));
    }
}
