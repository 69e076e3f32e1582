//! Table `campaign_recipients` (key `campaign_id` + `email`): a campaign's audience, snapshot
//! when it starts sending, one item per address, and the durable state of its delivery.
//!
//! A recipient is `pending` until a sender *claims* it (a conditional write to `sending`)
//! before the e-mail is handed to SES; it then ends `sent` (with the SES message id),
//! `suppressed`, `failed` (with the reason) or, when a sender died between claiming and
//! recording, `unknown`. A claim is taken once, so a retried or restarted batch never sends a
//! second copy. In AWS the table's stream (new pending items) drives the sender.

use aws_sdk_dynamodb::{
    Client,
    types::{AttributeValue, PutRequest, WriteRequest},
};
use serde::{Deserialize, Serialize};

use crate::{
    campaigns::Recipient,
    config::Tables,
    dynamo::{StoreError, from_item},
};

use super::table::Table;

pub const PENDING: &str = "pending";
pub const SENDING: &str = "sending";
pub const SENT: &str = "sent";
pub const SUPPRESSED: &str = "suppressed";
pub const FAILED: &str = "failed";
pub const UNKNOWN: &str = "unknown";

/// One recipient as stored and as the results table shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecipientRow {
    pub campaign_id: String,
    pub email: String,
    pub owner_id: String,
    #[serde(default)]
    pub lead_id: String,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub form_name: Option<String>,
    /// The audience's other leads with this address (a sent message reaches them too).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_lead_ids: Vec<String>,
    pub status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sent_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delivered_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opened_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clicked_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bounced_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complained_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsubscribed_at: Option<String>,
}

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

fn key(campaign_id: &str, email: &str) -> [(String, AttributeValue); 2] {
    [("campaign_id".to_owned(), s(campaign_id)), ("email".to_owned(), s(email))]
}

/// Table `campaign_recipients`: `state.campaign_recipients()`.
#[derive(Clone, Copy)]
pub struct CampaignRecipientsRepo<'a> {
    table: Table<'a>,
}

