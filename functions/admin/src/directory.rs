//! The user directory: accounts from the users table's `directory` GSI (sorted by e-mail,
//! never the password hash), each with its subscription, lead counter and number of forms.
//! A page is one Query plus two BatchGetItems and one COUNT Query per row.

use futures::{StreamExt, TryStreamExt};
use serde::Serialize;
use serde_json::Value;
use shared::{
    ApiError, AppState, Result,
    dynamo::Item,
    repo::directory::DirectoryRepo,
    repo::directory::{self, Account},
    time::iso_from_unix,
};

use crate::cursor;

pub const PAGE_SIZE: usize = 25;
/// Longest search accepted (an e-mail address is at most 254 characters).
const MAX_SEARCH: usize = 254;
/// Forms counted at once while a page is assembled.
const PARALLEL_COUNTS: usize = 8;

/// What `q` asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Search {
    Everyone,
    /// Lower-cased: addresses are stored lower-cased.
    EmailPrefix(String),
    /// A user id (a UUID): read directly.
    Id(String),
}

impl Search {
    pub fn parse(q: Option<&str>) -> Result<Self> {
        let q = q.map(str::trim).unwrap_or_default();
        if q.is_empty() {
            return Ok(Self::Everyone);
        }
        if q.chars().count() > MAX_SEARCH || q.chars().any(char::is_control) {
            return Err(ApiError::bad_request("invalid_search", "Search for an e-mail address (or its beginning) or a user id."));
        }
        Ok(match uuid::Uuid::parse_str(q) {
            Ok(id) => Self::Id(id.hyphenated().to_string()),
            Err(_) => Self::EmailPrefix(q.to_lowercase()),
        })
    }
}

/// One row of the directory.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UserRow {
    pub id: String,
    pub email: String,
    pub name: Option<String>,
    pub created_at: String,
    pub confirmed: bool,
    pub confirmed_at: Option<String>,
    /// The plan's name as the subscription row holds it.
    pub plan: Option<String>,
    pub subscription_status: Option<String>,
    /// RFC 3339.
    pub trial_end: Option<String>,
    pub forms: u64,
    pub leads: u64,
    pub last_sign_in_at: Option<String>,
    pub is_admin: bool,
}

/// A page of accounts and the cursor of the next one.
pub struct Page {
    pub accounts: Vec<Account>,
    pub next: Option<String>,
}

const CURSOR_KEY: &[&str] = &["id", "email"];

fn decode_cursor(cursor: &str, search: &Search) -> Result<Item> {
    let key = cursor::decode(cursor, CURSOR_KEY)?;
    if let Search::EmailPrefix(prefix) = search {
        if !cursor::text(&key, "email").starts_with(prefix.as_str()) {
            return Err(cursor::InvalidCursor.into());
        }
    }
    Ok(directory::start_key(key))
}

/// One page of the directory in e-mail order, optionally only addresses starting with a prefix.
#[tracing::instrument(skip(directory, cursor))]
pub async fn page(directory: DirectoryRepo<'_>, search: &Search, cursor: Option<&str>) -> Result<Page> {
    if let Search::Id(id) = search {
        if cursor.is_some() {
            return Err(cursor::InvalidCursor.into());
        }
        let accounts = account(directory, id).await?.into_iter().collect();
        return Ok(Page { accounts, next: None });
    }
    let start = cursor.map(|cursor| decode_cursor(cursor, search)).transpose()?;
    let prefix = match search {
        Search::EmailPrefix(prefix) => Some(prefix.as_str()),
        _ => None,
    };
    let page = directory.page(prefix, start, PAGE_SIZE).await?;
    Ok(Page { accounts: page.accounts, next: page.next.and_then(|key| cursor::encode(&key, CURSOR_KEY)) })
}

/// One account by id, without its password hash; `None` when there is none.
pub async fn account(directory: DirectoryRepo<'_>, id: &str) -> Result<Option<Account>> {
    Ok(directory.account(id).await?)
}

/// The rows of a page: each account with its subscription, leads and forms.
#[tracing::instrument(skip(state, accounts), fields(accounts = accounts.len()))]
pub async fn rows(state: &AppState, accounts: Vec<Account>) -> Result<Vec<UserRow>> {
    let directory = state.directory();
    let ids: Vec<String> = accounts.iter().map(|account| account.id.clone()).collect();
    let (subscriptions, leads, forms) = tokio::try_join!(
        directory.subscriptions(&ids),
        directory.lead_counts(&ids),
        futures::stream::iter(ids.clone())
            .map(|id| async move { directory.forms_count(&id).await })
            .buffered(PARALLEL_COUNTS)
            .try_collect::<Vec<u64>>(),
    )?;
    Ok(accounts
        .into_iter()
        .zip(forms)
        .map(|(account, forms)| {
            let subscription = subscriptions.get(&account.id);
            let trial_end = subscription.and_then(|s| s.trial_end).map(iso_from_unix).filter(|iso| !iso.is_empty());
            UserRow {
                name: account.user_metadata.get("name").and_then(Value::as_str).map(str::to_owned),
                confirmed: account.email_confirmed_at.is_some(),
                confirmed_at: account.email_confirmed_at,
                plan: subscription.and_then(|s| s.plan.clone()),
                subscription_status: subscription.and_then(|s| s.status.clone()),
                trial_end,
                forms,
                leads: leads.get(&account.id).copied().unwrap_or(0),
                is_admin: state.is_admin(&account.id),
                id: account.id,
                email: account.email,
                created_at: account.created_at,
                last_sign_in_at: account.last_sign_in_at,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_is_an_email_prefix_unless_it_is_a_user_id() {
        assert_eq!(Search::parse(None).unwrap(), Search::Everyone);
        assert_eq!(Search::parse(Some("   ")).unwrap(), Search::Everyone);
        assert_eq!(Search::parse(Some(" Ada@Example")).unwrap(), Search::EmailPrefix("ada@example".into()));
        assert_eq!(Search::parse(Some("founder-")).unwrap(), Search::EmailPrefix("founder-".into()));
        assert_eq!(
            Search::parse(Some("6F1C2B9E-54E4-4C4B-9E52-3B8E0B4C1D2A")).unwrap(),
            Search::Id("6f1c2b9e-54e4-4c4b-9e52-3b8e0b4c1d2a".into())
        );
        assert_eq!(Search::parse(Some(&"a".repeat(255))).unwrap_err().code, "invalid_search");
        assert_eq!(Search::parse(Some("a\u{0}b")).unwrap_err().code, "invalid_search");
    }

    #[test]
    fn a_prefix_search_refuses_a_cursor_of_another_search() {
        let other = cursor::encode(&cursor::key_of([("id", "u".to_owned()), ("email", "bob@x.com".to_owned())]), CURSOR_KEY).unwrap();
        assert!(decode_cursor(&other, &Search::EmailPrefix("ada".into())).is_err());
        let key = decode_cursor(&other, &Search::Everyone).unwrap();
        assert_eq!(cursor::text(&key, "directory"), shared::repo::users::DIRECTORY_PARTITION);
    }
}
