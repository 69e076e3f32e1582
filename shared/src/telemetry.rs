//! Structured JSON logs on stdout (CloudWatch in AWS, a log file under `.local/` locally).

use tracing_subscriber::{EnvFilter, fmt, prelude::*};

/// Installs the JSON subscriber once; the level comes from `RUST_LOG` (default `info`).
pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(fmt::layer().json().flatten_event(true).with_current_span(false).with_target(true))
        .try_init();
}
