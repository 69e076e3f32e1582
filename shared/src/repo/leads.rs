//! Table `leads` (key `id`; GSIs `by_owner` and `by_form` on created_at) and the counters kept
//! for it on the owner's profile: `interested_investors_count` and `estimated_interest`.
//!
//! The investor's write is one conditional PutItem. Counting happens after it (locally, right
//! after answering; in AWS, from the table's stream), as one transaction that marks the lead
//! `counted_at` and adds to the profile, so a lead is counted exactly once however often the
//! counting is retried. Deleting a counted lead takes it off the counters in the same
//! transaction. The dashboard then reads two items, never a Scan; the same transactions keep
//! the founder's aggregates in `lead_stats` (see `repo::lead_stats`).

use std::time::Duration;

use aws_sdk_dynamodb::{
    Client,
    types::{AttributeValue, Delete, TransactWriteItem, Update},
};

use crate::{
    config::Tables,
    dynamo::{StoreError, from_item},
    leads::{LeadRecord, Temperature},
    repo::lead_folds::LeadFolds,
};

use super::table::{Table, TxOutcome, built, transact};

/// Why a lead of the caller's was not changed.
#[derive(Debug, thiserror::Error)]
pub enum LeadError {
    /// No such lead, or it is someone else's (the two are not told apart).
    #[error("lead not found")]
    NotFound,
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn key(id: &str) -> (String, AttributeValue) {
    ("id".to_owned(), AttributeValue::S(id.to_owned()))
}

/// The profile attribute counting a temperature's leads.
pub fn temperature_counter(status: &str) -> &'static str {
    match crate::leads::Temperature::from_status(status) {
        crate::leads::Temperature::Hot => "hot_leads",
        crate::leads::Temperature::Warm => "warm_leads",
        crate::leads::Temperature::Cold => "cold_leads",
    }
}

/// The profile attribute counting a temperature's leads that a campaign has reached.
pub fn contacted_counter(status: &str) -> &'static str {
    match crate::leads::Temperature::from_status(status) {
        crate::leads::Temperature::Hot => "hot_contacted",
        crate::leads::Temperature::Warm => "warm_contacted",
        crate::leads::Temperature::Cold => "cold_contacted",
    }
}

/// Table `leads` and the counters its transactions keep (`profiles`, `lead_stats`, `forms`,
/// `platform_stats`): `state.leads()`.
#[derive(Clone, Copy)]
pub struct LeadsRepo<'a> {
    leads: Table<'a>,
    profiles: Table<'a>,
    lead_stats: Table<'a>,
    forms: Table<'a>,
    platform_stats: Table<'a>,
}

