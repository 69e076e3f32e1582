//! Sort keys for append-only logs (the activity log, impersonation actions).

use std::sync::atomic::{AtomicU64, Ordering};

/// A strictly increasing number per process that follows the wall clock across processes:
/// writes from one Lambda instance keep their order, and instances interleave by time.
/// Format it with `{:020}` so that its text sorts as the number does.
pub fn next() -> u64 {
    static LAST: AtomicU64 = AtomicU64::new(0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or_default();
    let mut last = LAST.load(Ordering::Relaxed);
    loop {
        let next = now.max(last + 1);
        match LAST.compare_exchange_weak(last, next, Ordering::SeqCst, Ordering::Relaxed) {
            Ok(_) => return next,
            Err(current) => last = current,
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sequences_strictly_increase_and_keep_their_order_as_text() {
        let keys: Vec<String> = (0..1_000).map(|_| format!("w#{:020}", super::next())).collect();
        assert!(keys.windows(2).all(|pair| pair[0] < pair[1]));
    }
}
