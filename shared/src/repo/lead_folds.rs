//! Counting new leads a batch at a time: each counter item (the founder's profile, their day,
//! their form, each facet's value, the platform's day) takes one write per batch, the sum of
//! the batch's leads (`domain::lead_fold`), instead of one write per lead.
//!
//! Exactly once, whatever is retried, killed or run twice at the same moment, through a fold
//! item in `lead_stats` (`fold#<id>`, kept 7 days):
//!
//! 1. **open**: the fold item is written, listing the leads it means to count; then each lead
//!    is claimed for it (`counting = <fold>`, only if not counted and not claimed);
//! 2. **applied**: one transaction adds the sums of the leads that carry its claim (read
//!    again, consistently) to the profile and the `lead_stats` items, and writes into the fold
//!    item which leads those were (its members) and what each was added to. The fold's
//!    condition (`open`) makes the sums apply once;
//! 3. **published**: a second transaction adds to the platform's day and the forms'
//!    `leads_count` (hot for everyone, so outside the founder's transaction), once;
//! 4. each member is marked `counted_at` (with the items it was added to) and its claim is
//!    taken off; a lead that carries the claim but is not a member (claimed after the fold was
//!    applied by someone else) is released and counted in a next fold. Then the fold is
//!    **settled** and drops its lists (a few bytes kept until the TTL, not the members'); a
//!    claim found on a settled fold is stale and released.
//!
//! Anyone who meets a claim (a retried batch, a second consumer, deleting the lead) finishes
//! that fold from the step its item shows, so a consumer killed at any point loses nothing
//! and a fold is never applied twice.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use aws_sdk_dynamodb::types::{AttributeValue, TransactWriteItem, Update};
use futures::future::join_all;
use serde::Deserialize;

use domain::{
    lead_fold::{Known, Member, Plan, plan},
    lead_stats::{Dimension, Facets, value_key},
};

use crate::dynamo::{Item, StoreError, from_item};

use super::{
    leads::{back_off, temperature_counter},
    platform_stats::lead_shard_key,
    table::{Table, TxOutcome, built, transact},
};

const FOLD_PREFIX: &str = "fold#";
/// A fold item's life (the stream keeps a record 24 hours; a fold is finished long before).
const FOLD_SECONDS: i64 = 7 * 24 * 3600;
/// Items one apply transaction writes besides the fold's own (DynamoDB allows 100).
pub const MAX_ITEMS: usize = 99;
const ATTEMPTS: u32 = 10;

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

fn n(value: u64) -> AttributeValue {
    AttributeValue::N(value.to_string())
}

fn list(values: &[String]) -> AttributeValue {
    AttributeValue::L(values.iter().map(|v| s(v)).collect())
}

fn counts(map: &BTreeMap<String, u64>) -> AttributeValue {
    AttributeValue::M(map.iter().map(|(k, v)| (k.clone(), n(*v))).collect())
}

fn fold_key(fold: &str) -> String {
    format!("{FOLD_PREFIX}{fold}")
}

/// What counting reads of a lead: the attributes its counters take (a projection, not the
/// investor's answers).
#[derive(Debug, Deserialize)]
struct Counted {
    id: String,
    form_id: String,
    created_at: String,
    status: String,
    #[serde(default, deserialize_with = "domain::counters::lenient")]
    estimated_amount: u64,
    #[serde(default)]
    facets: Facets,
}

/// A fold item as stored.
#[derive(Debug, Deserialize)]
struct Fold {
    #[serde(rename = "state")]
    step: String,
    #[serde(default)]
    leads: Vec<String>,
    #[serde(default)]
    members: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    days: BTreeMap<String, u64>,
    #[serde(default)]
    forms: BTreeMap<String, u64>,
}

/// How claiming a lead for a fold went.
enum Claim {
    Mine,
    /// Another fold holds it.
    Held(String),
    /// Counted already, or gone.
    Done,
    /// Changed between the claim and its check: try again.
    Again,
}

/// What finishing a fold did.
pub struct Finished {
    /// The leads it counted (marked now or before).
    pub members: Vec<String>,
}

/// The tables counting writes: `state.leads().folds()`.
#[derive(Clone, Copy)]
pub struct LeadFolds<'a> {
    pub(super) leads: Table<'a>,
    pub(super) profiles: Table<'a>,
    pub(super) lead_stats: Table<'a>,
    pub(super) forms: Table<'a>,
    pub(super) platform_stats: Table<'a>,
}

