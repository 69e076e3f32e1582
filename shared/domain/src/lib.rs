//! RaiseSpark's rules and records, with nothing that does I/O: no AWS SDK, no axum, no tokio,
//! no clock reads (`now`/`today` are parameters). A rule that refuses input returns
//! [`Invalid`]; the HTTP layer in `shared` answers it as 400.

pub mod attribution;
pub mod brand;
pub mod campaigns;
pub mod contrast;
pub mod counters;
pub mod crypto;
pub mod dashboard;
pub mod days;
pub mod email;
pub mod format;
pub mod forms;
pub mod funnel;
pub mod html;
pub mod impersonation;
pub mod invalid;
pub mod invested;
pub mod investments;
pub mod lead_digest;
pub mod lead_fold;
pub mod lead_stats;
pub mod leads;
pub mod offering;
pub mod plans;
pub mod profiles;
pub mod reg_cf;
pub mod review;
pub mod rate_limit;
pub mod rewards;
pub mod teams;
pub mod theme;
pub mod users;
pub mod vault;

pub use invalid::{Checked, Invalid};
