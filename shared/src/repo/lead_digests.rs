//! Which e-mail tells the founder about each new lead, exactly once (the rules are
//! `domain::lead_digest`'s):
//!
//! - **one by one**: the lead is claimed (`notified_at`, `repo::leads::claim_notification`)
//!   and mailed; with "every lead" the hour's allowance is taken first from the hour's item
//!   (`instant`, an exact-count condition), a batch at a time;
//! - **in a digest**: one transaction per batch (at most 99 leads) claims each lead
//!   (`notified_at`, `notified_in = <digest>`, only if unclaimed) and adds the batch's sums to
//!   the period's digest item in `lead_stats` (`n#h#<hour>` or `n#d#<day>`: `leads`, `hot`,
//!   `warm`, `cold`, one `src#<host>` counter per source), only while that digest is not being
//!   sent. So a digest item takes one write per batch, not one per lead. A digest item with
//!   leads carries `digest_due = due` and its `due_at` (the period's end): the sparse
//!   `due_digests` index the sender reads;
//! - **sending**: the sender claims a due digest (`sending_at`, off the index) and reads its
//!   sums in the same write, sends, then marks it `sent_at`; a failed send gives it back.
//!   Leads that come after the claim go to the next period's digest.

use std::collections::BTreeSet;

use aws_sdk_dynamodb::types::{AttributeValue, ReturnValue, TransactWriteItem, Update};
use domain::{
    lead_digest::{Digest, INSTANT_MAILS_PER_HOUR, LeadMails, Period},
    leads::LeadRecord,
};

use crate::dynamo::{Item, StoreError};

use super::{
    leads::back_off,
    table::{Table, TxOutcome, built, transact},
};

/// The `due_digests` index's one key value: a digest with leads waiting to be sent.
const DUE: &str = "due";
/// A digest item's life after its period (long after it is sent; TTL).
const DIGEST_SECONDS: i64 = 30 * 24 * 3600;
/// Leads one digest transaction claims (DynamoDB allows 100 items, one is the digest).
pub const LEADS_PER_WRITE: usize = 99;
const SOURCE_PREFIX: &str = "src#";
const ATTEMPTS: u32 = 10;

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

fn n(value: u64) -> AttributeValue {
    AttributeValue::N(value.to_string())
}

fn number(item: &Item, name: &str) -> u64 {
    item.get(name).and_then(|v| v.as_n().ok()).and_then(|v| v.parse().ok()).unwrap_or(0)
}

pub struct LeadDigests<'a> {
    pub(super) leads: Table<'a>,
    pub(super) lead_stats: Table<'a>,
}

/// A digest waiting to be sent: its founder and its period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueDigest {
    pub owner_id: String,
    pub period: Period,
}

impl<'a> LeadDigests<'a> {
    fn digest_key(&self, owner_id: &str, period: Period) -> Item {
        [("owner_id".to_owned(), s(owner_id)), ("stat".to_owned(), s(&period.key()))].into()
    }

    /// Of `ids`, the stored leads no e-mail or digest has claimed yet (read consistently, so a
    /// retried batch does not spend the hour's allowance on leads already told).
    pub async fn unannounced(&self, ids: &[String]) -> Result<BTreeSet<String>, StoreError> {
        let mut found = BTreeSet::new();
        for chunk in ids.chunks(100) {
            let keys = chunk.iter().collect::<BTreeSet<_>>().into_iter().map(|id| [("id".to_owned(), s(id))].into()).collect();
            for item in self.leads.batch_get_consistent(keys, &["id", "notified_at"]).await? {
                if let (Some(AttributeValue::S(id)), false) = (item.get("id"), item.contains_key("notified_at")) {
                    found.insert(id.clone());
                }
            }
        }
        Ok(found)
    }

