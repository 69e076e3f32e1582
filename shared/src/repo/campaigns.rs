//! Tables `campaigns` (key `id`, GSI `by_owner` on created_at) and `suppressions` (key
//! `owner_id` + `email`: addresses that unsubscribed, bounced or complained, per founder).
//! Every write is conditional on the owner (and, for edits, the version and the status).

use std::collections::HashMap;

use aws_sdk_dynamodb::{Client, types::AttributeValue};
use serde::{Deserialize, Serialize};

use crate::{
    campaigns::{Content, Reason, Segment},
    config::Tables,
    dynamo::{StoreError, from_item, to_item},
};

use super::table::Table;

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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished_at: Option<String>,
    /// The founder's address when sending started: Reply-To of every message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_to: Option<String>,
    /// Why a campaign paused itself, or was cancelled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status_reason: Option<String>,
    #[serde(flatten)]
    pub stats: Stats,
    /// Whether the copy of what went out is kept (`asSent`, written once; not sent back).
    #[serde(rename = "asSent", default, skip_serializing, deserialize_with = "present")]
    pub kept: bool,
}

impl Campaign {
    /// A new draft of the founder's (version 1, nothing sent).
    pub fn draft(owner_id: &str, content: Content, segment: Segment, now: String) -> Self {
        Self {
            id: uuid::Uuid::new_v4().to_string(),
            owner_id: owner_id.to_owned(),
            created_at: now.clone(),
            updated_at: now,
            status: DRAFT.into(),
            content,
            segment,
            scheduled_at: None,
            version: 1,
            started_at: None,
            finished_at: None,
            reply_to: None,
            status_reason: None,
            stats: Stats::default(),
            kept: false,
        }
    }
}

/// `true` for any value present.
fn present<'de, D: serde::Deserializer<'de>>(value: D) -> Result<bool, D::Error> {
    serde::de::IgnoredAny::deserialize(value).map(|_| true)
}

/// A campaign's figures, kept on write (each recipient counted once per figure).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub recipients: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub sent: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub failed: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub suppressed: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub unknown: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub delivered: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub bounced: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub complained: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub opened: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub clicked: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub unsubscribed: u64,
}

impl Stats {
    /// Recipients whose outcome is recorded.
    pub fn settled(&self) -> u64 {
        self.sent + self.failed + self.suppressed + self.unknown
    }
}

/// Tables `campaigns`, `suppressions`: `state.campaigns()` (the sender's identity is on the
/// profile: `state.profiles().sender(..)`).
#[derive(Clone, Copy)]
pub struct CampaignsRepo<'a> {
    campaigns: Table<'a>,
    suppressions: Table<'a>,
}

