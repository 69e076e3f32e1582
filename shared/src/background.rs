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
}