impl<'a> LeadFolds<'a> {
    /// Counts one founder's new leads once each: the ids this call counted (a lead counted
    /// before, deleted, or counted by a fold this call finished for someone else is not
    /// among them).
    pub async fn count(self, owner_id: &str, ids: &[String]) -> Result<Vec<String>, StoreError> {
        let mut pending: Vec<String> = ids.iter().cloned().collect::<BTreeSet<_>>().into_iter().collect();
        let mut counted = Vec::new();
        for round in 0..ATTEMPTS {
            if pending.is_empty() {
                return Ok(counted);
            }
            let fold = uuid::Uuid::new_v4().to_string();
            self.open(owner_id, &fold, &pending).await?;
            let claims = join_all(pending.iter().map(|id| self.claim(id, &fold))).await;
            let mut next = Vec::new();
            let mut held: BTreeMap<String, Vec<String>> = BTreeMap::new();
            let mut mine = Vec::new();
            for (id, claim) in pending.iter().zip(claims) {
                match claim? {
                    Claim::Mine => mine.push(id.clone()),
                    Claim::Held(other) => held.entry(other).or_default().push(id.clone()),
                    Claim::Done => {}
                    Claim::Again => next.push(id.clone()),
                }
            }
            // Someone else's fold (a killed consumer, a retried batch): finish it first.
            for (other, ids) in held {
                if self.finish(owner_id, &other).await?.is_none() {
                    join_all(ids.iter().map(|id| self.release(id, &other))).await.into_iter().collect::<Result<(), _>>()?;
                }
                next.extend(ids);
            }
            let finished = self.finish(owner_id, &fold).await?.map(|f| f.members).unwrap_or_default();
            next.extend(mine.into_iter().filter(|id| !finished.contains(id)));
            counted.extend(finished);
            pending = next;
            if round > 0 && !pending.is_empty() {
                back_off(round).await;
            }
        }
        if pending.is_empty() {
            Ok(counted)
        } else {
            Err(StoreError::internal(anyhow::anyhow!("{} leads of {owner_id} not counted: too many conflicting folds", pending.len())))
        }
    }

    async fn open(self, owner_id: &str, fold: &str, ids: &[String]) -> Result<(), StoreError> {
        let expires = crate::time::now().unix_timestamp() + FOLD_SECONDS;
        self.lead_stats.put()
            .item("owner_id", s(owner_id))
            .item("stat", s(&fold_key(fold)))
            .item("state", s("open"))
            .item("leads", list(ids))
            .item("expires_at", AttributeValue::N(expires.to_string()))
            .condition_expression("attribute_not_exists(#stat)")
            .expression_attribute_names("#stat", "stat")
            .send()
            .await?;
        Ok(())
    }

    async fn claim(self, id: &str, fold: &str) -> Result<Claim, StoreError> {
        let result = self.leads.update()
            .key("id", s(id))
            .update_expression("SET counting = :fold")
            .condition_expression("attribute_exists(id) AND attribute_not_exists(counted_at) AND attribute_not_exists(counting)")
            .expression_attribute_values(":fold", s(fold))
            .send()
            .await;
        if crate::dynamo::applied(result)? {
            return Ok(Claim::Mine);
        }
        let item = self.leads.get().key("id", s(id)).consistent_read(true).projection_expression("counted_at, counting").send().await?.item;
        Ok(match item {
            None => Claim::Done,
            Some(item) if item.contains_key("counted_at") => Claim::Done,
            Some(item) => match item.get("counting") {
                Some(AttributeValue::S(other)) => Claim::Held(other.clone()),
                _ => Claim::Again,
            },
        })
    }

    /// Takes `fold`'s claim off a lead it did not count (ignored if the claim is gone).
    async fn release(self, id: &str, fold: &str) -> Result<(), StoreError> {
        let result = self.leads.update()
            .key("id", s(id))
            .update_expression("REMOVE counting")
            .condition_expression("counting = :fold AND attribute_not_exists(counted_at)")
            .expression_attribute_values(":fold", s(fold))
            .send()
            .await;
        crate::dynamo::applied(result).map(drop)
    }

