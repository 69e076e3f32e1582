//! The compliance vault's size, for functions without the vault's object store (`ai-chat`):
//! one read of the founder's chain head in table `vault_records` (`repo::vault` keeps it).

use aws_sdk_dynamodb::{Client, types::AttributeValue};

use crate::{config::Tables, dynamo::StoreError};

/// How many records the founder's vault holds (the sequence number of its chain head; 0 for
/// none). A strongly consistent read of one item, keyed by the founder.
#[tracing::instrument(skip(client, tables))]
pub async fn record_count(client: &Client, tables: &Tables, owner_id: &str) -> Result<u64, StoreError> {
    let output = client
        .get_item()
        .table_name(&tables.vault_records)
        .key("owner_id", AttributeValue::S(owner_id.to_owned()))
        .key("sk", AttributeValue::S("head".into()))
        .projection_expression("seq")
        .consistent_read(true)
        .send()
        .await?;
    Ok(output.item.and_then(|item| item.get("seq").and_then(|v| v.as_n().ok()).and_then(|n| n.parse().ok())).unwrap_or(0))
}
