//! Work a request starts and does not wait for. In AWS such work runs from a table's stream
//! (a Lambda cannot keep working after it answered); locally the same handler runs here,
//! after the answer, so the request's own work is the same whatever the background does.
//! Tests wait for it with [`Background::idle`] instead of sleeping.

use std::{
    future::Future,
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
};

use tokio::sync::Notify;

/// A handle shared by every clone of the state: spawns work and tells when none is left.
#[derive(Clone, Default)]
pub struct Background {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    running: AtomicUsize,
    idle: Notify,
}

/// Counts a task down when it ends, also when it panics.
struct Finished(Arc<Inner>);

impl Drop for Finished {
    fn drop(&mut self) {
        if self.0.running.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl Background {
    /// Runs `work` on the runtime; the caller does not wait for it.
    pub fn spawn<F>(&self, work: F)
    where
        F: Future<Output = ()> + Send + 'static,
    {
        self.inner.running.fetch_add(1, Ordering::SeqCst);
        let finished = Finished(self.inner.clone());
        tokio::spawn(async move {
            let _finished = finished;
            work.await;
        });
    }

    /// Returns once no spawned work is running (at once when none was started).
    pub async fn idle(&self) {
        loop {
            let notified = self.inner.idle.notified();
            tokio::pin!(notified);
            // Registered before the count is read, so an end in between is not missed.
            notified.as_mut().enable();
            if self.inner.running.load(Ordering::SeqCst) == 0 {
                return;
            }
            notified.await;
        }
    }
}

/// Leads a local drain takes at once (the stream event source's `BatchSize` in AWS).
pub const LEAD_BATCH: usize = 100;

/// Items waiting for one drain at a time (the local stand-in for a stream's batches): `push`
/// says when the caller must start the drain, which `take`s batches until none is left.
pub struct Batches<T> {
    inner: Arc<std::sync::Mutex<Pending<T>>>,
    /// The most items a batch takes.
    pub max: usize,
}

struct Pending<T> {
    items: Vec<T>,
    draining: bool,
}

impl<T> Clone for Batches<T> {
    fn clone(&self) -> Self {
        Self { inner: self.inner.clone(), max: self.max }
    }
}

impl<T> Batches<T> {
    /// Batches of at most `max` items.
    pub fn new(max: usize) -> Self {
        Self { inner: Arc::new(std::sync::Mutex::new(Pending { items: Vec::new(), draining: false })), max: max.max(1) }
    }

    /// Adds an item: `true` when no drain is running and the caller must start one.
    pub fn push(&self, item: T) -> bool {
        let mut pending = self.inner.lock().expect("batches lock");
        pending.items.push(item);
        !std::mem::replace(&mut pending.draining, true)
    }

    /// The next (oldest) items, at most [`Batches::max`]; `None` when none is left, which ends
    /// the drain (the next `push` starts another).
    pub fn take(&self) -> Option<Vec<T>> {
        let mut pending = self.inner.lock().expect("batches lock");
        if pending.items.is_empty() {
            pending.draining = false;
            return None;
        }
        let at = pending.items.len().min(self.max);
        let rest = pending.items.split_off(at);
        Some(std::mem::replace(&mut pending.items, rest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn idle_waits_for_every_spawned_task_including_one_that_panics() {
        let background = Background::default();
        background.idle().await;
        let done = Arc::new(AtomicUsize::new(0));
        for i in 0..20 {
            let done = done.clone();
            background.spawn(async move {
                tokio::task::yield_now().await;
                if i == 7 {
                    panic!("a failing job");
                }
                done.fetch_add(1, Ordering::SeqCst);
            });
        }
        background.idle().await;
        assert_eq!(done.load(Ordering::SeqCst), 19);
        assert_eq!(background.inner.running.load(Ordering::SeqCst), 0);
    }

    #[test]
    fn batches_start_one_drain_hand_out_the_oldest_first_and_end_the_drain_when_empty() {
        let batches = Batches::new(3);
        assert!(batches.push(1), "the first push starts the drain");
        for i in 2..=5 {
            assert!(!batches.push(i), "a drain is running");
        }
        assert_eq!(batches.take(), Some(vec![1, 2, 3]));
        assert_eq!(batches.take(), Some(vec![4, 5]));
        assert_eq!(batches.take(), None);
        assert!(batches.push(6), "the drain ended: the next push starts another");
    }
}
