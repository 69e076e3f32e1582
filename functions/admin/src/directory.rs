//! The user directory: accounts from the users table's `directory` GSI (sorted by e-mail,
//! never the password hash), each with its subscription, lead counter and number of forms.
//! A page is one Query plus two BatchGetItems and one COUNT Query per row.

use std::collections::HashMap;

use aws_sdk_dynamodb::{
    Client,
    types::{AttributeValue, KeysAndAttributes, Select},
};
use futures::{StreamExt, TryStreamExt};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use shared::{
    ApiError, AppState, Result,
    config::Tables,
    dynamo::Item,
    repo::users::DIRECTORY_PARTITION,
    time::iso_from_unix,
};

use crate::cursor;

pub const PAGE_SIZE: usize = 25;
/// Longest search accepted (an e-mail address is at most 254 characters).
const MAX_SEARCH: usize = 254;
/// The attributes an admin may see of a user item: what the `directory` GSI projects.
const USER_ATTRIBUTES: &[&str] = &["id", "email", "created_at", "email_confirmed_at", "user_metadata", "last_sign_in_at"];
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

/// A user item as the directory reads it, leniently (older items lack newer attributes).
#[derive(Debug, Clone, Deserialize)]
pub struct Account {
    pub id: String,
    pub email: String,
    #[serde(default)]
    pub created_at: String,
    #[serde(default)]
    pub email_confirmed_at: Option<String>,
    #[serde(default)]
    pub user_metadata: Map<String, Value>,
    #[serde(default)]
    pub last_sign_in_at: Option<String>,
}

