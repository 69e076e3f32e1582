//! Table `account_requests` (key `email` + `sk`, TTL `expires_at`, a stream of inserts): what
//! was asked of an e-mail address and is done off the request path, so a request's own work
//! is the same whatever the address's state.
//!
//! - `reg#<created ms>#<id>`: a sign-up waiting for its confirmation. It holds the argon2 hash
//!   of the password chosen at that sign-up, the details given with it, and the SHA-256 of the
//!   signing-up browser's nonce. Nothing in it is usable until someone proves the mailbox
//!   *and* either is that browser or types that password; the account is made from it then.
//!   Several may exist for one address (the owner's and a stranger's); once the address has
//!   an account, every one left is dead.
//! - `job#<kind>#<id>`: a resend, a password reset or a new account's welcome.
//!
//! Each insert is a job: the table's stream runs it in AWS, the local gateway right after
//! answering. A job is claimed (`claimed_at`) before its mail goes out, so a retried batch
//! never mails twice.

use std::collections::HashMap;

use aws_sdk_dynamodb::{
    Client,
    types::{AttributeValue, ReturnValue},
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::{
    config::Tables,
    dynamo::{Item, StoreError, applied, from_item, to_item},
};

use super::table::Table;

/// A sign-up waits this long for its confirmation (a resend extends it).
pub const REGISTRATION_TTL_SECS: i64 = 24 * 3600;
/// A job is kept a day: the stream's own retention.
pub const JOB_TTL_SECS: i64 = 24 * 3600;
const REGISTRATION: &str = "reg#";
const JOB: &str = "job#";

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

/// A sign-up waiting for its confirmation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Registration {
    pub email: String,
    pub sk: String,
    pub password_hash: String,
    #[serde(default)]
    pub user_metadata: Map<String, Value>,
    /// SHA-256 (hex) of the nonce the signing-up browser holds in its cookie.
    pub nonce_hash: String,
    pub created_at: String,
    pub expires_at: i64,
    /// Raised by each password-reset link sent for an address that has no account yet: only
    /// the newest such link can complete (see `users::activate`).
    #[serde(default)]
    pub reset_generation: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed_at: Option<i64>,
}

impl Registration {
    /// A new sign-up of `email`, made at `now` (Unix seconds).
    pub fn new(email: &str, password_hash: String, user_metadata: Map<String, Value>, nonce_hash: String, now: i64) -> Self {
        let millis = now.saturating_mul(1000);
        Self {
            email: email.to_owned(),
            sk: format!("{REGISTRATION}{millis:015}#{}", uuid::Uuid::new_v4().simple()),
            password_hash,
            user_metadata,
            nonce_hash,
            created_at: crate::time::iso_from_unix(now),
            expires_at: now + REGISTRATION_TTL_SECS,
            reset_generation: 0,
            claimed_at: None,
        }
    }

    pub fn is_live(&self, now: i64) -> bool {
        self.expires_at > now
    }
}

/// What a `job#` item asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JobKind {
    /// The confirmation again, for the asking browser's sign-up (else the newest).
    Resend,
    /// A password-reset link, if the address has an account (or a sign-up waiting).
    Recover,
    /// A new account exists: referral, `account_created` (and `trial_started`).
    Welcome,
}

