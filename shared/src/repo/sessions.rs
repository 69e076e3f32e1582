//! Refresh sessions (table `sessions`, key = SHA-256 of the refresh token, GSI `by_user`).
//!
//! Every refresh rotates the token. A token that was already rotated may be presented again
//! for 10 seconds (parallel tabs refreshing together); after that, presenting it is taken as
//! theft and revokes its whole family. A global sign-out or password change raises the user's
//! session epoch, which ends every session at once.
//!
//! An impersonation session is a family of its own whose id is the impersonation record's
//! id; its sessions carry `ends_at` (30 minutes after it started), past which no rotation
//! renews it, whatever the activity. Times are passed in (`now`, Unix seconds).

use std::collections::HashMap;

use aws_sdk_dynamodb::{Client, types::AttributeValue};
use serde::{Deserialize, Serialize};
use domain::users::UserRecord;

use crate::{
    config::Tables,
    crypto::{random_token, sha256_hex},
    dynamo::StoreError,
    repo::users::UsersRepo,
};

use super::table::Table;

pub const COOKIE: &str = "rs_refresh";
/// A refresh session lasts 30 days from its last use.
pub const REFRESH_TTL_SECS: i64 = 30 * 24 * 3600;
pub const REUSE_GRACE_SECS: i64 = 10;

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Session {
    token_hash: String,
    user_id: String,
    family_id: String,
    epoch: u64,
    created_at: i64,
    expires_at: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rotated_at: Option<i64>,
    #[serde(default)]
    revoked: bool,
    /// Impersonation sessions only: the hard end (Unix seconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ends_at: Option<i64>,
}

/// A refreshed session: the new refresh token, its user, and for an impersonation session
/// its record id (= family id) and hard end.
pub struct Rotated {
    pub token: String,
    pub user: UserRecord,
    pub impersonation: Option<(String, i64)>,
}

/// Why a refresh token gives no session.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// Unknown, revoked, expired, past its hard end, reused after its grace, of another kind
    /// than expected, or its user's session epoch moved on: the caller signs in again.
    #[error("the session has ended")]
    Ended,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Table `sessions` (and the users whose sessions they are): `state.sessions()`.
#[derive(Clone, Copy)]
pub struct SessionsRepo<'a> {
    sessions: Table<'a>,
    users: UsersRepo<'a>,
}

