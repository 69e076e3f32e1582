//! Support sessions' records: one per impersonation (who, on whom, why, from where, when it
//! started and ended), as stored in `impersonations` (their serde attributes are the item's
//! attributes), and how long a link and a session last.

use serde::{Deserialize, Serialize};

/// An impersonation link works once, for 5 minutes.
pub const LINK_TTL_SECS: i64 = 5 * 60;
/// A support session ends 30 minutes after it started, whatever the activity.
pub const SESSION_SECS: i64 = 30 * 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndedBy {
    Revert,
    Expiry,
    Signout,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Impersonation {
    pub id: String,
    pub admin_id: String,
    pub admin_email: String,
    pub target_id: String,
    pub target_email: String,
    pub reason: String,
    /// When the admin asked for the link (RFC 3339).
    pub started_at: String,
    pub ip: String,
    pub user_agent: String,
    /// Unix seconds: the link's expiry until the session starts, then the session's end.
    pub ends_at: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_started_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_by: Option<EndedBy>,
}

impl Impersonation {
    /// Whether the session may still be used at `now` (Unix seconds).
    pub fn is_live(&self, now: i64) -> bool {
        self.ended_at.is_none() && self.ends_at > now
    }
}