    /// Takes `fold` to its end from wherever it stopped. `None` when it was settled before (its
    /// members are marked) or its item is gone (expired): a claim still on it is stale, and
    /// whoever meets one releases it.
    pub async fn finish(self, owner_id: &str, fold: &str) -> Result<Option<Finished>, StoreError> {
        let key = fold_key(fold);
        for attempt in 0..ATTEMPTS * 2 {
            let item = self.lead_stats.get().key("owner_id", s(owner_id)).key("stat", s(&key)).consistent_read(true).send().await?.item;
            let Some(item) = item else { return Ok(None) };
            let stored: Fold = from_item(item)?;
            let moved = match stored.step.as_str() {
                "open" => self.apply(owner_id, fold, &stored.leads).await?,
                "applied" => self.publish(owner_id, fold, &stored).await?,
                "published" => return self.settle(owner_id, fold, &stored).await.map(Some),
                // Settled: every member is marked; a claim still on it is stale.
                _ => return Ok(None),
            };
            if !moved {
                back_off(attempt).await;
            }
        }
        Err(StoreError::internal(anyhow::anyhow!("fold {fold} of {owner_id} not finished: too many conflicts")))
    }

    /// Finishes the fold that claimed `lead_id`, or releases the claim if the fold is gone.
    pub async fn finish_for(self, owner_id: &str, fold: &str, lead_id: &str) -> Result<(), StoreError> {
        if self.finish(owner_id, fold).await?.is_none() {
            self.release(lead_id, fold).await?;
        }
        Ok(())
    }

    /// The leads listed that carry `fold`'s claim, read consistently, in listed order.
    async fn claimed(self, fold: &str, ids: &[String]) -> Result<Vec<Member>, StoreError> {
        let mut by_id: HashMap<String, Item> = HashMap::new();
        for chunk in ids.chunks(100) {
            let keys = chunk.iter().map(|id| Item::from([("id".to_owned(), s(id))])).collect();
            // What counting reads of a lead (not its answers).
            let counted = ["id", "form_id", "created_at", "status", "estimated_amount", "facets", "counting", "counted_at"];
            for item in self.leads.batch_get_consistent(keys, &counted).await? {
                if let Some(AttributeValue::S(id)) = item.get("id") {
                    by_id.insert(id.clone(), item);
                }
            }
        }
        let mut members = Vec::new();
        for id in ids {
            let Some(mut item) = by_id.remove(id) else { continue };
            let ours = matches!(item.remove("counting"), Some(AttributeValue::S(claim)) if claim == fold);
            if !ours || item.contains_key("counted_at") {
                continue;
            }
            let lead: Counted = from_item(item)?;
            members.push(Member { id: lead.id, form_id: lead.form_id, created_at: lead.created_at, status: lead.status, estimated_amount: lead.estimated_amount, facets: lead.facets });
        }
        Ok(members)
    }

    /// What the founder's open dimensions hold for the values `members` bring.
    async fn known(self, owner_id: &str, members: &[Member]) -> Result<Known, StoreError> {
        let mut stats = BTreeSet::new();
        for member in members {
            for (dimension, value) in member.facets.values() {
                if dimension.cap().is_some() {
                    stats.insert(dimension.key(&value_key(value)));
                    stats.insert(dimension.registry_key());
                }
            }
        }
        let stats: Vec<String> = stats.into_iter().collect();
        let mut known = Known::default();
        for chunk in stats.chunks(100) {
            let keys = chunk.iter().map(|stat| Item::from([("owner_id".to_owned(), s(owner_id)), ("stat".to_owned(), s(stat))])).collect();
            for item in self.lead_stats.batch_get_consistent(keys, &["stat", "distinct_values"]).await? {
                let Some(AttributeValue::S(stat)) = item.get("stat") else { continue };
                match Dimension::ALL.into_iter().find(|d| d.registry_key() == *stat) {
                    Some(dimension) => {
                        let registered = match item.get("distinct_values") {
                            Some(AttributeValue::N(value)) => value.parse().unwrap_or(0),
                            _ => 0,
                        };
                        known.registered.insert(dimension, registered);
                    }
                    None => {
                        known.items.insert(stat.clone());
                    }
                }
            }
        }
        Ok(known)
    }

