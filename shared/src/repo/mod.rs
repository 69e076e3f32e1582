//! One module per shared DynamoDB table. Every access is a GetItem, Query or conditional
//! write on a key; item mapping lives next to the calls.

pub mod account_requests;
pub mod campaign_recipients;
pub mod campaigns;
pub mod forms;
pub mod impersonation_actions;
pub mod impersonations;
pub mod lead_stats;
pub mod leads;
pub mod one_time_tokens;
pub mod platform_stats;
pub mod profiles;
pub mod rewards;
pub mod sessions;
pub mod users;
#[cfg(feature = "vault")]
pub mod vault;
