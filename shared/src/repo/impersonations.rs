//! Table `impersonations`: the audit trail of support sessions. One item per impersonation:
//! who, on whom, why, from where, when it started and ended. What was done in it lives in
//! `impersonation_actions`. The item is written before the sign-in link exists and is never
//! deleted.
//!
//! Lifecycle: created with the link (`ends_at` = the link's expiry); exchanging the link
//! starts the session (`session_started_at`, `ends_at` = 30 minutes later); revert, sign-out
//! or expiry end it once (`ended_at`, `ended_by`; a conditional write, so two enders cannot
//! both win). `open` exists only while it runs (sparse GSI `open_by_end` for the sweep).
//!
//! Who may write what is held by IAM in `template.yaml`: `impersonate-user` creates records
//! (PutItem), `auth` starts and ends sessions and `revert-impersonation` ends them, each with
//! UpdateItem limited to [`LIFECYCLE_ATTRIBUTES`] and to `ReturnValues` of updated attributes at
//! most (so the updates here return nothing and the record is read back when needed).

use std::collections::HashMap;

use aws_sdk_dynamodb::{Client, types::AttributeValue};

use crate::{
    config::Tables,
    time::iso_from_unix as iso,
    dynamo::{Item, StoreError, applied, from_item, to_item},
};

use super::table::Table;

/// The records this repository stores and their lifetimes (their old path).
pub use domain::impersonation::{EndedBy, Impersonation, LINK_TTL_SECS, SESSION_SECS};

/// The attributes a session's start and end write (with the key): all `auth` and
/// `revert-impersonation` may update.
pub const LIFECYCLE_ATTRIBUTES: &[&str] = &["id", "session_started_at", "ends_at", "ended_at", "ended_by", "open"];
/// The `log` attribute of every record: the partition of the `by_time` GSI (the audit log
/// in time order, one Query whatever the filters).
pub const LOG_PARTITION: &str = "impersonation";
const OPEN: &str = "open";

/// Table `impersonations`: `state.impersonations()`.
#[derive(Clone, Copy)]
pub struct ImpersonationsRepo<'a> {
    table: Table<'a>,
}

impl<'a> ImpersonationsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.impersonations),
        }
    }

    /// Stores a new record (open, ending when its link expires).
    pub async fn create(self, record: &Impersonation) -> Result<(), StoreError> {
        let mut item = to_item(record)?;
        item.insert("log".to_owned(), AttributeValue::S(LOG_PARTITION.to_owned()));
        item.insert("open".to_owned(), AttributeValue::S(OPEN.to_owned()));
        self.table.put()
            .set_item(Some(item))
            .condition_expression("attribute_not_exists(id)")
            .send()
            .await?;
        Ok(())
    }

    pub async fn get(self, id: &str) -> Result<Option<Impersonation>, StoreError> {
        let output = self.table.get()
            .key("id", AttributeValue::S(id.to_owned()))
            .consistent_read(true)
            .send()
            .await?;
        output.item.map(from_item).transpose()
    }

    /// The link was exchanged at `now`: the session runs until `now + SESSION_SECS`. `None` when
    /// the record already ended or its session already started (a link works once).
    pub async fn begin_session(self, id: &str, now: i64) -> Result<Option<Impersonation>, StoreError> {
        let result = self.table.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression("SET session_started_at = :iso, ends_at = :ends")
            .condition_expression("attribute_exists(id) AND attribute_not_exists(ended_at) AND attribute_not_exists(session_started_at) AND ends_at > :now")
            .expression_attribute_values(":iso", AttributeValue::S(iso(now)))
            .expression_attribute_values(":ends", AttributeValue::N((now + SESSION_SECS).to_string()))
            .expression_attribute_values(":now", AttributeValue::N(now.to_string()))
            .send()
            .await;
        if applied(result)? { self.get(id).await } else { Ok(None) }
    }

    /// Ends the record once. `Some(record)` for the call that ended it; `None` when it had
    /// already ended (or does not exist).
    pub async fn end(self, id: &str, by: EndedBy, now: i64) -> Result<Option<Impersonation>, StoreError> {
        let by = serde_json::to_value(by).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
        let result = self.table.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression("SET ended_at = :iso, ended_by = :by REMOVE #open")
            .condition_expression("attribute_exists(id) AND attribute_not_exists(ended_at)")
            .expression_attribute_names("#open", "open")
            .expression_attribute_values(":iso", AttributeValue::S(iso(now)))
            .expression_attribute_values(":by", AttributeValue::S(by))
            .send()
            .await;
        if applied(result)? { self.get(id).await } else { Ok(None) }
    }

    /// Ids of open records whose `ends_at` has passed (the expiry sweep), at most `limit`.
    pub async fn overdue(self, now: i64, limit: i32) -> Result<Vec<String>, StoreError> {
        let output = self.table.query()
            .index_name("open_by_end")
            .key_condition_expression("#open = :open AND ends_at <= :now")
            .expression_attribute_names("#open", "open")
            .expression_attribute_values(":open", AttributeValue::S(OPEN.to_owned()))
            .expression_attribute_values(":now", AttributeValue::N(now.to_string()))
            .limit(limit)
            .send()
            .await?;
        Ok(output
            .items
            .unwrap_or_default()
            .into_iter()
            .filter_map(|item| item.get("id").and_then(|v| v.as_s().ok()).cloned())
            .collect())
    }

    pub async fn list(self, 
        listing: &Listing,
        between: Option<(String, String)>,
        limit: i32,
        start: Option<Item>,
    ) -> Result<Page, StoreError> {
        let (index, attribute, value) = match listing {
            Listing::ByAdmin(id) => ("by_admin", "admin_id", id.clone()),
            Listing::ByTarget(id) => ("by_target", "target_id", id.clone()),
            Listing::All => ("by_time", "log", LOG_PARTITION.to_owned()),
        };
        let mut values = HashMap::from([(":key".to_owned(), AttributeValue::S(value))]);
        // `log` is a DynamoDB reserved word: the partition attribute goes through a placeholder.
        let mut condition = "#key = :key".to_owned();
        if let Some((from, to)) = between {
            condition.push_str(" AND started_at BETWEEN :from AND :to");
            values.insert(":from".to_owned(), AttributeValue::S(from));
            values.insert(":to".to_owned(), AttributeValue::S(to));
        }
        let query = self.table.query()
            .index_name(index)
            .key_condition_expression(condition)
            .expression_attribute_names("#key", attribute)
            .set_expression_attribute_values(Some(values))
            .scan_index_forward(false)
            .limit(limit);
        let page = crate::repo::query_page(query, start).await?;
        let records = page.items.into_iter().map(from_item).collect::<Result<Vec<_>, _>>()?;
        Ok(Page { records, next: page.next })
    }
}

/// A page of records, newest first.
pub struct Page {
    pub records: Vec<Impersonation>,
    pub next: Option<Item>,
}

/// Which index a listing reads: one admin's, one target's, or everyone's (all newest first),
/// optionally between two RFC 3339 times.
#[derive(Debug, Clone)]
pub enum Listing {
    ByAdmin(String),
    ByTarget(String),
    All,
}