impl<'a> SessionsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            sessions: Table::new(client, &tables.sessions),
            users: UsersRepo::new(client, tables),
        }
    }

    /// Starts a new session family for a user; returns the refresh token.
    pub async fn start(self, user: &UserRecord, now: i64) -> Result<String, StoreError> {
        self.put(&user.id, &uuid::Uuid::new_v4().to_string(), user.session_epoch, None, now).await
    }

    /// Starts an impersonation session on `user`: family `impersonation_id`, ending at `ends_at`.
    pub async fn start_impersonation(self, 
        user: &UserRecord,
        impersonation_id: &str,
        ends_at: i64,
        now: i64,
    ) -> Result<String, StoreError> {
        self.put(&user.id, impersonation_id, user.session_epoch, Some(ends_at), now).await
    }

    async fn put(self, 
        user_id: &str,
        family_id: &str,
        epoch: u64,
        ends_at: Option<i64>,
        at: i64,
    ) -> Result<String, StoreError> {
        let token = random_token();
        let session = Session {
            token_hash: sha256_hex(&token),
            user_id: user_id.to_owned(),
            family_id: family_id.to_owned(),
            epoch,
            created_at: at,
            expires_at: ends_at.map_or(at + REFRESH_TTL_SECS, |end| end.min(at + REFRESH_TTL_SECS)),
            rotated_at: None,
            revoked: false,
            ends_at,
        };
        let item = crate::dynamo::to_item(&session)?;
        self.sessions.put()
            .set_item(Some(item))
            .condition_expression("attribute_not_exists(token_hash)")
            .send()
            .await?;
        Ok(token)
    }

    async fn find(self, token: &str) -> Result<Option<Session>, StoreError> {
        let output = self.sessions.get()
            .key("token_hash", AttributeValue::S(sha256_hex(token)))
            .consistent_read(true)
            .send()
            .await?;
        output
            .item
            .map(crate::dynamo::from_item)
            .transpose()
    }

    /// The user of a live refresh token (without rotating it), and the impersonation record id
    /// when it is an impersonation session.
    pub async fn user_of(self, token: &str, at: i64) -> Result<(UserRecord, Option<String>), SessionError> {
        let session = self.find(token).await?.ok_or(SessionError::Ended)?;
        if session.revoked || session.expires_at <= at {
            return Err(SessionError::Ended);
        }
        let user = self.users.get_user(&session.user_id).await?.ok_or(SessionError::Ended)?;
        if user.session_epoch != session.epoch {
            return Err(SessionError::Ended);
        }
        Ok((user, session.ends_at.map(|_| session.family_id)))
    }

    /// The impersonation record id of a refresh token's session (live or not), if it is one.
    pub async fn impersonation_of(self, token: &str) -> Result<Option<String>, StoreError> {
        Ok(self.find(token).await?.filter(|session| session.ends_at.is_some()).map(|session| session.family_id))
    }

    /// Exchanges a refresh token for a new one in the same family, with the user. A token of
    /// another kind than `expected` is refused before anything changes (it is not used up), and
    /// an impersonation session past its end is not renewed (the caller ends its record).
    pub async fn rotate(self, token: &str, expected: Expected<'_>, at: i64) -> Result<Rotated, SessionError> {
        let session = self.find(token).await?.ok_or(SessionError::Ended)?;
        let kind_matches = match expected {
            Expected::Own => session.ends_at.is_none(),
            Expected::Support(id) => session.ends_at.is_some() && session.family_id == id,
        };
        if !kind_matches {
            tracing::warn!(user_id = %session.user_id, "a refresh cookie held another kind of session");
            return Err(SessionError::Ended);
        }
        if session.revoked || session.expires_at <= at || session.ends_at.is_some_and(|end| end <= at) {
            return Err(SessionError::Ended);
        }
        let rotated_at = match session.rotated_at {
            Some(rotated_at) => Some(rotated_at),
            None => self.mark_rotated(&session.token_hash, at).await?,
        };
        if let Some(rotated_at) = rotated_at {
            if at - rotated_at > REUSE_GRACE_SECS {
                tracing::warn!(user_id = %session.user_id, family_id = %session.family_id, "rotated refresh token reused: revoking its family");
                self.revoke_family(&session.user_id, &session.family_id).await?;
                return Err(SessionError::Ended);
            }
        }
        let user = self.users.get_user(&session.user_id).await?.ok_or(SessionError::Ended)?;
        if user.session_epoch != session.epoch {
            return Err(SessionError::Ended);
        }
        let next = self.put(&user.id, &session.family_id, session.epoch, session.ends_at, at).await?;
        let impersonation = session.ends_at.map(|end| (session.family_id.clone(), end));
        Ok(Rotated { token: next, user, impersonation })
    }

    /// Marks a session rotated now. Returns the earlier rotation time if another request
    /// rotated it first.
    async fn mark_rotated(self, token_hash: &str, at: i64) -> Result<Option<i64>, StoreError> {
        let result = self.sessions.update()
            .key("token_hash", AttributeValue::S(token_hash.to_owned()))
            .update_expression("SET rotated_at = :at")
            .condition_expression("attribute_exists(token_hash) AND attribute_not_exists(rotated_at)")
            .expression_attribute_values(":at", AttributeValue::N(at.to_string()))
            .send()
            .await;
        if crate::dynamo::applied(result)? {
            return Ok(None);
        }
        let output = self.sessions.get()
            .key("token_hash", AttributeValue::S(token_hash.to_owned()))
            .consistent_read(true)
            .send()
            .await?;
        Ok(output.item.and_then(|item| match item.get("rotated_at") {
            Some(AttributeValue::N(n)) => n.parse().ok(),
            _ => None,
        }))
    }

    async fn sessions_of(self, user_id: &str) -> Result<Vec<HashMap<String, AttributeValue>>, StoreError> {
        let query = self.sessions.query()
            .index_name("by_user")
            .key_condition_expression("user_id = :user")
            .expression_attribute_values(":user", AttributeValue::S(user_id.to_owned()));
        Ok(crate::repo::query_all(query).await?)
    }

    /// Revokes every session of one family (a stolen token's, or an impersonation's: its family
    /// id is the impersonation record's id).
    pub async fn revoke_family(self, user_id: &str, family_id: &str) -> Result<(), StoreError> {
        let family = AttributeValue::S(family_id.to_owned());
        let updates = self.sessions_of(user_id)
            .await?
            .into_iter()
            .filter(|item| item.get("family_id") == Some(&family))
            .filter_map(|item| item.get("token_hash").cloned())
            .map(|hash| {
                self.sessions.update()
                    .key("token_hash", hash)
                    .update_expression("SET revoked = :yes")
                    .expression_attribute_values(":yes", AttributeValue::Bool(true))
                    .send()
            });
        futures::future::try_join_all(updates).await?;
        Ok(())
    }

    /// Deletes a user's stored sessions. Not what ends them (the epoch does, at once); this
    /// only tidies the table.
    pub async fn delete_all(self, user_id: &str) -> Result<(), StoreError> {
        let deletes = self.sessions_of(user_id)
            .await?
            .into_iter()
            .filter_map(|item| item.get("token_hash").cloned())
            .map(|hash| self.sessions.delete().key("token_hash", hash).send());
        futures::future::try_join_all(deletes).await?;
        Ok(())
    }
}