    /// Step 2: adds the sums of the leads claimed for `fold` (a prefix of them when they would
    /// not fit one transaction). `false` when it must be tried again after a pause.
    async fn apply(self, owner_id: &str, fold: &str, listed: &[String]) -> Result<bool, StoreError> {
        let members = self.claimed(fold, listed).await?;
        if members.is_empty() {
            // Nothing left to count (claimed leads deleted or counted elsewhere): done.
            self.publish_empty(owner_id, fold).await?;
            return Ok(true);
        }
        let known = self.known(owner_id, &members).await?;
        let plan = plan(&members, &known, MAX_ITEMS);
        let mut saturate = false;
        loop {
            let mut items = vec![self.applied(owner_id, fold, &plan)?, self.profile_update(owner_id, &plan, saturate)?];
            items.extend(self.stat_updates(owner_id, &plan)?);
            return match transact(self.leads.client(), items).await? {
                TxOutcome::Done => Ok(true),
                // Applied (or published) by someone else: the caller reads the fold again.
                TxOutcome::ConditionFailed(failed) if failed[0] == 0 => Ok(true),
                TxOutcome::ConditionFailed(failed) if failed[0] == 1 && !saturate => {
                    tracing::warn!(owner_id, "estimated interest saturated at the ceiling");
                    saturate = true;
                    continue;
                }
                // A registry moved since it was read (another fold registered values): read again.
                TxOutcome::ConditionFailed(_) | TxOutcome::Conflict => Ok(false),
            };
        }
    }

    /// The fold item's update in the apply transaction: `open` → `applied`, with its members.
    fn applied(self, owner_id: &str, fold: &str, plan: &Plan) -> Result<TransactWriteItem, StoreError> {
        let members = AttributeValue::M(plan.counted_in.iter().map(|(id, keys)| (id.clone(), list(keys))).collect());
        let update = Update::builder()
            .table_name(self.lead_stats.name())
            .key("owner_id", s(owner_id))
            .key("stat", s(&fold_key(fold)))
            .update_expression("SET #state = :applied, members = :members, days = :days, forms = :forms")
            .condition_expression("#state = :open")
            .expression_attribute_names("#state", "state")
            .expression_attribute_values(":applied", s("applied"))
            .expression_attribute_values(":open", s("open"))
            .expression_attribute_values(":members", members)
            .expression_attribute_values(":days", counts(&plan.days))
            .expression_attribute_values(":forms", counts(&plan.forms))
            .build();
        Ok(TransactWriteItem::builder().update(built(update)?).build())
    }

    /// The profile's counters: leads, estimated interest (kept under the ceiling) and each
    /// temperature's count.
    fn profile_update(self, owner_id: &str, plan: &Plan, saturate: bool) -> Result<TransactWriteItem, StoreError> {
        let ceiling = crate::counters::CEILING;
        let mut adds = vec!["interested_investors_count :leads".to_owned()];
        let mut values: HashMap<String, AttributeValue> = HashMap::from([(":leads".to_owned(), n(plan.leads))]);
        for (status, count) in [("hot", plan.hot), ("warm", plan.warm), ("cold", plan.cold)] {
            if count > 0 {
                adds.push(format!("{} :{status}", temperature_counter(status)));
                values.insert(format!(":{status}"), n(count));
            }
        }
        let mut builder = Update::builder().table_name(self.profiles.name()).key("id", s(owner_id));
        if saturate {
            values.insert(":ceiling".into(), n(ceiling));
            builder = builder.update_expression(format!("SET estimated_interest = :ceiling ADD {}", adds.join(", ")));
        } else {
            adds.push("estimated_interest :amount".into());
            values.insert(":amount".into(), n(plan.amount));
            values.insert(":room".into(), n(ceiling - plan.amount.min(ceiling)));
            builder = builder
                .update_expression(format!("ADD {}", adds.join(", ")))
                .condition_expression("attribute_not_exists(estimated_interest) OR estimated_interest <= :room");
        }
        Ok(TransactWriteItem::builder().update(built(builder.set_expression_attribute_values(Some(values)).build())?).build())
    }