impl<'a> CampaignsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            campaigns: Table::new(client, &tables.campaigns),
            suppressions: Table::new(client, &tables.suppressions),
        }
    }

    /// Adds to one of a campaign's figures.
    pub async fn count(self, id: &str, figure: &'static str, by: i64) -> Result<(), StoreError> {
        self.campaigns.update()
            .key("id", s(id))
            .update_expression("ADD #figure :by")
            .condition_expression("attribute_exists(id)")
            .expression_attribute_names("#figure", figure)
            .expression_attribute_values(":by", AttributeValue::N(by.to_string()))
            .send()
            .await?;
        Ok(())
    }

    /// Moves a campaign from one of `from` to `to` (with an optional reason): `false` if it was
    /// in another state.
    pub async fn transition(self, id: &str, from: &[&str], to: &str, reason: Option<&str>, now: &str) -> Result<bool, StoreError> {
        let mut values: HashMap<String, AttributeValue> = [(":to".to_owned(), s(to)), (":now".to_owned(), s(now))].into();
        let mut allowed = Vec::new();
        for (i, state) in from.iter().enumerate() {
            values.insert(format!(":from{i}"), s(state));
            allowed.push(format!(":from{i}"));
        }
        let mut expression = "SET #status = :to, updatedAt = :now".to_owned();
        let mut removed = Vec::new();
        if to == "sending" {
            expression.push_str(", startedAt = if_not_exists(startedAt, :now), phase = :to, phase_at = :now");
        } else {
            removed.push("phase");
            removed.push("phase_at");
        }
        if ["sent", "cancelled"].contains(&to) {
            expression.push_str(", finishedAt = :now");
        }
        match reason {
            Some(reason) => {
                expression.push_str(", statusReason = :reason");
                values.insert(":reason".into(), s(reason));
            }
            None => removed.push("statusReason"),
        }
        if !removed.is_empty() {
            expression.push_str(&format!(" REMOVE {}", removed.join(", ")));
        }
        let result = self.campaigns.update()
            .key("id", s(id))
            .update_expression(expression)
            .condition_expression(format!("#status IN ({})", allowed.join(", ")))
            .expression_attribute_names("#status", "status")
            .set_expression_attribute_values(Some(values))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Starts sending a draft (or a due scheduled campaign) of this version: its audience size is
    /// recorded with the change, once.
    pub async fn start(self, id: &str, version: u64, recipients: u64, reply_to: &str, now: &str) -> Result<bool, StoreError> {
        let result = self.campaigns.update()
            .key("id", s(id))
            .update_expression("SET #status = :sending, startedAt = :now, updatedAt = :now, recipients = :recipients, replyTo = :reply, version = :next, phase = :sending, phase_at = :now")
            .expression_attribute_values(":reply", s(reply_to))
            .condition_expression("version = :version AND #status IN (:draft, :scheduled)")
            .expression_attribute_names("#status", "status")
            .expression_attribute_values(":sending", s("sending"))
            .expression_attribute_values(":draft", s(DRAFT))
            .expression_attribute_values(":scheduled", s("scheduled"))
            .expression_attribute_values(":now", s(now))
            .expression_attribute_values(":recipients", AttributeValue::N(recipients.to_string()))
            .expression_attribute_values(":version", AttributeValue::N(version.to_string()))
            .expression_attribute_values(":next", AttributeValue::N(version.saturating_add(1).to_string()))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// A campaign by id, whoever owns it (the sender, tracking links).
    pub async fn get(self, id: &str) -> Result<Option<Campaign>, StoreError> {
        let output = self.campaigns.get().key("id", s(id)).consistent_read(true).send().await?;
        output.item.map(from_item).transpose()
    }

    pub async fn create(self, campaign: &Campaign) -> Result<(), StoreError> {
        self.campaigns.put().set_item(Some(to_item(campaign)?)).condition_expression("attribute_not_exists(id)").send().await?;
        Ok(())
    }

    /// The caller's campaign, or [`CampaignError::NotFound`] (also when it is someone else's).
    pub async fn owned(self, id: &str, owner_id: &str) -> Result<Campaign, CampaignError> {
        let output = self.campaigns.get().key("id", s(id)).consistent_read(true).send().await.map_err(StoreError::from)?;
        let campaign: Option<Campaign> = output.item.map(from_item).transpose()?;
        campaign.filter(|c| c.owner_id == owner_id).ok_or(CampaignError::NotFound)
    }

    /// The founder's campaigns, newest first.
    pub async fn list(self, owner_id: &str) -> Result<Vec<Campaign>, StoreError> {
        let query = self.campaigns.query()
            .index_name("by_owner")
            .key_condition_expression("owner_id = :owner")
            .expression_attribute_values(":owner", s(owner_id))
            .scan_index_forward(false);
        Ok(crate::repo::query_all_as(query).await?)
    }

    /// Saves an edited draft if it is still the version the founder edited and still a draft.
    pub async fn save_draft(self, campaign: &Campaign, edited_version: u64) -> Result<(), CampaignError> {
        let result = self.campaigns.put()
            .set_item(Some(to_item(campaign)?))
            .condition_expression("owner_id = :owner AND version = :version AND #status = :draft")
            .expression_attribute_names("#status", "status")
            .expression_attribute_values(":owner", s(&campaign.owner_id))
            .expression_attribute_values(":version", AttributeValue::N(edited_version.to_string()))
            .expression_attribute_values(":draft", s(DRAFT))
            .send()
            .await;
        if crate::dynamo::applied(result)? {
            return Ok(());
        }
        Err(CampaignError::Changed)
    }

    /// Deletes a draft of the caller's; anything else is [`CampaignError::NotADraft`] (a sent
    /// campaign is a record).
    pub async fn delete_draft(self, id: &str, owner_id: &str) -> Result<(), CampaignError> {
        self.owned(id, owner_id).await?;
        let result = self.campaigns.delete()
            .key("id", s(id))
            .condition_expression("owner_id = :owner AND #status = :draft")
            .expression_attribute_names("#status", "status")
            .expression_attribute_values(":owner", s(owner_id))
            .expression_attribute_values(":draft", s(DRAFT))
            .send()
            .await;
        if crate::dynamo::applied(result)? {
            return Ok(());
        }
        Err(CampaignError::NotADraft)
    }

    /// The founder's suppressed addresses (lower-cased) with their reason.
    pub async fn suppressions(self, owner_id: &str) -> Result<HashMap<String, String>, StoreError> {
        let query = self.suppressions.query().key_condition_expression("owner_id = :owner").expression_attribute_values(":owner", s(owner_id));
        let mut entries = HashMap::new();
        for item in crate::repo::query_all(query).await? {
            let email = item.get("email").and_then(|v| v.as_s().ok()).cloned().unwrap_or_default();
            let reason = item.get("reason").and_then(|v| v.as_s().ok()).cloned().unwrap_or_default();
            entries.insert(email.to_lowercase(), reason);
        }
        Ok(entries)
    }

    /// Suppresses an address for one founder. The strongest reason is kept (complaint > bounce >
    /// unsubscribe), in one conditional write: a weaker or equal reason changes nothing, so a
    /// later unsubscribe never turns a complaint into something a resubscribe could lift.
    /// `suppressed_at` stays the first time; `reason_at` is when the kept reason arrived.
    pub async fn suppress(self, owner_id: &str, email: &str, reason: Reason, at: &str) -> Result<(), StoreError> {
        let mut condition = "attribute_not_exists(reason)".to_owned();
        let mut request = self.suppressions.update()
            .key("owner_id", s(owner_id))
            .key("email", s(&email.to_lowercase()))
            .update_expression("SET reason = :reason, reason_at = :at, suppressed_at = if_not_exists(suppressed_at, :at)")
            .expression_attribute_values(":reason", s(reason.as_str()))
            .expression_attribute_values(":at", s(at));
        let weaker: Vec<Reason> = reason.weaker().collect();
        if !weaker.is_empty() {
            let names: Vec<String> = (0..weaker.len()).map(|i| format!(":weaker{i}")).collect();
            condition.push_str(&format!(" OR reason IN ({})", names.join(", ")));
            for (name, weaker) in names.iter().zip(&weaker) {
                request = request.expression_attribute_values(name, s(weaker.as_str()));
            }
        }
        // Already suppressed for this reason or a stronger one: nothing to change.
        crate::dynamo::applied(request.condition_expression(condition).send().await).map(drop)
    }

    /// Why an address is suppressed for a founder, if it is.
    pub async fn suppression(self, owner_id: &str, email: &str) -> Result<Option<String>, StoreError> {
        let output = self.suppressions.get().key("owner_id", s(owner_id)).key("email", s(&email.to_lowercase())).consistent_read(true).send().await?;
        Ok(output.item.and_then(|item| item.get("reason").and_then(|v| v.as_s().ok()).cloned()))
    }

    /// Lifts an unsubscribe (never a bounce or a complaint, whatever came first: see [`suppress`]):
    /// `false` when there was none to lift.
    pub async fn resubscribe(self, owner_id: &str, email: &str) -> Result<bool, StoreError> {
        let result = self.suppressions.delete()
            .key("owner_id", s(owner_id))
            .key("email", s(&email.to_lowercase()))
            .condition_expression("reason = :unsubscribed")
            .expression_attribute_values(":unsubscribed", s(crate::campaigns::UNSUBSCRIBED))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Schedules a draft of this version for `at` (RFC 3339, UTC): the dispatcher starts it then.
    pub async fn schedule(self, id: &str, version: u64, at: &str, reply_to: &str, now: &str) -> Result<bool, StoreError> {
        let result = self.campaigns.update()
            .key("id", s(id))
            .update_expression("SET #status = :scheduled, scheduledAt = :at, updatedAt = :now, replyTo = :reply, version = :next, phase = :scheduled, phase_at = :at")
            .condition_expression("version = :version AND #status = :draft")
            .expression_attribute_names("#status", "status")
            .expression_attribute_values(":scheduled", s("scheduled"))
            .expression_attribute_values(":draft", s(DRAFT))
            .expression_attribute_values(":at", s(at))
            .expression_attribute_values(":now", s(now))
            .expression_attribute_values(":reply", s(reply_to))
            .expression_attribute_values(":version", AttributeValue::N(version.to_string()))
            .expression_attribute_values(":next", AttributeValue::N(version.saturating_add(1).to_string()))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Campaigns in a phase (`scheduled` or `sending`) whose phase time is at or before `until`,
    /// through the sparse `active` index: never a Scan.
    pub async fn in_phase(self, phase: &str, until: &str) -> Result<Vec<Campaign>, StoreError> {
        let query = self.campaigns.query()
            .index_name("active")
            .key_condition_expression("phase = :phase AND phase_at <= :until")
            .expression_attribute_values(":phase", s(phase))
            .expression_attribute_values(":until", s(until));
        Ok(crate::repo::query_all_as(query).await?)
    }

    /// Keeps the message as it went out (rendered for its first recipient: subject, HTML, text,
    /// headers), once, with the campaign: the record the compliance vault files.
    pub async fn keep_as_sent(self, id: &str, rendered: &str) -> Result<(), StoreError> {
        let result = self.campaigns.update()
            .key("id", s(id))
            .update_expression("SET asSent = :rendered")
            .condition_expression("attribute_exists(id) AND attribute_not_exists(asSent)")
            .expression_attribute_values(":rendered", s(rendered))
            .send()
            .await;
        // Kept already: the first rendering is the one kept as sent.
        crate::dynamo::applied(result).map(drop)
    }
}

/// Why a campaign of the caller's was not read or changed.
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    /// No such campaign, or it is someone else's (the two are not told apart).
    #[error("campaign not found")]
    NotFound,
    /// The draft changed since the version edited, or is no longer a draft: nothing was saved.
    #[error("the campaign changed since that version")]
    Changed,
    /// Only a draft may be deleted (a scheduled one is cancelled, a sent one is a record).
    #[error("the campaign is not a draft")]
    NotADraft,
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

// ------------------------------------------------------------------ the sender's identity

/// What every campaign of a founder is signed with (CAN-SPAM): kept on the profile.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Sender {
    pub company_name: String,
    pub postal_address: String,
}
