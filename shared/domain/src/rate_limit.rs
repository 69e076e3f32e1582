//! Rate-limit rules: a named limit over a window, the counters' keys, and the sliding-window
//! arithmetic. Counters live in fixed windows; the limit holds over a sliding window estimated
//! from the current and previous ones (previous × unelapsed share + current), which avoids the
//! double burst a plain fixed window allows at its edges. Subjects (e-mail, IP) are hashed in
//! the keys. Counting hits (atomically, in DynamoDB) is `shared`'s `rate_limit`.

use crate::crypto::sha256_hex;

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

    /// The counter's key for `subject` in fixed window number `window`: the subject is hashed,
    /// so the store never holds an address or an IP.
    pub fn key(&self, subject: &str, window: i64) -> String {
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