impl<'a> CampaignRecipientsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.campaign_recipients),
        }
    }

    /// Writes the audience as `pending` recipients (25 a batch, unprocessed items retried).
    pub async fn snapshot(self, campaign_id: &str, owner_id: &str, recipients: &[Recipient]) -> Result<(), StoreError> {
        for chunk in recipients.chunks(25) {
            let mut requests: Vec<WriteRequest> = chunk
                .iter()
                .map(|r| {
                    let row = RecipientRow {
                        campaign_id: campaign_id.to_owned(),
                        email: r.email.clone(),
                        owner_id: owner_id.to_owned(),
                        lead_id: r.lead_id.clone(),
                        name: r.name.clone(),
                        form_name: r.form_name.clone(),
                        also_lead_ids: r.also.clone(),
                        status: PENDING.into(),
                        claimed_at: None,
                        sent_at: None,
                        message_id: None,
                        reason: None,
                        delivered_at: None,
                        opened_at: None,
                        clicked_at: None,
                        bounced_at: None,
                        complained_at: None,
                        unsubscribed_at: None,
                    };
                    let item = crate::dynamo::to_item(&row)?;
                    Ok(WriteRequest::builder().put_request(PutRequest::builder().set_item(Some(item)).build().map_err(|e| StoreError::internal(anyhow::Error::new(e)))?).build())
                })
                .collect::<Result<_, StoreError>>()?;
            let mut attempt = 0;
            while !requests.is_empty() {
                let output = self.table.client().batch_write_item().request_items(self.table.name(), requests).send().await?;
                requests = output.unprocessed_items.and_then(|mut u| u.remove(self.table.name())).unwrap_or_default();
                attempt += 1;
                if !requests.is_empty() {
                    tokio::time::sleep(std::time::Duration::from_millis(20 << attempt.min(6))).await;
                }
            }
        }
        Ok(())
    }

    /// Claims a pending recipient for sending: `true` for the one caller that gets it.
    pub async fn claim(self, campaign_id: &str, email: &str, now: &str) -> Result<bool, StoreError> {
        let result = self.table.update()
            .set_key(Some(key(campaign_id, email).into()))
            .update_expression("SET #status = :sending, claimed_at = :now")
            .condition_expression("#status = :pending")
            .expression_attribute_names("#status", "status")
            .expression_attribute_values(":sending", s(SENDING))
            .expression_attribute_values(":pending", s(PENDING))
            .expression_attribute_values(":now", s(now))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Records how a claimed recipient ended (`sent` with the message id, `suppressed`, `failed`
    /// with the reason): once, from `sending` only.
    pub async fn finish(self, campaign_id: &str, email: &str, status: &str, message_id: Option<&str>, reason: Option<&str>, now: &str) -> Result<bool, StoreError> {
        let mut expression = "SET #status = :status, sent_at = :now".to_owned();
        let mut request = self.table.update()
            .set_key(Some(key(campaign_id, email).into()))
            .condition_expression("#status = :sending")
            .expression_attribute_names("#status", "status")
            .expression_attribute_values(":status", s(status))
            .expression_attribute_values(":sending", s(SENDING))
            .expression_attribute_values(":now", s(now));
        if let Some(id) = message_id {
            expression.push_str(", message_id = :id");
            request = request.expression_attribute_values(":id", s(id));
        }
        if let Some(reason) = reason {
            expression.push_str(", reason = :reason");
            request = request.expression_attribute_values(":reason", s(reason));
        }
        crate::dynamo::applied(request.update_expression(expression).send().await)
    }

    /// Marks an event (`opened_at`, `clicked_at`, `delivered_at`, …) the first time it happens:
    /// `true` then, so the campaign's figure counts each recipient once.
    pub async fn first_event(self, campaign_id: &str, email: &str, attribute: &'static str, now: &str) -> Result<bool, StoreError> {
        let result = self.table.update()
            .set_key(Some(key(campaign_id, email).into()))
            .update_expression("SET #at = :now")
            .condition_expression("attribute_exists(campaign_id) AND attribute_not_exists(#at)")
            .expression_attribute_names("#at", attribute)
            .expression_attribute_values(":now", s(now))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    async fn rows(self, campaign_id: &str, filter: Option<(&str, &str)>) -> Result<Vec<RecipientRow>, StoreError> {
        let mut request = self.table.query().key_condition_expression("campaign_id = :campaign").expression_attribute_values(":campaign", s(campaign_id));
        if let Some((status, _)) = filter {
            request = request.filter_expression("#status = :status").expression_attribute_names("#status", "status").expression_attribute_values(":status", s(status));
        }
        Ok(crate::repo::query_all_as(request).await?)
    }

    /// The recipients still waiting to be sent.
    pub async fn pending_rows(self, campaign_id: &str) -> Result<Vec<RecipientRow>, StoreError> {
        self.rows(campaign_id, Some((PENDING, ""))).await
    }

    /// Every recipient of a campaign (its results table).
    pub async fn all(self, campaign_id: &str) -> Result<Vec<RecipientRow>, StoreError> {
        self.rows(campaign_id, None).await
    }

    /// A recipient by campaign and address.
    pub async fn get(self, campaign_id: &str, email: &str) -> Result<Option<RecipientRow>, StoreError> {
        let output = self.table.get().set_key(Some(key(campaign_id, email).into())).send().await?;
        output.item.map(from_item).transpose()
    }

    /// A page of a campaign's recipients (by address) and the key to continue from.
    pub async fn page(self, campaign_id: &str, after: Option<&str>, limit: i32) -> Result<(Vec<RecipientRow>, Option<String>), StoreError> {
        let start = after.map(|email| [("campaign_id".to_owned(), s(campaign_id)), ("email".to_owned(), s(email))].into());
        let query = self.table.query().key_condition_expression("campaign_id = :campaign").expression_attribute_values(":campaign", s(campaign_id)).limit(limit);
        let page = crate::repo::query_page(query, start).await?;
        let rows = page.items.into_iter().map(from_item).collect::<Result<Vec<RecipientRow>, _>>()?;
        let next = page.next.and_then(|key| key.get("email").and_then(|v| v.as_s().ok()).cloned());
        Ok((rows, next))
    }

    /// The recipient an SES message id was sent to (`by_message`), if any.
    pub async fn by_message(self, message_id: &str) -> Result<Option<RecipientRow>, StoreError> {
        let output = self.table.query()
            .index_name("by_message")
            .key_condition_expression("message_id = :id")
            .expression_attribute_values(":id", s(message_id))
            .limit(1)
            .send()
            .await?;
        let Some(keys) = output.items.unwrap_or_default().into_iter().next() else { return Ok(None) };
        let campaign_id = keys.get("campaign_id").and_then(|v| v.as_s().ok()).cloned().unwrap_or_default();
        let email = keys.get("email").and_then(|v| v.as_s().ok()).cloned().unwrap_or_default();
        self.get(&campaign_id, &email).await
    }
}