//! The admin user directory's reads: accounts from the users table's `directory` GSI (sorted
//! by e-mail, never the password hash), and for a page of them their subscriptions and lead
//! counters (BatchGetItem on `subscriptions` and `profiles`) and their number of forms (a
//! COUNT Query on the forms' `by_user` index). Bounded whatever the size of the platform.

use std::collections::HashMap;

use aws_sdk_dynamodb::{Client, types::AttributeValue};
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::{
    config::Tables,
    dynamo::{Item, StoreError},
    repo::users::DIRECTORY_PARTITION,
};

use super::table::Table;

/// The attributes an admin may see of a user item: what the `directory` GSI projects.
const USER_ATTRIBUTES: &[&str] = &["id", "email", "created_at", "email_confirmed_at", "user_metadata", "last_sign_in_at"];

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

/// A page of accounts and the key the next one continues after (`None`: none is left).
pub struct Page {
    pub accounts: Vec<Account>,
    pub next: Option<Item>,
}

/// Tables `users`, `subscriptions`, `profiles`, `forms`: `state.directory()`.
#[derive(Clone, Copy)]
pub struct DirectoryRepo<'a> {
    users: Table<'a>,
    subscriptions: Table<'a>,
    profiles: Table<'a>,
    forms: Table<'a>,
}

impl<'a> DirectoryRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            users: Table::new(client, &tables.users),
            subscriptions: Table::new(client, &tables.subscriptions),
            profiles: Table::new(client, &tables.profiles),
            forms: Table::new(client, &tables.forms),
        }
    }

    /// One page of `size` accounts in e-mail order from `start`, optionally only addresses
    /// starting with `prefix` (lower-cased). One item more than a page is read, so whether there
    /// is a next page is known without an empty one; `next` is then the last account's item.
    #[tracing::instrument(skip(self, start))]
    pub async fn page(self, prefix: Option<&str>, start: Option<Item>, size: usize) -> Result<Page, StoreError> {
        let mut request = self.users.query()
            .index_name("directory")
            .expression_attribute_names("#directory", "directory")
            .expression_attribute_values(":directory", AttributeValue::S(DIRECTORY_PARTITION.to_owned()))
            .limit(size as i32 + 1);
        request = match prefix {
            Some(prefix) => request
                .key_condition_expression("#directory = :directory AND begins_with(#email, :prefix)")
                .expression_attribute_names("#email", "email")
                .expression_attribute_values(":prefix", AttributeValue::S(prefix.to_owned())),
            None => request.key_condition_expression("#directory = :directory"),
        };
        let read = crate::repo::query_page(request, start).await?;
        let mut items = read.items;
        let more = items.len() > size || read.next.is_some();
        items.truncate(size);
        let next = if more {
            match items.last() {
                Some(last) => Some(last.clone()),
                None => read.next,
            }
        } else {
            None
        };
        Ok(Page { accounts: items.into_iter().filter_map(Account::read).collect(), next })
    }

    /// One account by id, without its password hash; `None` when there is none.
    #[tracing::instrument(skip(self))]
    pub async fn account(self, id: &str) -> Result<Option<Account>, StoreError> {
        let mut request = self.users.get().key("id", AttributeValue::S(id.to_owned())).consistent_read(true);
        let mut projection = Vec::new();
        for (i, name) in USER_ATTRIBUTES.iter().enumerate() {
            projection.push(format!("#a{i}"));
            request = request.expression_attribute_names(format!("#a{i}"), *name);
        }
        let output = request.projection_expression(projection.join(", ")).send().await?;
        Ok(output.item.and_then(Account::read))
    }

    /// The subscription rows of `ids` (at most 100), by user id; a user without one is absent.
    #[tracing::instrument(skip(self, ids), fields(ids = ids.len()))]
    pub async fn subscriptions(self, ids: &[String]) -> Result<HashMap<String, Subscription>, StoreError> {
        let items = batch_get(self.subscriptions, "user_id", ids, &["user_id", "status", "plan", "trial_end"]).await?;
        Ok(items
            .into_iter()
            .map(|(id, item)| {
                let subscription = Subscription {
                    plan: text(&item, "plan"),
                    status: text(&item, "status"),
                    trial_end: item.get("trial_end").and_then(|value| value.as_n().ok()).and_then(|n| n.parse::<i64>().ok()),
                };
                (id, subscription)
            })
            .collect())
    }

    /// The profiles' lead counters (`interested_investors_count`, read leniently, see
    /// `shared::counters`) of `ids` (at most 100), by user id; a user without a profile is absent.
    #[tracing::instrument(skip(self, ids), fields(ids = ids.len()))]
    pub async fn lead_counts(self, ids: &[String]) -> Result<HashMap<String, u64>, StoreError> {
        let items = batch_get(self.profiles, "id", ids, &["id", "interested_investors_count"]).await?;
        Ok(items
            .into_iter()
            .map(|(id, item)| {
                let count = item
                    .get("interested_investors_count")
                    .cloned()
                    .and_then(|value| serde_dynamo::from_attribute_value::<_, Value>(value).ok())
                    .map_or(0, |value| crate::counters::clamp(&value));
                (id, count)
            })
            .collect())
    }

    /// How many forms a user has: a COUNT Query on the forms' `by_user` index (all pages).
    #[tracing::instrument(skip(self))]
    pub async fn forms_count(self, user_id: &str) -> Result<u64, StoreError> {
        let query = self.forms.query().index_name("by_user").key_condition_expression("user_id = :user").expression_attribute_values(":user", AttributeValue::S(user_id.to_owned()));
        Ok(self.forms.count_all(query).await?)
    }
}

/// The key a directory page continues from: a cursor's `id` and `email` in the GSI's partition.
pub fn start_key(mut key: Item) -> Item {
    key.insert("directory".to_owned(), AttributeValue::S(DIRECTORY_PARTITION.to_owned()));
    key
}

/// The items of `ids` (at most 100; repeats asked once) by their key attribute `key`, with only
/// `attributes`, keyed by id.
async fn batch_get(table: Table<'_>, key: &str, ids: &[String], attributes: &[&str]) -> Result<HashMap<String, Item>, StoreError> {
    let mut distinct: Vec<&String> = ids.iter().collect();
    distinct.sort();
    distinct.dedup();
    let keys: Vec<Item> = distinct.iter().map(|id| HashMap::from([(key.to_owned(), AttributeValue::S((*id).clone()))])).collect();
    let mut found = HashMap::new();
    for item in table.batch_get(keys, attributes).await? {
        if let Some(id) = item.get(key).and_then(|v| v.as_s().ok()).cloned() {
            found.insert(id, item);
        }
    }
    Ok(found)
}

/// What the directory shows of a subscription row, as stored.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Subscription {
    pub plan: Option<String>,
    pub status: Option<String>,
    /// Unix seconds.
    pub trial_end: Option<i64>,
}

fn text(item: &Item, name: &str) -> Option<String> {
    item.get(name)?.as_s().ok().cloned()
}