/// Which session a refresh cookie is expected to hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected<'a> {
    /// The user's own (`rs_refresh`).
    Own,
    /// This support session's (`rs_support_<record id>`).
    Support(&'a str),
}

/// `Set-Cookie` for a refresh token: HttpOnly, Secure, SameSite=Strict, scoped to the auth API.
pub fn cookie(token: &str) -> String {
    format!("{COOKIE}={token}; Path=/api/auth; Max-Age={REFRESH_TTL_SECS}; HttpOnly; Secure; SameSite=Strict")
}

pub fn clear_cookie() -> String {
    format!("{COOKIE}=; Path=/api/auth; Max-Age=0; HttpOnly; Secure; SameSite=Strict")
}

/// The refresh cookie of one support session: its own name (`rs_support_<record id>`), so the
/// administrator's own session (`rs_refresh`) in the same browser is never replaced, and two
/// support sessions in two tabs never take each other's place. The tab names its session when
/// it refreshes (`POST /api/auth/token?support=<record id>`).
pub fn support_cookie_name(record_id: &str) -> String {
    format!("{SUPPORT_COOKIE_PREFIX}{record_id}")
}

pub const SUPPORT_COOKIE_PREFIX: &str = "rs_support_";

/// Whether a record id can name a cookie (a UUID: letters, digits and dashes).
pub fn is_record_id(value: &str) -> bool {
    (1..=64).contains(&value.len()) && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// `Set-Cookie` for a support session's refresh token, which lives until the session's end.
pub fn support_cookie(record_id: &str, token: &str, max_age_secs: i64) -> String {
    format!("{}={token}; Path=/api/auth; Max-Age={}; HttpOnly; Secure; SameSite=Strict", support_cookie_name(record_id), max_age_secs.max(0))
}

pub fn clear_support_cookie(record_id: &str) -> String {
    format!("{}=; Path=/api/auth; Max-Age=0; HttpOnly; Secure; SameSite=Strict", support_cookie_name(record_id))
}