    /// Takes up to `wanted` of the hour's instant e-mails (`LeadMails::instant_share`): how
    /// many it got. One conditional write on the hour's item per batch.
    pub async fn take_instant(&self, owner_id: &str, hour: Period, wanted: usize) -> Result<usize, StoreError> {
        for attempt in 0..ATTEMPTS {
            let item = self.lead_stats.get().set_key(Some(self.digest_key(owner_id, hour))).projection_expression("instant").consistent_read(true).send().await?.item;
            let used = item.as_ref().map_or(0, |item| number(item, "instant"));
            let granted = LeadMails::Every.instant_share(wanted, u32::try_from(used).unwrap_or(INSTANT_MAILS_PER_HOUR));
            if granted == 0 {
                return Ok(0);
            }
            let mut update = self.lead_stats.update()
                .set_key(Some(self.digest_key(owner_id, hour)))
                .update_expression("SET expires_at = if_not_exists(expires_at, :expires) ADD instant :granted")
                .expression_attribute_values(":granted", n(granted as u64))
                .expression_attribute_values(":expires", n(expiry(hour)));
            update = if item.as_ref().is_some_and(|item| item.contains_key("instant")) {
                update.condition_expression("instant = :used").expression_attribute_values(":used", n(used))
            } else {
                update.condition_expression("attribute_not_exists(instant)")
            };
            if crate::dynamo::applied(update.send().await)? {
                return Ok(granted);
            }
            back_off(attempt).await;
        }
        Err(StoreError::Unavailable)
    }

    /// Puts `leads` into the founder's digest of `period` (or, while that one is being sent, of
    /// the period after): each lead claimed and the sums added in one transaction per
    /// [`LEADS_PER_WRITE`] leads. A lead claimed meanwhile (another consumer) or deleted is left
    /// out. Answers how many leads this call added.
    pub async fn add(&self, owner_id: &str, period: Period, leads: &[&LeadRecord], now_iso: &str) -> Result<usize, StoreError> {
        let mut added = 0;
        let mut period = period;
        for chunk in leads.chunks(LEADS_PER_WRITE) {
            let mut pending: Vec<&LeadRecord> = chunk.to_vec();
            let mut attempt = 0;
            while !pending.is_empty() {
                let mut items = vec![self.digest_update(owner_id, period, &pending)?];
                for lead in &pending {
                    items.push(self.lead_claim(&lead.id, period, now_iso)?);
                }
                match transact(self.leads.client(), items).await? {
                    TxOutcome::Done => {
                        added += pending.len();
                        break;
                    }
                    TxOutcome::ConditionFailed(failed) => {
                        let taken: BTreeSet<usize> = failed.iter().filter(|at| **at > 0).map(|at| at - 1).collect();
                        if taken.is_empty() {
                            // The digest is being sent: these leads go to the next one.
                            period = period.next();
                        } else {
                            pending = pending.into_iter().enumerate().filter(|(at, _)| !taken.contains(at)).map(|(_, lead)| lead).collect();
                        }
                    }
                    TxOutcome::Conflict => {
                        attempt += 1;
                        if attempt >= ATTEMPTS {
                            return Err(StoreError::Unavailable);
                        }
                        back_off(attempt).await;
                    }
                }
            }
        }
        Ok(added)
    }

    fn digest_update(&self, owner_id: &str, period: Period, leads: &[&LeadRecord]) -> Result<TransactWriteItem, StoreError> {
        let mut digest = Digest::default();
        let mut sources = std::collections::BTreeMap::<&str, u64>::new();
        for lead in leads {
            digest.leads += 1;
            match Digest::temperature(&lead.status) {
                "hot" => digest.hot += 1,
                "warm" => digest.warm += 1,
                _ => digest.cold += 1,
            }
            *sources.entry(Digest::source(lead.facets.host.as_deref())).or_default() += 1;
        }
        let mut adds = vec!["leads :leads".to_owned(), "hot :hot".to_owned(), "warm :warm".to_owned(), "cold :cold".to_owned()];
        let mut builder = Update::builder()
            .table_name(self.lead_stats.name())
            .set_key(Some(self.digest_key(owner_id, period)))
            .condition_expression("attribute_not_exists(sending_at)")
            .expression_attribute_values(":leads", n(digest.leads))
            .expression_attribute_values(":hot", n(digest.hot))
            .expression_attribute_values(":warm", n(digest.warm))
            .expression_attribute_values(":cold", n(digest.cold))
            .expression_attribute_values(":due", s(DUE))
            .expression_attribute_values(":due_at", s(&domain::days::iso(period.end())))
            .expression_attribute_values(":expires", n(expiry(period)));
        for (at, (source, leads)) in sources.into_iter().enumerate() {
            adds.push(format!("#s{at} :s{at}"));
            builder = builder.expression_attribute_names(format!("#s{at}"), format!("{SOURCE_PREFIX}{source}")).expression_attribute_values(format!(":s{at}"), n(leads));
        }
        let update = builder
            .update_expression(format!(
                "SET digest_due = :due, due_at = :due_at, expires_at = if_not_exists(expires_at, :expires) ADD {}",
                adds.join(", ")
            ))
            .build();
        Ok(TransactWriteItem::builder().update(built(update)?).build())
    }