impl<'a> LeadsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            leads: Table::new(client, &tables.leads),
            profiles: Table::new(client, &tables.profiles),
            lead_stats: Table::new(client, &tables.lead_stats),
            forms: Table::new(client, &tables.forms),
            platform_stats: Table::new(client, &tables.platform_stats),
        }
    }

    /// The profile update that takes a deleted lead and its amount off its counters (and off
    /// its temperature's contacted counter when a campaign reached it). Adding is the folds'
    /// (`repo::lead_folds`).
    fn counter_removal(self, owner_id: &str, amount: i64, status: &str, contacted: bool) -> Result<TransactWriteItem, StoreError> {
        let temperature = if contacted {
            format!("{} :minus, {} :minus", temperature_counter(status), contacted_counter(status))
        } else {
            format!("{} :minus", temperature_counter(status))
        };
        let update = Update::builder()
            .table_name(self.profiles.name())
            .set_key(Some([key(owner_id)].into()))
            .update_expression(format!("ADD interested_investors_count :minus, estimated_interest :amount, {temperature}"))
            .expression_attribute_values(":minus", AttributeValue::N("-1".into()))
            .expression_attribute_values(":amount", AttributeValue::N((-amount).to_string()))
            .build();
        Ok(TransactWriteItem::builder().update(built(update)?).build())
    }

    /// The fold-at-a-time counting over these tables (see `repo::lead_folds`).
    pub fn folds(self) -> LeadFolds<'a> {
        LeadFolds { leads: self.leads, profiles: self.profiles, lead_stats: self.lead_stats, forms: self.forms, platform_stats: self.platform_stats }
    }

    /// Which e-mail tells the founder about each new lead, once (see `repo::lead_digests`).
    pub fn digests(self) -> crate::repo::lead_digests::LeadDigests<'a> {
        crate::repo::lead_digests::LeadDigests { leads: self.leads, lead_stats: self.lead_stats }
    }

    /// Adds a stored lead to its owner's counters and aggregates, once (a fold of one; the
    /// stream consumer folds whole batches). `Ok(false)` when it was already counted (or
    /// deleted before it could be).
    pub async fn count_lead(self, lead: &LeadRecord) -> Result<bool, StoreError> {
        let counted = self.folds().count(&lead.owner_id, std::slice::from_ref(&lead.id)).await?;
        Ok(counted.contains(&lead.id))
    }

    /// Keeps the form's `leads_count` in step (after the lead's own counting, which happens once).
    /// A form deleted meanwhile is left alone; a failure is logged.
    async fn add_form_leads(self, form_id: &str, delta: i64) {
        let result = self.forms.update()
            .set_key(Some([key(form_id)].into()))
            .update_expression("ADD leads_count :delta")
            .condition_expression("attribute_exists(id)")
            .expression_attribute_values(":delta", AttributeValue::N(delta.to_string()))
            .send()
            .await;
        match result {
            Ok(_) => {}
            Err(err) if crate::dynamo::is_condition_failed(&err) => {}
            Err(err) => tracing::warn!(form_id, error = %err, "form lead count not updated"),
        }
    }

    /// The caller's lead, or `None` (also when it belongs to someone else).
    pub async fn owned_lead(self, id: &str, owner_id: &str) -> Result<Option<LeadOwnership>, StoreError> {
        let output = self.leads.get().set_key(Some([key(id)].into())).consistent_read(true).send().await?;
        let lead: Option<LeadOwnership> = output.item.map(from_item).transpose()?;
        Ok(lead.filter(|lead| lead.owner_id == owner_id))
    }

    /// Deletes the caller's lead and, if it was counted, takes it off the counters in the same
    /// transaction.
    pub async fn delete_lead(self, id: &str, owner_id: &str) -> Result<(), LeadError> {
        for attempt in 0..ATTEMPTS {
            let lead = self.owned_lead(id, owner_id).await?.ok_or(LeadError::NotFound)?;
            if self.finish_counting(id, &lead).await? {
                continue;
            }
            let counted = lead.counted_at.is_some();
            let delete = built(
                Delete::builder()
                    .table_name(self.leads.name())
                    .set_key(Some([key(id)].into()))
                    .condition_expression(match (counted, lead.contacted_at.is_some()) {
                        (true, true) => "owner_id = :owner AND attribute_exists(counted_at) AND attribute_exists(contacted_at) AND (#status = :status OR attribute_not_exists(#status))",
                        (true, false) => "owner_id = :owner AND attribute_exists(counted_at) AND attribute_not_exists(contacted_at) AND (#status = :status OR attribute_not_exists(#status))",
                        (false, _) => "owner_id = :owner AND attribute_not_exists(counted_at) AND attribute_not_exists(counting)",
                    })
                    .set_expression_attribute_names(counted.then(|| [("#status".to_owned(), "status".to_owned())].into()))
                    .set_expression_attribute_values(Some(
                        [(":owner".to_owned(), AttributeValue::S(owner_id.to_owned()))]
                            .into_iter()
                            .chain(counted.then(|| (":status".to_owned(), AttributeValue::S(lead.status.clone()))))
                            .collect(),
                    ))
                    .build(),
            )?;
            let mut items = vec![TransactWriteItem::builder().delete(delete).build()];
            if counted {
                items.push(self.counter_removal(owner_id, counted_amount(lead.estimated_amount), &lead.status, lead.contacted_at.is_some())?);
                items.extend(crate::repo::lead_stats::take_off(
                    self.lead_stats.name(),
                    owner_id,
                    &lead.counted_in,
                    counted_amount(lead.estimated_amount) as u64,
                    lead.hot_counted && Temperature::from_status(&lead.status) == Temperature::Hot,
                )?);
            }
            match transact(self.leads.client(), items).await? {
                TxOutcome::Done => {
                    if counted {
                        self.add_form_leads(&lead.form_id, -1).await;
                    }
                    return Ok(());
                }
                // Counted (or deleted) meanwhile: read it again.
                TxOutcome::ConditionFailed(_) | TxOutcome::Conflict => back_off(attempt).await,
            }
        }
        Err(StoreError::internal(anyhow::anyhow!("lead {id} not deleted: too many conflicting transactions")).into())
    }

    /// Stores an investor's lead once: `true` when this call wrote it, `false` when a lead with
    /// its id was stored before (a retried submission with the same `Idempotency-Key`).
    pub async fn put_new(self, lead: &LeadRecord) -> Result<bool, StoreError> {
        let result = self.leads.put()
            .set_item(Some(crate::dynamo::to_item(lead)?))
            .condition_expression("attribute_not_exists(id)")
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// A lead by id, read consistently (a retry's check, the stream notifier, tests).
    pub async fn get(self, id: &str) -> Result<Option<LeadRecord>, StoreError> {
        let output = self.leads.get().set_key(Some([key(id)].into())).consistent_read(true).send().await?;
        output.item.map(from_item).transpose()
    }

    /// Claims the lead's 'New investor lead' e-mail: `true` for the one caller that gets to send
    /// it; `false` when it was claimed before (a retried batch) or the lead is gone.
    pub async fn claim_notification(self, id: &str, now_iso: &str) -> Result<bool, StoreError> {
        let result = self.leads.update()
            .set_key(Some([key(id)].into()))
            .update_expression("SET notified_at = :now")
            .condition_expression("attribute_exists(id) AND attribute_not_exists(notified_at)")
            .expression_attribute_values(":now", AttributeValue::S(now_iso.to_owned()))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Gives a claim back after the e-mail could not be sent, so a retry sends it.
    pub async fn release_notification(self, id: &str) -> Result<(), StoreError> {
        let result = self.leads.update()
            .set_key(Some([key(id)].into()))
            .update_expression("REMOVE notified_at")
            .condition_expression("attribute_exists(id)")
            .send()
            .await;
        crate::dynamo::applied(result).map(drop)
    }

    /// Sets a lead's temperature if the caller owns it. A counted lead moves between the
    /// profile's temperature counters in the same transaction.
    pub async fn set_status(self, id: &str, owner_id: &str, status: &str) -> Result<(), LeadError> {
        for attempt in 0..ATTEMPTS {
            let lead = self.owned_lead(id, owner_id).await?.ok_or(LeadError::NotFound)?;
            if self.finish_counting(id, &lead).await? {
                continue;
            }
            let (from, to) = (temperature_counter(&lead.status), temperature_counter(status));
            if lead.status == status {
                return Ok(());
            }
            if lead.counted_at.is_none() || from == to {
                // Not counted yet: only while no fold is counting it (it reads the status).
                if self.set_status_only(id, owner_id, status, &lead.status, lead.counted_at.is_none()).await? {
                    return Ok(());
                }
                back_off(attempt).await;
                continue;
            }
            let contacted = lead.contacted_at.is_some();
            let update = built(
                Update::builder()
                    .table_name(self.leads.name())
                    .set_key(Some([key(id)].into()))
                    .update_expression("SET #status = :status")
                    .condition_expression(if contacted {
                        "owner_id = :owner AND attribute_exists(counted_at) AND #status = :old AND attribute_exists(contacted_at)"
                    } else {
                        "owner_id = :owner AND attribute_exists(counted_at) AND #status = :old AND attribute_not_exists(contacted_at)"
                    })
                    .expression_attribute_names("#status", "status")
                    .expression_attribute_values(":status", AttributeValue::S(status.to_owned()))
                    .expression_attribute_values(":old", AttributeValue::S(lead.status.clone()))
                    .expression_attribute_values(":owner", AttributeValue::S(owner_id.to_owned()))
                    .build(),
            )?;
            let moved = built(
                Update::builder()
                    .table_name(self.profiles.name())
                    .set_key(Some([key(owner_id)].into()))
                    .update_expression(if contacted {
                        format!("ADD {from} :minus, {to} :one, {} :minus, {} :one", contacted_counter(&lead.status), contacted_counter(status))
                    } else {
                        format!("ADD {from} :minus, {to} :one")
                    })
                    .expression_attribute_values(":minus", AttributeValue::N("-1".into()))
                    .expression_attribute_values(":one", AttributeValue::N("1".into()))
                    .build(),
            )?;
            let mut items = vec![TransactWriteItem::builder().update(update).build(), TransactWriteItem::builder().update(moved).build()];
            // Its sources' (and days', forms'…) hot leads move with it.
            let hot = |status: &str| i64::from(Temperature::from_status(status) == Temperature::Hot);
            let by = hot(status) - hot(&lead.status);
            if by != 0 && lead.hot_counted {
                items.extend(crate::repo::lead_stats::move_hot(self.lead_stats.name(), owner_id, &lead.counted_in, by)?);
            }
            match transact(self.leads.client(), items).await? {
                TxOutcome::Done => return Ok(()),
                // Changed meanwhile: read it again.
                TxOutcome::ConditionFailed(_) | TxOutcome::Conflict => back_off(attempt).await,
            }
        }
        Err(StoreError::internal(anyhow::anyhow!("lead {id}: status not set, too many conflicting changes")).into())
    }

    /// Marks leads a campaign message reached (its recipient's lead and the audience's other
    /// leads of that address), once each: the lead's `contacted_at` and its temperature's
    /// contacted counter move together in one transaction, so `hot_leads - hot_contacted` is the
    /// number of hot leads no campaign has reached. Only counted leads are marked (a lead is
    /// counted within moments of its capture, long before any campaign reaches it).
    pub async fn mark_contacted(self, owner_id: &str, ids: &[String], at: &str) -> Result<(), StoreError> {
        for id in ids.iter().filter(|id| !id.is_empty()) {
            for attempt in 0..ATTEMPTS {
                let Some(lead) = self.owned_lead(id, owner_id).await? else { break };
                if lead.contacted_at.is_some() || lead.counted_at.is_none() {
                    break;
                }
                let mark = built(
                    Update::builder()
                        .table_name(self.leads.name())
                        .set_key(Some([key(id)].into()))
                        .update_expression("SET contacted_at = :at")
                        .condition_expression("owner_id = :owner AND attribute_exists(counted_at) AND attribute_not_exists(contacted_at) AND #status = :status")
                        .expression_attribute_names("#status", "status")
                        .expression_attribute_values(":at", AttributeValue::S(at.to_owned()))
                        .expression_attribute_values(":owner", AttributeValue::S(owner_id.to_owned()))
                        .expression_attribute_values(":status", AttributeValue::S(lead.status.clone()))
                        .build(),
                )?;
                let count = built(
                    Update::builder()
                        .table_name(self.profiles.name())
                        .set_key(Some([key(owner_id)].into()))
                        .update_expression(format!("ADD {} :one", contacted_counter(&lead.status)))
                        .expression_attribute_values(":one", AttributeValue::N("1".into()))
                        .build(),
                )?;
                match transact(self.leads.client(), vec![TransactWriteItem::builder().update(mark).build(), TransactWriteItem::builder().update(count).build()]).await? {
                    TxOutcome::Done => break,
                    // Marked, deleted or its status changed meanwhile: read it again.
                    TxOutcome::ConditionFailed(_) | TxOutcome::Conflict => back_off(attempt).await,
                }
            }
        }
        Ok(())
    }

    /// A lead that a fold claimed for counting: the fold is finished first (`true`: read the
    /// lead again), so a delete or a change never slips between its read and its sums.
    async fn finish_counting(self, id: &str, lead: &LeadOwnership) -> Result<bool, StoreError> {
        let (None, Some(fold)) = (&lead.counted_at, &lead.counting) else { return Ok(false) };
        self.folds().finish_for(&lead.owner_id, fold, id).await?;
        Ok(true)
    }

    /// Sets the status alone: `Ok(false)` when the lead changed meanwhile (its status, counted,
    /// or claimed for counting when `uncounted`), `NotFound` when it is gone.
    async fn set_status_only(self, id: &str, owner_id: &str, status: &str, old: &str, uncounted: bool) -> Result<bool, LeadError> {
        // Only over the status it was read with: a change in between (which may have moved
        // the counters) is read again, never written over.
        let result = self.leads.update()
            .set_key(Some([key(id)].into()))
            .update_expression("SET #status = :status")
            .condition_expression(if uncounted {
                "owner_id = :owner AND (#status = :old OR attribute_not_exists(#status)) AND attribute_not_exists(counted_at) AND attribute_not_exists(counting)"
            } else {
                "owner_id = :owner AND (#status = :old OR attribute_not_exists(#status)) AND attribute_exists(counted_at)"
            })
            .expression_attribute_names("#status", "status")
            .expression_attribute_values(":status", AttributeValue::S(status.to_owned()))
            .expression_attribute_values(":old", AttributeValue::S(old.to_owned()))
            .expression_attribute_values(":owner", AttributeValue::S(owner_id.to_owned()))
            .send()
            .await;
        Ok(crate::dynamo::applied(result)?)
    }
}

/// A lead's stored amount as the counters take it (see `domain::lead_fold`).
fn counted_amount(amount: u64) -> i64 {
    domain::lead_fold::counted_amount(amount) as i64
}

/// Jittered back-off for transactions that met another on the same profile.
pub(super) async fn back_off(attempt: u32) {
    let base = 10u64 << attempt.min(6);
    let jitter = u64::from(uuid::Uuid::new_v4().as_bytes()[0]) % base.max(1);
    tokio::time::sleep(Duration::from_millis(base + jitter)).await;
}

const ATTEMPTS: u32 = 10;

/// What deleting a lead needs to know about it (read leniently: older records lack counters).
#[derive(Debug, serde::Deserialize)]
pub struct LeadOwnership {
    pub owner_id: String,
    #[serde(default)]
    pub form_id: String,
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub counted_at: Option<String>,
    /// The fold counting it right now (see `repo::lead_folds`).
    #[serde(default)]
    pub counting: Option<String>,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub estimated_amount: u64,
    /// The aggregate items the lead was added to (older leads: none).
    #[serde(default)]
    pub counted_in: Vec<String>,
    /// Whether those items count it among their hot leads (leads counted before they kept
    /// hot leads: no).
    #[serde(default)]
    pub hot_counted: bool,
    /// When a campaign first reached it.
    #[serde(default)]
    pub contacted_at: Option<String>,
}