impl Account {
    fn read(item: Item) -> Option<Self> {
        serde_dynamo::from_item(item).map_err(|err| tracing::warn!(error = %err, "unreadable user item skipped")).ok()
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
    let mut key = cursor::decode(cursor, CURSOR_KEY)?;
    if let Search::EmailPrefix(prefix) = search {
        if !cursor::text(&key, "email").starts_with(prefix.as_str()) {
            return Err(cursor::invalid());
        }
    }
    key.insert("directory".to_owned(), AttributeValue::S(DIRECTORY_PARTITION.to_owned()));
    Ok(key)
}

/// One page of the directory in e-mail order, optionally only addresses starting with a prefix.
#[tracing::instrument(skip(client, tables, cursor))]
pub async fn page(client: &Client, tables: &Tables, search: &Search, cursor: Option<&str>) -> Result<Page> {
    if let Search::Id(id) = search {
        if cursor.is_some() {
            return Err(cursor::invalid());
        }
        let accounts = account(client, tables, id).await?.into_iter().collect();
        return Ok(Page { accounts, next: None });
    }
    let start = cursor.map(|cursor| decode_cursor(cursor, search)).transpose()?;
    let mut request = client
        .query()
        .table_name(&tables.users)
        .index_name("directory")
        .expression_attribute_names("#directory", "directory")
        .expression_attribute_values(":directory", AttributeValue::S(DIRECTORY_PARTITION.to_owned()))
        // One more than a page: whether there is a next page is known without an empty one.
        .limit(PAGE_SIZE as i32 + 1)
        .set_exclusive_start_key(start);
    request = match search {
        Search::EmailPrefix(prefix) => request
            .key_condition_expression("#directory = :directory AND begins_with(#email, :prefix)")
            .expression_attribute_names("#email", "email")
            .expression_attribute_values(":prefix", AttributeValue::S(prefix.clone())),
        _ => request.key_condition_expression("#directory = :directory"),
    };
    let output = request.send().await?;
    let mut items = output.items.unwrap_or_default();
    let more = items.len() > PAGE_SIZE || output.last_evaluated_key.is_some();
    items.truncate(PAGE_SIZE);
    let next = if more {
        match items.last() {
            Some(last) => cursor::encode(last, CURSOR_KEY),
            None => output.last_evaluated_key.as_ref().and_then(|key| cursor::encode(key, CURSOR_KEY)),
        }
    } else {
        None
    };
    Ok(Page { accounts: items.into_iter().filter_map(Account::read).collect(), next })
}

/// One account by id, without its password hash; `None` when there is none.
#[tracing::instrument(skip(client, tables))]
pub async fn account(client: &Client, tables: &Tables, id: &str) -> Result<Option<Account>> {
    let mut request = client.get_item().table_name(&tables.users).key("id", AttributeValue::S(id.to_owned())).consistent_read(true);
    let mut projection = Vec::new();
    for (i, name) in USER_ATTRIBUTES.iter().enumerate() {
        projection.push(format!("#a{i}"));
        request = request.expression_attribute_names(format!("#a{i}"), *name);
    }
    let output = request.projection_expression(projection.join(", ")).send().await?;
    Ok(output.item.and_then(Account::read))
}

/// `BatchGetItem` of `ids` by their key attribute `key` (at most 100 distinct ids), with
/// only `attributes`; keys DynamoDB leaves unprocessed are retried a few times.
async fn batch_get(client: &Client, table: &str, key: &str, ids: &[String], attributes: &[&str]) -> Result<HashMap<String, Item>> {
    let mut distinct: Vec<&String> = ids.iter().collect();
    distinct.sort();
    distinct.dedup();
    if distinct.is_empty() {
        return Ok(HashMap::new());
    }
    let keys: Vec<Item> = distinct.iter().map(|id| HashMap::from([(key.to_owned(), AttributeValue::S((*id).clone()))])).collect();
    let mut builder = KeysAndAttributes::builder().set_keys(Some(keys));
    let mut projection = Vec::new();
    for (i, name) in attributes.iter().enumerate() {
        projection.push(format!("#a{i}"));
        builder = builder.expression_attribute_names(format!("#a{i}"), *name);
    }
    let mut pending = Some(builder.projection_expression(projection.join(", ")).build().map_err(ApiError::internal)?);
    let mut found = HashMap::new();
    for attempt in 0..6u32 {
        let Some(request) = pending.take() else { break };
        if attempt > 0 {
            tokio::time::sleep(std::time::Duration::from_millis(20 << attempt)).await;
        }
        let output = client.batch_get_item().request_items(table, request).send().await?;
        for item in output.responses.and_then(|mut responses| responses.remove(table)).unwrap_or_default() {
            if let Some(id) = item.get(key).and_then(|v| v.as_s().ok()).cloned() {
                found.insert(id, item);
            }
        }
        pending = output.unprocessed_keys.and_then(|mut unprocessed| unprocessed.remove(table)).filter(|keys| !keys.keys().is_empty());
    }
    if pending.is_some() {
        return Err(ApiError::unavailable());
    }
    Ok(found)
}

/// How many forms a user has: a COUNT Query on the forms' `by_user` index (all pages).
async fn count_forms(client: &Client, table: &str, user_id: &str) -> Result<u64> {
    let mut total = 0u64;
    let mut start = None;
    loop {
        let output = client
            .query()
            .table_name(table)
            .index_name("by_user")
            .key_condition_expression("user_id = :user")
            .expression_attribute_values(":user", AttributeValue::S(user_id.to_owned()))
            .select(Select::Count)
            .set_exclusive_start_key(start)
            .send()
            .await?;
        total = total.saturating_add(u64::try_from(output.count).unwrap_or(0));
        match output.last_evaluated_key {
            Some(key) => start = Some(key),
            None => return Ok(total),
        }
    }
}

fn text(item: Option<&Item>, name: &str) -> Option<String> {
    item?.get(name)?.as_s().ok().cloned()
}

/// A stored number leniently (see `shared::counters`).
fn count(item: Option<&Item>, name: &str) -> u64 {
    item.and_then(|item| item.get(name))
        .cloned()
        .and_then(|value| serde_dynamo::from_attribute_value::<_, Value>(value).ok())
        .map_or(0, |value| shared::counters::clamp(&value))
}

/// The rows of a page: each account with its subscription, leads and forms.
#[tracing::instrument(skip(state, accounts), fields(accounts = accounts.len()))]
pub async fn rows(state: &AppState, accounts: Vec<Account>) -> Result<Vec<UserRow>> {
    let tables = &state.config.tables;
    let client = &state.dynamo;
    let ids: Vec<String> = accounts.iter().map(|account| account.id.clone()).collect();
    let (subscriptions, profiles, forms) = tokio::try_join!(
        batch_get(client, &tables.subscriptions, "user_id", &ids, &["user_id", "status", "plan", "trial_end"]),
        batch_get(client, &tables.profiles, "id", &ids, &["id", "interested_investors_count"]),
        futures::stream::iter(ids.clone())
            .map(|id| {
                let (client, table) = (client.clone(), tables.forms.clone());
                async move { count_forms(&client, &table, &id).await }
            })
            .buffered(PARALLEL_COUNTS)
            .try_collect::<Vec<u64>>(),
    )?;
    Ok(accounts
        .into_iter()
        .zip(forms)
        .map(|(account, forms)| {
            let subscription = subscriptions.get(&account.id);
            let trial_end = subscription
                .and_then(|item| item.get("trial_end"))
                .and_then(|value| value.as_n().ok())
                .and_then(|n| n.parse::<i64>().ok())
                .map(iso_from_unix)
                .filter(|iso| !iso.is_empty());
            UserRow {
                name: account.user_metadata.get("name").and_then(Value::as_str).map(str::to_owned),
                confirmed: account.email_confirmed_at.is_some(),
                confirmed_at: account.email_confirmed_at,
                plan: text(subscription, "plan"),
                subscription_status: text(subscription, "status"),
                trial_end,
                forms,
                leads: count(profiles.get(&account.id), "interested_investors_count"),
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
        let other = cursor::encode(
            &[("id".to_owned(), AttributeValue::S("u".into())), ("email".to_owned(), AttributeValue::S("bob@x.com".into()))].into(),
            CURSOR_KEY,
        )
        .unwrap();
        assert!(decode_cursor(&other, &Search::EmailPrefix("ada".into())).is_err());
        let key = decode_cursor(&other, &Search::Everyone).unwrap();
        assert_eq!(cursor::text(&key, "directory"), DIRECTORY_PARTITION);
    }
}
