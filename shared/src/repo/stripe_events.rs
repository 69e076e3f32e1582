//! Table `stripe_events` (key `event_id`, TTL on `expires_at`): the Stripe events already
//! received, so each is applied once.

use aws_sdk_dynamodb::{Client, types::AttributeValue};

use crate::{config::Tables, dynamo::StoreError};

use super::table::Table;

/// Table `stripe_events`: `state.stripe_events()`.
#[derive(Clone, Copy)]
pub struct StripeEventsRepo<'a> {
    table: Table<'a>,
}

impl<'a> StripeEventsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.stripe_events),
        }
    }

    /// Records event `id` of type `kind`, received at `at`, kept until `expires_at` (Unix
    /// seconds). `Ok(false)` when it was already there (a duplicate delivery).
    pub async fn claim(self, id: &str, kind: &str, at: i64, expires_at: i64) -> Result<bool, StoreError> {
        let result = self.table.put()
            .item("event_id", AttributeValue::S(id.to_owned()))
            .item("type", AttributeValue::S(kind.to_owned()))
            .item("received_at", AttributeValue::N(at.to_string()))
            .item("expires_at", AttributeValue::N(expires_at.to_string()))
            .condition_expression("attribute_not_exists(event_id)")
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Forgets event `id`, so a retry of it is applied.
    pub async fn forget(self, id: &str) -> Result<(), StoreError> {
        self.table.delete().key("event_id", AttributeValue::S(id.to_owned())).send().await?;
        Ok(())
    }
}