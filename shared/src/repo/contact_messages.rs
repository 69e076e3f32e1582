//! Table `contact_messages` (key `id`): what the /contact-us form received, kept before it is
//! mailed to support so that a mail failure loses nothing.

use aws_sdk_dynamodb::{Client, types::AttributeValue};

use crate::{config::Tables, dynamo::StoreError};

use super::table::Table;

/// One message as stored. `ip_hash` says which network wrote without keeping the address;
/// `user_id` is there when the writer was signed in.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredMessage<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub email: &'a str,
    pub topic: &'a str,
    pub message: &'a str,
    pub created_at: &'a str,
    pub ip_hash: &'a str,
    pub user_id: Option<&'a str>,
}

/// Table `contact_messages`: `state.contact_messages()`.
#[derive(Clone, Copy)]
pub struct ContactMessagesRepo<'a> {
    table: Table<'a>,
}

impl<'a> ContactMessagesRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.contact_messages),
        }
    }

    /// Stores a new message (a fresh id: no condition).
    #[tracing::instrument(skip(self, message), fields(message_id = %message.id))]
    pub async fn put(self, message: &StoredMessage<'_>) -> Result<(), StoreError> {
        let s = |value: &str| AttributeValue::S(value.to_owned());
        let mut request = self.table.put()
            .item("id", s(message.id))
            .item("name", s(message.name))
            .item("email", s(message.email))
            .item("topic", s(message.topic))
            .item("message", s(message.message))
            .item("created_at", s(message.created_at))
            .item("ip_hash", s(message.ip_hash));
        if let Some(user_id) = message.user_id {
            request = request.item("user_id", s(user_id));
        }
        request.send().await?;
        Ok(())
    }
}