impl JobKind {
    fn as_str(self) -> &'static str {
        match self {
            JobKind::Resend => "resend",
            JobKind::Recover => "recover",
            JobKind::Welcome => "welcome",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Job {
    pub email: String,
    pub sk: String,
    pub kind: JobKind,
    /// Resend: the asking browser's nonce hash, if it holds one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce_hash: Option<String>,
    /// Welcome: the new account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    pub expires_at: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed_at: Option<i64>,
}

impl Job {
    /// A job for `email`; `key` makes it unique (a random id, or the new account's id for a
    /// welcome, so an account is welcomed once).
    pub fn new(email: &str, kind: JobKind, key: &str, now: i64) -> Self {
        Self {
            email: email.to_owned(),
            sk: format!("{JOB}{}#{key}", kind.as_str()),
            kind,
            nonce_hash: None,
            user_id: None,
            expires_at: now + JOB_TTL_SECS,
            claimed_at: None,
        }
    }
}

/// One item of the table, as the stream delivers it.
#[derive(Debug, Clone, PartialEq)]
pub enum AccountRequest {
    Registration(Registration),
    Job(Job),
}

impl AccountRequest {
    pub fn from_item(item: Item) -> Result<Self, StoreError> {
        let sk = item.get("sk").and_then(|v| v.as_s().ok()).cloned().unwrap_or_default();
        if sk.starts_with(REGISTRATION) {
            Ok(Self::Registration(from_item(item)?))
        } else if sk.starts_with(JOB) {
            Ok(Self::Job(from_item(item)?))
        } else {
            Err(StoreError::internal(anyhow::anyhow!("an account request with an unknown key {sk:?}")))
        }
    }

    pub fn key(&self) -> (&str, &str) {
        match self {
            Self::Registration(r) => (&r.email, &r.sk),
            Self::Job(j) => (&j.email, &j.sk),
        }
    }
}

/// Table `account_requests`: `state.account_requests()`.
#[derive(Clone, Copy)]
pub struct AccountRequestsRepo<'a> {
    table: Table<'a>,
}

impl<'a> AccountRequestsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.account_requests),
        }
    }

    /// Stores a new sign-up.
    pub async fn put_registration(self, registration: &Registration) -> Result<(), StoreError> {
        self.table.put().set_item(Some(to_item(registration)?)).condition_expression("attribute_not_exists(sk)").send().await?;
        Ok(())
    }

    /// Stores a job; `false` when the same job exists (a welcome written twice).
    pub async fn put_job(self, job: &Job) -> Result<bool, StoreError> {
        applied(self.table.put().set_item(Some(to_item(job)?)).condition_expression("attribute_not_exists(sk)").send().await)
    }

    /// The address's sign-ups still waiting at `now`, newest first (at most the 50 newest).
    pub async fn registrations(self, email: &str, now: i64) -> Result<Vec<Registration>, StoreError> {
        let output = self.table.query()
            .key_condition_expression("email = :email AND begins_with(sk, :reg)")
            .expression_attribute_values(":email", s(email))
            .expression_attribute_values(":reg", s(REGISTRATION))
            .scan_index_forward(false)
            .consistent_read(true)
            .limit(50)
            .send()
            .await?;
        let mut live = Vec::new();
        for item in output.items.unwrap_or_default() {
            let registration: Registration = from_item(item)?;
            if registration.is_live(now) {
                live.push(registration);
            }
        }
        Ok(live)
    }

    pub async fn get_registration(self, email: &str, sk: &str) -> Result<Option<Registration>, StoreError> {
        if !sk.starts_with(REGISTRATION) {
            return Ok(None);
        }
        let output = self.table.get().key("email", s(email)).key("sk", s(sk)).consistent_read(true).send().await?;
        output.item.map(from_item).transpose()
    }

    pub async fn delete(self, email: &str, sk: &str) -> Result<(), StoreError> {
        self.table.delete().key("email", s(email)).key("sk", s(sk)).send().await?;
        Ok(())
    }

    /// Claims a request before its mail goes out: `false` when it was claimed already (a retried
    /// stream batch) or is gone.
    pub async fn claim(self, email: &str, sk: &str, now: i64) -> Result<bool, StoreError> {
        applied(
            self.table.update()
                .key("email", s(email))
                .key("sk", s(sk))
                .update_expression("SET claimed_at = :now")
                .condition_expression("attribute_exists(sk) AND attribute_not_exists(claimed_at)")
                .expression_attribute_values(":now", AttributeValue::N(now.to_string()))
                .send()
                .await,
        )
    }

    /// Gives a claim back after the work failed, so a retry does it.
    pub async fn release(self, email: &str, sk: &str) -> Result<(), StoreError> {
        let result = self.table.update()
            .key("email", s(email))
            .key("sk", s(sk))
            .update_expression("REMOVE claimed_at")
            .condition_expression("attribute_exists(sk)")
            .send()
            .await;
        applied(result).map(|_| ())
    }

    /// A resend: the sign-up waits another day from `now`. `false` when it is gone.
    pub async fn extend(self, registration: &Registration, now: i64) -> Result<bool, StoreError> {
        applied(
            self.table.update()
                .key("email", s(&registration.email))
                .key("sk", s(&registration.sk))
                .update_expression("SET expires_at = :expires")
                .condition_expression("attribute_exists(sk) AND expires_at > :now")
                .expression_attribute_values(":expires", AttributeValue::N((now + REGISTRATION_TTL_SECS).to_string()))
                .expression_attribute_values(":now", AttributeValue::N(now.to_string()))
                .send()
                .await,
        )
    }

    /// A reset link for an address with no account yet: raises the sign-up's reset generation
    /// and returns it (`None` when the sign-up is gone), so older such links stop working.
    pub async fn next_reset_generation(self, registration: &Registration) -> Result<Option<u64>, StoreError> {
        let result = self.table.update()
            .key("email", s(&registration.email))
            .key("sk", s(&registration.sk))
            .update_expression("ADD reset_generation :one")
            .condition_expression("attribute_exists(sk)")
            .expression_attribute_values(":one", AttributeValue::N("1".into()))
            .return_values(ReturnValue::UpdatedNew)
            .send()
            .await;
        Ok(crate::dynamo::applied_output(result)?
            .and_then(|output| output.attributes)
            .and_then(|item| item.get("reset_generation").and_then(|v| v.as_n().ok()).and_then(|n| n.parse().ok())))
    }
}

