//! Table `notifications` (key `user_email`, sort key `sk` = `<at>#<event>#<random>`): one
//! item per event notification, written once.

use std::collections::HashMap;

use aws_sdk_dynamodb::{Client, types::AttributeValue};
use serde_json::{Map, Value};

use crate::{config::Tables, dynamo::StoreError};

use super::table::Table;

/// Table `notifications`: `state.notifications()`.
#[derive(Clone, Copy)]
pub struct NotificationsRepo<'a> {
    table: Table<'a>,
}

impl<'a> NotificationsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.notifications),
        }
    }

    /// Records that `event_name` happened for `user_email` at `at` (ISO-8601), with its fields.
    pub async fn record(self, user_email: &str, event_name: &str, data_fields: &Map<String, Value>, at: &str) -> Result<(), StoreError> {
        let fields = serde_dynamo::to_attribute_value(data_fields).map_err(|err| StoreError::internal(anyhow::Error::new(err)))?;
        let item = HashMap::from([
            ("user_email".to_owned(), AttributeValue::S(user_email.to_owned())),
            ("sk".to_owned(), AttributeValue::S(format!("{at}#{event_name}#{}", uuid::Uuid::new_v4().simple()))),
            ("event_name".to_owned(), AttributeValue::S(event_name.to_owned())),
            ("data_fields".to_owned(), fields),
            ("created_at".to_owned(), AttributeValue::S(at.to_owned())),
        ]);
        self.table.put().set_item(Some(item)).send().await?;
        Ok(())
    }
}
