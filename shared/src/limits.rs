//! Per-process limits: what holds within one process without a DynamoDB write.

/// An in-process sliding-window limiter, for the public lead endpoint: in production the
/// per-IP limit is enforced at the edge (a WAF rate-based rule in `template.yaml`), so this
/// one only has to hold within a process (the local gateway, or one Lambda instance)
/// without spending a DynamoDB write per submission.
#[derive(Default)]
pub struct MemoryLimiter {
    hits: std::sync::Mutex<std::collections::HashMap<String, std::collections::VecDeque<std::time::Instant>>>,
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
