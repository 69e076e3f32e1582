//! Tables `campaigns` (key `id`, GSI `by_owner` on created_at) and `suppressions` (key
//! `owner_id` + `email`: addresses that unsubscribed, bounced or complained, per founder).
//! Every write is conditional on the owner (and, for edits, the version and the status).

use std::collections::HashMap;

use aws_sdk_dynamodb::{Client, types::AttributeValue};
use serde::{Deserialize, Serialize};

use crate::{
    ApiError,
    campaigns::{Content, Segment},
    dynamo::{Item, from_item, to_item},
};

pub const DRAFT: &str = "draft";

/// A campaign as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Campaign {
    pub id: String,
    #[serde(rename = "owner_id")]
    pub owner_id: String,
    #[serde(rename = "created_at")]
    pub created_at: String,
    pub updated_at: String,
    /// draft, scheduled, sending, sent, cancelled, paused.
    pub status: String,
    #[serde(flatten)]
    pub content: Content,
    #[serde(default)]
    pub segment: Segment,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheduled_at: Option<String>,
    /// Raised by every change: an edit based on an older version is refused (409).
    pub version: u64,
}

pub fn not_found() -> ApiError {
    ApiError::not_found("Campaign not found")
}

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

pub async fn create(client: &Client, table: &str, campaign: &Campaign) -> Result<(), ApiError> {
    client.put_item().table_name(table).set_item(Some(to_item(campaign)?)).condition_expression("attribute_not_exists(id)").send().await?;
    Ok(())
}

/// The caller's campaign, or 404 (also when it is someone else's).
pub async fn owned(client: &Client, table: &str, id: &str, owner_id: &str) -> Result<Campaign, ApiError> {
    let output = client.get_item().table_name(table).key("id", s(id)).consistent_read(true).send().await?;
    let campaign: Option<Campaign> = output.item.map(from_item).transpose()?;
    campaign.filter(|c| c.owner_id == owner_id).ok_or_else(not_found)
}

/// The founder's campaigns, newest first.
pub async fn list(client: &Client, table: &str, owner_id: &str) -> Result<Vec<Campaign>, ApiError> {
    let mut campaigns = Vec::new();
    let mut start: Option<Item> = None;
    loop {
        let output = client
            .query()
            .table_name(table)
            .index_name("by_owner")
            .key_condition_expression("owner_id = :owner")
            .expression_attribute_values(":owner", s(owner_id))
            .scan_index_forward(false)
            .set_exclusive_start_key(start.take())
            .send()
            .await?;
        for item in output.items.unwrap_or_default() {
            campaigns.push(from_item(item)?);
        }
        match output.last_evaluated_key {
            Some(key) if !key.is_empty() => start = Some(key),
            _ => return Ok(campaigns),
        }
    }
}

/// Saves an edited draft if it is still the version the founder edited and still a draft.
pub async fn save_draft(client: &Client, table: &str, campaign: &Campaign, edited_version: u64) -> Result<(), ApiError> {
    let result = client
        .put_item()
        .table_name(table)
        .set_item(Some(to_item(campaign)?))
        .condition_expression("owner_id = :owner AND version = :version AND #status = :draft")
        .expression_attribute_names("#status", "status")
        .expression_attribute_values(":owner", s(&campaign.owner_id))
        .expression_attribute_values(":version", AttributeValue::N(edited_version.to_string()))
        .expression_attribute_values(":draft", s(DRAFT))
        .send()
        .await;
    match result {
        Ok(_) => Ok(()),
        Err(err) if crate::dynamo::is_condition_failed(&err) => Err(ApiError::conflict(
            "campaign_changed",
            "This campaign changed since you opened it (or is no longer a draft). Reload it to see the latest version.",
        )),
        Err(err) => Err(err.into()),
    }
}

/// Deletes a draft of the caller's; anything else is 409 (a sent campaign is a record).
pub async fn delete_draft(client: &Client, table: &str, id: &str, owner_id: &str) -> Result<(), ApiError> {
    owned(client, table, id, owner_id).await?;
    let result = client
        .delete_item()
        .table_name(table)
        .key("id", s(id))
        .condition_expression("owner_id = :owner AND #status = :draft")
        .expression_attribute_names("#status", "status")
        .expression_attribute_values(":owner", s(owner_id))
        .expression_attribute_values(":draft", s(DRAFT))
        .send()
        .await;
    match result {
        Ok(_) => Ok(()),
        Err(err) if crate::dynamo::is_condition_failed(&err) => {
            Err(ApiError::conflict("not_a_draft", "Only drafts can be deleted. Cancel a scheduled campaign instead; sent campaigns are kept as a record."))
        }
        Err(err) => Err(err.into()),
    }
}

/// The founder's suppressed addresses (lower-cased) with their reason.
pub async fn suppressions(client: &Client, table: &str, owner_id: &str) -> Result<HashMap<String, String>, ApiError> {
    let mut entries = HashMap::new();
    let mut start: Option<Item> = None;
    loop {
        let output = client
            .query()
            .table_name(table)
            .key_condition_expression("owner_id = :owner")
            .expression_attribute_values(":owner", s(owner_id))
            .set_exclusive_start_key(start.take())
            .send()
            .await?;
        for item in output.items.unwrap_or_default() {
            let email = item.get("email").and_then(|v| v.as_s().ok()).cloned().unwrap_or_default();
            let reason = item.get("reason").and_then(|v| v.as_s().ok()).cloned().unwrap_or_default();
            entries.insert(email.to_lowercase(), reason);
        }
        match output.last_evaluated_key {
            Some(key) if !key.is_empty() => start = Some(key),
            _ => return Ok(entries),
        }
    }
}

/// Suppresses an address for one founder (the first reason is kept).
pub async fn suppress(client: &Client, table: &str, owner_id: &str, email: &str, reason: &str, at: &str) -> Result<(), ApiError> {
    client
        .update_item()
        .table_name(table)
        .key("owner_id", s(owner_id))
        .key("email", s(&email.to_lowercase()))
        .update_expression("SET reason = if_not_exists(reason, :reason), suppressed_at = if_not_exists(suppressed_at, :at)")
        .expression_attribute_values(":reason", s(reason))
        .expression_attribute_values(":at", s(at))
        .send()
        .await?;
    Ok(())
}
