//! Table `impersonation_actions`: what was done in each support session, one item per write
//! and one per route read (key: the session's record id, then the entry). Kept apart from the
//! session records (`impersonations`) so that the functions that record activity can add to
//! it without being able to change a record's who, why, when or how it ended (IAM in
//! `template.yaml`: they may only touch these attributes, see [`ATTRIBUTES`]). Nothing is ever
//! dropped: a session has as many entries as it made requests (writes) or routes (reads).
//!
//! - A write is written **before** it runs (`status` 0), then its status is set: a write
//!   whose entry cannot be stored never runs (fail closed). Its entry key orders writes in
//!   time (`w#<nanoseconds, strictly increasing per process>`).
//! - Reads of one route are grouped (`r#<method> <path>`): how many, how many refused, first
//!   and last time, so a session that opened the leads list 40 times reads as one line.

use aws_sdk_dynamodb::{Client, types::AttributeValue};
use serde::{Deserialize, Serialize};

use crate::{
    config::Tables,
    dynamo::{StoreError, from_item},
};

use super::table::Table;

/// Every attribute an entry has (the key included): what `template.yaml` lets the auditing
/// functions write (`dynamodb:Attributes`), and nothing else.
pub const ATTRIBUTES: &[&str] = &["session_id", "entry", "kind", "method", "path", "status", "at", "first_at", "count", "refused"];
/// Entries read per session when showing it (the record itself keeps them all).
pub const SHOWN: usize = 1_000;
/// Paths are kept up to this many characters (a sort key holds 1 KB).
const MAX_PATH: usize = 512;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Read,
    Write,
}

/// One stored entry: a write, or the reads of one route.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub session_id: String,
    pub entry: String,
    pub kind: Kind,
    pub method: String,
    pub path: String,
    /// A write's status (0 until it finished: an outcome that was not recorded); a read
    /// group's last status.
    #[serde(default)]
    pub status: u16,
    /// A write: when it was made. Reads: the last time.
    pub at: String,
    /// Reads: the first time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_at: Option<String>,
    /// Reads: how many times, and how many of them were refused (4xx/5xx).
    #[serde(default)]
    pub count: u64,
    #[serde(default)]
    pub refused: u64,
}

fn bounded(path: &str) -> String {
    path.chars().take(MAX_PATH).collect()
}

/// Table `impersonation_actions`: `state.impersonation_actions()`.
#[derive(Clone, Copy)]
pub struct ImpersonationActionsRepo<'a> {
    table: Table<'a>,
}

impl<'a> ImpersonationActionsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.impersonation_actions),
        }
    }

    /// Stores a write before it runs (status 0) and returns its entry key. An error means the
    /// write must not run.
    pub async fn begin_write(self, session_id: &str, method: &str, path: &str, at: &str) -> Result<String, StoreError> {
        let entry = format!("w#{:020}", super::sequence::next());
        self.table.update()
            .key("session_id", AttributeValue::S(session_id.to_owned()))
            .key("entry", AttributeValue::S(entry.clone()))
            .update_expression("SET #kind = :kind, #method = :method, #path = :path, #status = :zero, #at = :at")
            .condition_expression("attribute_not_exists(#entry)")
            .expression_attribute_names("#entry", "entry")
            .expression_attribute_names("#kind", "kind")
            .expression_attribute_names("#method", "method")
            .expression_attribute_names("#path", "path")
            .expression_attribute_names("#status", "status")
            .expression_attribute_names("#at", "at")
            .expression_attribute_values(":kind", AttributeValue::S("write".into()))
            .expression_attribute_values(":method", AttributeValue::S(method.to_owned()))
            .expression_attribute_values(":path", AttributeValue::S(bounded(path)))
            .expression_attribute_values(":zero", AttributeValue::N("0".into()))
            .expression_attribute_values(":at", AttributeValue::S(at.to_owned()))
            .send()
            .await?;
        Ok(entry)
    }

    /// Sets a stored write's status once it ran.
    pub async fn finish_write(self, session_id: &str, entry: &str, status: u16) -> Result<(), StoreError> {
        self.table.update()
            .key("session_id", AttributeValue::S(session_id.to_owned()))
            .key("entry", AttributeValue::S(entry.to_owned()))
            .update_expression("SET #status = :status")
            .condition_expression("attribute_exists(#entry)")
            .expression_attribute_names("#entry", "entry")
            .expression_attribute_names("#status", "status")
            .expression_attribute_values(":status", AttributeValue::N(status.to_string()))
            .send()
            .await?;
        Ok(())
    }

    /// Adds one read of `method path` to its route's group.
    pub async fn record_read(self, session_id: &str, method: &str, path: &str, status: u16, at: &str) -> Result<(), StoreError> {
        let path = bounded(path);
        self.table.update()
            .key("session_id", AttributeValue::S(session_id.to_owned()))
            .key("entry", AttributeValue::S(format!("r#{method} {path}")))
            .update_expression(
                "SET #kind = :kind, #method = :method, #path = :path, #status = :status, #at = :at, #first = if_not_exists(#first, :at) \
                 ADD #count :one, #refused :refused",
            )
            .expression_attribute_names("#kind", "kind")
            .expression_attribute_names("#first", "first_at")
            .expression_attribute_names("#refused", "refused")
            .expression_attribute_names("#method", "method")
            .expression_attribute_names("#path", "path")
            .expression_attribute_names("#status", "status")
            .expression_attribute_names("#at", "at")
            .expression_attribute_names("#count", "count")
            .expression_attribute_values(":kind", AttributeValue::S("read".into()))
            .expression_attribute_values(":method", AttributeValue::S(method.to_owned()))
            .expression_attribute_values(":path", AttributeValue::S(path))
            .expression_attribute_values(":status", AttributeValue::N(status.to_string()))
            .expression_attribute_values(":at", AttributeValue::S(at.to_owned()))
            .expression_attribute_values(":one", AttributeValue::N("1".into()))
            .expression_attribute_values(":refused", AttributeValue::N(u8::from(status >= 400).to_string()))
            .send()
            .await?;
        Ok(())
    }

    pub async fn of_session(self, session_id: &str, limit: usize) -> Result<Entries, StoreError> {
        let query = self.table.query().key_condition_expression("session_id = :id").expression_attribute_values(":id", AttributeValue::S(session_id.to_owned()));
        let page = crate::repo::query_up_to(query, limit).await?;
        let entries = page.items.into_iter().map(from_item::<Entry>).collect::<Result<Vec<_>, _>>()?;
        Ok(Entries { entries, complete: page.next.is_none() })
    }
}

/// A session's entries as stored (read groups first, then writes in order), at most `limit`;
/// `complete` is false when there are more.
pub struct Entries {
    pub entries: Vec<Entry>,
    pub complete: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_attributes_iam_allows_are_every_field_an_entry_has() {
        let entry = Entry {
            session_id: "s".into(),
            entry: "r#GET /api/leads".into(),
            kind: Kind::Read,
            method: "GET".into(),
            path: "/api/leads".into(),
            status: 200,
            at: "t".into(),
            first_at: Some("t".into()),
            count: 1,
            refused: 0,
        };
        let item = crate::dynamo::to_item(&entry).unwrap();
        let mut names: Vec<&str> = item.keys().map(String::as_str).collect();
        names.sort_unstable();
        let mut allowed = ATTRIBUTES.to_vec();
        allowed.sort_unstable();
        assert_eq!(names, allowed);
    }
}