    /// One update per `lead_stats` item and per registry the plan moves.
    fn stat_updates(self, owner_id: &str, plan: &Plan) -> Result<Vec<TransactWriteItem>, StoreError> {
        let mut items = Vec::new();
        for (stat, delta) in &plan.stats {
            let mut builder = Update::builder()
                .table_name(self.lead_stats.name())
                .key("owner_id", s(owner_id))
                .key("stat", s(stat))
                .expression_attribute_values(":leads", n(delta.leads))
                .expression_attribute_values(":amount", n(delta.amount))
                .expression_attribute_values(":hot", n(delta.hot));
            let mut sets = Vec::new();
            if let Some(label) = &delta.label {
                sets.push("label = if_not_exists(label, :label)");
                builder = builder.expression_attribute_values(":label", s(label));
            }
            if let Some(day) = &delta.digest_day {
                sets.push("digest_day = :digest_day");
                builder = builder.expression_attribute_values(":digest_day", s(day));
            }
            let set = if sets.is_empty() { String::new() } else { format!("SET {} ", sets.join(", ")) };
            let update = builder.update_expression(format!("{set}ADD leads :leads, amount :amount, hot :hot")).build();
            items.push(TransactWriteItem::builder().update(built(update)?).build());
        }
        for (dimension, registration) in &plan.registrations {
            let update = Update::builder()
                .table_name(self.lead_stats.name())
                .key("owner_id", s(owner_id))
                .key("stat", s(&dimension.registry_key()))
                .update_expression("ADD distinct_values :added")
                .condition_expression(if registration.read == 0 { "attribute_not_exists(distinct_values) OR distinct_values = :read" } else { "distinct_values = :read" })
                .expression_attribute_values(":added", n(registration.added))
                .expression_attribute_values(":read", n(registration.read))
                .build();
            items.push(TransactWriteItem::builder().update(built(update)?).build());
        }
        Ok(items)
    }

    /// An open fold with no lead to count goes straight to `published` (unless it moved on).
    async fn publish_empty(self, owner_id: &str, fold: &str) -> Result<(), StoreError> {
        self.step(owner_id, fold, "open", "published", "").await
    }

    /// Moves the fold from one state to the next (and drops what `remove` names), only from
    /// `from`: a second caller's move finds it moved and changes nothing.
    async fn step(self, owner_id: &str, fold: &str, from: &str, to: &str, remove: &str) -> Result<(), StoreError> {
        let result = self.lead_stats.update()
            .key("owner_id", s(owner_id))
            .key("stat", s(&fold_key(fold)))
            .update_expression(format!("SET #state = :to {remove}"))
            .condition_expression("#state = :from")
            .expression_attribute_names("#state", "state")
            .expression_attribute_values(":to", s(to))
            .expression_attribute_values(":from", s(from))
            .send()
            .await;
        crate::dynamo::applied(result).map(drop)
    }

    /// Step 3: the platform's leads of each day (in the day's item this fold falls on) and the
    /// forms' `leads_count`, with the fold going `applied` → `published` in the same
    /// transaction. A form deleted meanwhile is left out. `false`: try again after a pause.
    async fn publish(self, owner_id: &str, fold: &str, stored: &Fold) -> Result<bool, StoreError> {
        let mut forms: Vec<(&String, &u64)> = stored.forms.iter().collect();
        loop {
            let step = Update::builder()
                .table_name(self.lead_stats.name())
                .key("owner_id", s(owner_id))
                .key("stat", s(&fold_key(fold)))
                .update_expression("SET #state = :published")
                .condition_expression("#state = :applied")
                .expression_attribute_names("#state", "state")
                .expression_attribute_values(":published", s("published"))
                .expression_attribute_values(":applied", s("applied"))
                .build();
            let mut items = vec![TransactWriteItem::builder().update(built(step)?).build()];
            for (day, leads) in &stored.days {
                let update = Update::builder()
                    .table_name(self.platform_stats.name())
                    .key("id", s(&lead_shard_key(day, fold)))
                    .update_expression("ADD leads :leads")
                    .expression_attribute_values(":leads", n(*leads))
                    .build();
                items.push(TransactWriteItem::builder().update(built(update)?).build());
            }
            let first_form = items.len();
            for (form, leads) in &forms {
                let update = Update::builder()
                    .table_name(self.forms.name())
                    .key("id", s(form))
                    .update_expression("ADD leads_count :leads")
                    .condition_expression("attribute_exists(id)")
                    .expression_attribute_values(":leads", n(**leads))
                    .build();
                items.push(TransactWriteItem::builder().update(built(update)?).build());
            }
            return match transact(self.leads.client(), items).await? {
                TxOutcome::Done => Ok(true),
                TxOutcome::ConditionFailed(failed) if failed[0] == 0 => Ok(true),
                TxOutcome::ConditionFailed(failed) => {
                    let gone: BTreeSet<usize> = failed.into_iter().filter(|at| *at >= first_form).map(|at| at - first_form).collect();
                    forms = forms.into_iter().enumerate().filter(|(at, _)| !gone.contains(at)).map(|(_, form)| form).collect();
                    continue;
                }
                TxOutcome::Conflict => Ok(false),
            };
        }
    }

