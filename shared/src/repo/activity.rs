//! Table `activity`: who changed what in each company (key: the company's id, then
//! `<time>#<sequence>`, newest last), kept 400 days (TTL `expires_at`). One item per change a
//! member made (see `http::activity`); the support-session record (`impersonation_actions`)
//! stays the account holder's, this is the team's.
//!
//! The functions that record activity may only put items with these attributes
//! ([`ATTRIBUTES`], IAM in `template.yaml`): no function can rewrite the teams table from here.

use aws_sdk_dynamodb::{Client, types::AttributeValue};
use serde::{Deserialize, Serialize};

use crate::{
    config::Tables,
    dynamo::{StoreError, from_item, to_item},
};

use super::table::Table;

/// Every attribute an entry has (the key included): what `template.yaml` lets the recording
/// functions write (`dynamodb:Attributes`).
pub const ATTRIBUTES: &[&str] = &["company_id", "sk", "actor_id", "actor_email", "support_admin", "method", "path", "status", "at", "expires_at"];
/// Entries are kept this long (then DynamoDB's TTL removes them).
pub const KEPT_SECS: i64 = 400 * 24 * 3600;
/// Entries shown per page.
pub const PAGE: i32 = 50;
const MAX_PATH: usize = 512;

/// One change made in a company.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub company_id: String,
    pub sk: String,
    pub actor_id: String,
    pub actor_email: String,
    /// Made in a support session by this administrator (acting as `actor`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub support_admin: Option<String>,
    pub method: String,
    pub path: String,
    pub status: u16,
    pub at: String,
    pub expires_at: i64,
}

impl Entry {
    #[allow(clippy::too_many_arguments)]
    pub fn new(company_id: &str, actor_id: &str, actor_email: &str, support_admin: Option<&str>, method: &str, path: &str, status: u16, now: i64) -> Self {
        let at = crate::time::iso_from_unix(now);
        Self {
            company_id: company_id.to_owned(),
            sk: format!("{at}#{:020}", super::sequence::next()),
            actor_id: actor_id.to_owned(),
            actor_email: actor_email.to_owned(),
            support_admin: support_admin.map(str::to_owned),
            method: method.to_owned(),
            path: path.chars().take(MAX_PATH).collect(),
            status,
            at,
            expires_at: now + KEPT_SECS,
        }
    }
}

/// A page of a company's activity, newest first, and the key to read the next from.
#[derive(Debug, Clone, Default)]
pub struct Page {
    pub entries: Vec<Entry>,
    pub next: Option<String>,
}

#[derive(Clone, Copy)]
pub struct ActivityRepo<'a> {
    activity: Table<'a>,
}

impl<'a> ActivityRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self { activity: Table::new(client, &tables.activity) }
    }

    pub async fn record(self, entry: &Entry) -> Result<(), StoreError> {
        self.activity.put().set_item(Some(to_item(entry)?)).send().await?;
        Ok(())
    }

    /// The company's newest entries, or those before `before` (an entry's `sk`).
    pub async fn page(self, company_id: &str, before: Option<&str>) -> Result<Page, StoreError> {
        let mut query = self.activity.query()
            .expression_attribute_values(":company", AttributeValue::S(company_id.to_owned()))
            .scan_index_forward(false)
            .limit(PAGE);
        query = match before {
            Some(before) => query
                .key_condition_expression("company_id = :company AND sk < :before")
                .expression_attribute_values(":before", AttributeValue::S(before.to_owned())),
            None => query.key_condition_expression("company_id = :company"),
        };
        let output = query.send().await?;
        let entries = output.items.unwrap_or_default().into_iter().map(from_item).collect::<Result<Vec<Entry>, _>>()?;
        let next = output.last_evaluated_key.is_some().then(|| entries.last().map(|e| e.sk.clone())).flatten();
        Ok(Page { entries, next })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_of_one_second_keep_their_order_and_every_attribute_is_declared() {
        let a = Entry::new("c1", "u1", "a@x.test", None, "POST", "/api/forms", 201, 1_800_000_000);
        let b = Entry::new("c1", "u1", "a@x.test", Some("admin-1"), "POST", &"/x".repeat(400), 201, 1_800_000_000);
        assert!(a.sk < b.sk, "{} then {}", a.sk, b.sk);
        assert_eq!(b.path.len(), MAX_PATH);
        let item = to_item(&b).unwrap();
        for name in item.keys() {
            assert!(ATTRIBUTES.contains(&name.as_str()), "{name} is not in ATTRIBUTES (IAM would refuse it)");
        }
    }
}