    fn lead_claim(&self, id: &str, period: Period, now_iso: &str) -> Result<TransactWriteItem, StoreError> {
        let update = Update::builder()
            .table_name(self.leads.name())
            .key("id", s(id))
            .update_expression("SET notified_at = :now, notified_in = :digest")
            .condition_expression("attribute_exists(id) AND attribute_not_exists(notified_at)")
            .expression_attribute_values(":now", s(now_iso))
            .expression_attribute_values(":digest", s(&period.key()))
            .build();
        Ok(TransactWriteItem::builder().update(built(update)?).build())
    }

    /// The digests whose period ended by `now_iso` and that are not sent or being sent.
    pub async fn due(&self, now_iso: &str) -> Result<Vec<DueDigest>, StoreError> {
        let query = self.lead_stats.query()
            .index_name("due_digests")
            .key_condition_expression("digest_due = :due AND due_at <= :now")
            .expression_attribute_values(":due", s(DUE))
            .expression_attribute_values(":now", s(now_iso));
        let mut due = Vec::new();
        for item in crate::repo::query_all(query).await? {
            let (Some(AttributeValue::S(owner_id)), Some(AttributeValue::S(stat))) = (item.get("owner_id"), item.get("stat")) else { continue };
            if let Some(period) = Period::from_key(stat) {
                due.push(DueDigest { owner_id: owner_id.clone(), period });
            }
        }
        Ok(due)
    }

    /// Claims a due digest for sending, once: its sums (read in the same write, so no lead
    /// joins it afterwards), or `None` when another sender has it.
    pub async fn claim(&self, due: &DueDigest, now_iso: &str) -> Result<Option<Digest>, StoreError> {
        let result = self.lead_stats.update()
            .set_key(Some(self.digest_key(&due.owner_id, due.period)))
            .update_expression("SET sending_at = :now REMOVE digest_due")
            .condition_expression("attribute_exists(digest_due) AND attribute_not_exists(sending_at)")
            .expression_attribute_values(":now", s(now_iso))
            .return_values(ReturnValue::AllNew)
            .send()
            .await;
        Ok(crate::dynamo::applied_output(result)?.map(|output| digest_of(&output.attributes.unwrap_or_default())))
    }

    /// Gives a claimed digest back after its e-mail could not be sent: the next run sends it
    /// (with any leads that joined meanwhile).
    pub async fn release(&self, due: &DueDigest) -> Result<(), StoreError> {
        let result = self.lead_stats.update()
            .set_key(Some(self.digest_key(&due.owner_id, due.period)))
            .update_expression("SET digest_due = :due REMOVE sending_at")
            .condition_expression("attribute_exists(sending_at) AND attribute_not_exists(sent_at)")
            .expression_attribute_values(":due", s(DUE))
            .send()
            .await;
        crate::dynamo::applied(result).map(drop)
    }

    /// Records that the digest went out.
    pub async fn mark_sent(&self, due: &DueDigest, now_iso: &str) -> Result<(), StoreError> {
        self.lead_stats.update()
            .set_key(Some(self.digest_key(&due.owner_id, due.period)))
            .update_expression("SET sent_at = :now")
            .expression_attribute_values(":now", s(now_iso))
            .send()
            .await?;
        Ok(())
    }
}

fn expiry(period: Period) -> u64 {
    u64::try_from(domain::days::unix(period.end()) + DIGEST_SECONDS).unwrap_or(0)
}

/// A digest item's sums.
fn digest_of(item: &Item) -> Digest {
    let mut sources: Vec<(String, u64)> = item
        .iter()
        .filter_map(|(name, _)| name.strip_prefix(SOURCE_PREFIX).map(|source| (source.to_owned(), number(item, name))))
        .collect();
    sources.sort();
    Digest { leads: number(item, "leads"), hot: number(item, "hot"), warm: number(item, "warm"), cold: number(item, "cold"), sources }
}