    /// Step 4: marks the members counted and releases the other leads still claimed; once all
    /// of that is done (never before, or a member could be released uncounted), the fold is
    /// `settled` and sheds its lists.
    async fn settle(self, owner_id: &str, fold: &str, stored: &Fold) -> Result<Finished, StoreError> {
        self.mark(fold, stored).await?;
        self.step(owner_id, fold, "published", "settled", "REMOVE leads, members, days, forms").await?;
        Ok(Finished { members: stored.members.keys().cloned().collect() })
    }

    async fn mark(self, fold: &str, stored: &Fold) -> Result<(), StoreError> {
        let now = crate::time::now_iso();
        let marks = stored.members.iter().map(|(id, keys)| {
            let result = self.leads.update()
                .key("id", s(id))
                // `hot_counted`: its items count it among their hot leads (leads counted before
                // items kept hot leads have no such mark, and never move them).
                .update_expression("SET counted_at = :now, counted_in = :keys, hot_counted = :yes REMOVE counting")
                .condition_expression("counting = :fold")
                .expression_attribute_values(":yes", AttributeValue::Bool(true))
                .expression_attribute_values(":now", s(&now))
                .expression_attribute_values(":keys", list(keys))
                .expression_attribute_values(":fold", s(fold))
                .send();
            async move { crate::dynamo::applied(result.await).map(drop) }
        });
        join_all(marks).await.into_iter().collect::<Result<(), _>>()?;
        let others = stored.leads.iter().filter(|id| !stored.members.contains_key(*id)).map(|id| self.release(id, fold));
        join_all(others).await.into_iter().collect::<Result<(), _>>()
    }

    /// A consumer killed after `stop`: the fold's steps up to it, and nothing after (tests of
    /// what a retry finds). The fold's id.
    #[cfg(feature = "test-support")]
    pub async fn count_killed(self, owner_id: &str, ids: &[String], stop: Stop) -> Result<String, StoreError> {
        let fold = uuid::Uuid::new_v4().to_string();
        self.open(owner_id, &fold, ids).await?;
        let claimed = match stop {
            Stop::Claimed(n) => n.min(ids.len()),
            _ => ids.len(),
        };
        for id in &ids[..claimed] {
            self.claim(id, &fold).await?;
        }
        if matches!(stop, Stop::Opened | Stop::Claimed(_)) {
            return Ok(fold);
        }
        while !self.apply(owner_id, &fold, ids).await? {}
        if stop == Stop::Applied {
            return Ok(fold);
        }
        let read = |this: Self| {
            let fold = fold.clone();
            async move {
                let item = this.lead_stats.get().key("owner_id", s(owner_id)).key("stat", s(&fold_key(&fold))).consistent_read(true).send().await?.item;
                from_item::<Fold>(item.expect("the fold item"))
            }
        };
        let stored = read(self).await?;
        while !self.publish(owner_id, &fold, &stored).await? {}
        if let Stop::Marked(n) = stop {
            let mut stored = read(self).await?;
            stored.members = stored.members.into_iter().take(n).collect();
            stored.leads.retain(|id| stored.members.contains_key(id));
            self.mark(&fold, &stored).await?;
        }
        Ok(fold)
    }
}

/// Where a killed consumer stopped (see [`LeadFolds::count_killed`]).
#[cfg(feature = "test-support")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The fold item written, no lead claimed.
    Opened,
    /// This many leads claimed.
    Claimed(usize),
    /// The sums added to the founder's items.
    Applied,
    /// The platform's day and the forms added to.
    Published,
    /// This many members marked counted (the fold not yet settled).
    Marked(usize),
}