/// The item a job put writes inside a transaction (the welcome, with the account).
pub fn job_item(job: &Job) -> Result<Item, StoreError> {
    to_item(job)
}

/// The key of a request, for the transaction that turns a sign-up into an account.
pub fn key(email: &str, sk: &str) -> HashMap<String, AttributeValue> {
    HashMap::from([("email".to_owned(), s(email)), ("sk".to_owned(), s(sk))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registrations_sort_by_creation_and_never_collide() {
        let a = Registration::new("ada@example.com", "h".into(), Map::new(), "n".into(), 1_700_000_000);
        let b = Registration::new("ada@example.com", "h".into(), Map::new(), "n".into(), 1_700_000_001);
        let c = Registration::new("ada@example.com", "h".into(), Map::new(), "n".into(), 1_700_000_001);
        assert!(a.sk < b.sk, "{} < {}", a.sk, b.sk);
        assert_ne!(b.sk, c.sk);
        assert!(a.sk.starts_with("reg#001700000000000#"), "{}", a.sk);
        assert_eq!(a.expires_at, 1_700_000_000 + 24 * 3600);
        assert!(a.is_live(1_700_000_000 + 24 * 3600 - 1) && !a.is_live(1_700_000_000 + 24 * 3600));
    }

    #[test]
    fn items_read_back_as_the_request_they_are() {
        let registration = Registration::new("ada@example.com", "hash".into(), Map::new(), "nonce".into(), 1_700_000_000);
        let item = to_item(&registration).unwrap();
        assert_eq!(AccountRequest::from_item(item).unwrap(), AccountRequest::Registration(registration));
        let mut job = Job::new("ada@example.com", JobKind::Welcome, "user-1", 1_700_000_000);
        job.user_id = Some("user-1".into());
        assert_eq!(job.sk, "job#welcome#user-1");
        assert_eq!(AccountRequest::from_item(to_item(&job).unwrap()).unwrap(), AccountRequest::Job(job));
        let mut odd = to_item(&Job::new("ada@example.com", JobKind::Resend, "x", 0)).unwrap();
        odd.insert("sk".into(), s("other#1"));
        assert!(AccountRequest::from_item(odd).is_err());
    }
}

impl AccountRequest {
    /// A request from the new image of a stream record of the table (`AuthJobsFunction`).
    pub fn from_stream_image(image: serde_dynamo::Item) -> Result<Self, StoreError> {
        Self::from_item(image.into())
    }
}
