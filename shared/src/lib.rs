//! Everything the RaiseSpark functions share: configuration, AWS clients, tokens, the
//! error shape, request extractors and one repository module per shared table.

#[cfg(feature = "ai")]
pub mod ai;
#[cfg(test)]
mod architecture;
pub mod auth;
pub mod aws;
pub mod background;
pub mod billing;
pub use domain::campaigns;
pub mod config;
pub mod dynamo;
pub mod http;
pub mod keys;
pub mod limits;
pub mod impersonation;
pub mod mail;
pub mod notify;
pub mod payments;
pub mod rate_limit;
pub mod repo;
pub mod services;
pub mod state;
#[cfg(feature = "vault")]
pub mod storage;
#[cfg(feature = "assets")]
pub mod assets;
pub mod telemetry;
pub mod time;
pub mod vault;

#[cfg(feature = "local")]
pub mod local;
#[cfg(feature = "test-support")]
pub mod testing;

// The rules moved to the `domain` crate; their old paths stay until callers import `domain`.
pub use domain::{attribution, brand, contrast, counters, crypto, dashboard, email, format, forms, funnel, invested, investments, lead_digest, lead_stats, leads, plans, reg_cf, review, rewards, teams, theme};

/// The old path of the error shape, now `http::error`.
pub use http::error;
pub use http::error::{ApiError, Result};
pub use state::AppState;
