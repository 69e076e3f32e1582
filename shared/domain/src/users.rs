//! Accounts: the user record as stored in `users` (its serde attributes are the item's
//! attributes) and the account-level facts the server keeps on it.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Account-level facts set by the server (trial fields come from the billing webhooks).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AppMetadata {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trial_start_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_trial_user: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserRecord {
    pub id: String,
    pub email: String,
    pub password_hash: String,
    pub created_at: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email_confirmed_at: Option<String>,
    #[serde(default)]
    pub user_metadata: Map<String, Value>,
    #[serde(default)]
    pub app_metadata: AppMetadata,
    /// Raised by a global sign-out or a password change: refresh sessions made under an
    /// older epoch stop working at once.
    #[serde(default)]
    pub session_epoch: u64,
    /// The last successful sign-in (password or one-time link), for the admin directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_sign_in_at: Option<String>,
    /// Raised by every password-reset link sent, every reset and every password change; a
    /// reset link carries the value it was made under and works only while it is current.
    #[serde(default)]
    pub recovery_epoch: u64,
}

impl UserRecord {
    pub fn name(&self) -> Option<&str> {
        self.user_metadata.get("name").and_then(Value::as_str)
    }
}
