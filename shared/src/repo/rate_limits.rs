//! Table `rate_limits` (key `key`, TTL on `expires_at`): one counter per rule, subject and
//! fixed window. The limiting rules (keys, windows, caps) are `rate_limit`'s; these
//! functions read and move the counters.

use aws_sdk_dynamodb::{Client, types::AttributeValue};

use crate::{config::Tables, dynamo::StoreError};

use super::table::Table;

fn key(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

/// Table `rate_limits`: `state.rate_limits()`.
#[derive(Clone, Copy)]
pub struct RateLimitsRepo<'a> {
    table: Table<'a>,
}

impl<'a> RateLimitsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.rate_limits),
        }
    }

    /// The counter under `counter` (a consistent read); 0 when there is none, clamped to `u32`.
    pub async fn count(self, counter: &str) -> Result<u32, StoreError> {
        let output = self.table.get().key("key", key(counter)).consistent_read(true).send().await?;
        Ok(output
            .item
            .as_ref()
            .and_then(|item| item.get("count"))
            .and_then(|count| count.as_n().ok())
            .and_then(|count| count.parse::<i64>().ok())
            .map_or(0, |count| count.clamp(0, i64::from(u32::MAX)) as u32))
    }

    /// Adds one to the counter while it is under `cap`, atomically; a new counter expires at
    /// `expires_at` (Unix seconds). `Ok(false)` when it was at the cap (nothing added).
    pub async fn add_under(self, counter: &str, cap: i64, expires_at: i64) -> Result<bool, StoreError> {
        let result = self.table.update()
            .key("key", key(counter))
            .update_expression("ADD #count :one SET expires_at = if_not_exists(expires_at, :expires)")
            .condition_expression("attribute_not_exists(#count) OR #count < :cap")
            .expression_attribute_names("#count", "count")
            .expression_attribute_values(":one", AttributeValue::N("1".into()))
            .expression_attribute_values(":cap", AttributeValue::N(cap.to_string()))
            .expression_attribute_values(":expires", AttributeValue::N(expires_at.to_string()))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Takes one off the counter if it is above zero. `Ok(false)` when it was not.
    pub async fn take_one(self, counter: &str) -> Result<bool, StoreError> {
        let result = self.table.update()
            .key("key", key(counter))
            .update_expression("ADD #count :minus")
            .condition_expression("#count > :zero")
            .expression_attribute_names("#count", "count")
            .expression_attribute_values(":minus", AttributeValue::N("-1".into()))
            .expression_attribute_values(":zero", AttributeValue::N("0".into()))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Deletes the counters, all at once.
    pub async fn delete(self, counters: &[String]) -> Result<(), StoreError> {
        let deletes = counters.iter().map(|counter| self.table.delete().key("key", key(counter)).send());
        futures::future::try_join_all(deletes).await?;
        Ok(())
    }
}