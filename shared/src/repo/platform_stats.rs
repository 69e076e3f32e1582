//! Table `platform_stats` (key `id`): the admin area's platform figures, kept on write so the
//! admin's read is one BatchGetItem of 31 items whatever the number of users or leads.
//!
//! - `totals`: `users`, `confirmed`, and one `sub#<status>#<plan key>` counter per Stripe
//!   subscription status and plan (a subscription counts in exactly one of them);
//! - `day#YYYY-MM-DD` (UTC): `signups` of that day;
//! - `day#YYYY-MM-DD#<n>` for n < [`LEAD_SHARDS`]: `leads` of that day, spread by batch, so
//!   that no single item takes every lead of the platform (an item takes about 1,000 writes a
//!   second; a launch alone can bring that many). A read sums a day's items (and `leads` on
//!   `day#YYYY-MM-DD`, where leads were counted before the shards).
//!
//! Every counter moves with an `ADD` right after the write it counts succeeded: an account
//! created, an address confirmed for the first time, a batch of leads counted (in the fold's
//! own publish transaction, once: `repo::lead_folds`), a subscription row whose status or plan
//! the Stripe webhook changed. The platform-wide items are hot, so they stay out of the
//! founder's and the user's transactions (every founder would otherwise conflict with every
//! other one of the same day). A counter that
//! fails to move is logged and never fails the request that made the change; decrements are
//! conditional on the counter being positive (saturating at 0), and reads are lenient (a
//! missing or malformed attribute reads 0, see `counters`).

use std::collections::{BTreeMap, HashMap};

use aws_sdk_dynamodb::{Client, types::AttributeValue};

use domain::plans::Plan;

use crate::{
    config::Tables,
    dynamo::{Item, StoreError},
};

use super::table::Table;

pub const TOTALS: &str = "totals";
/// Where a subscription whose plan is not (or no longer) on sale counts.
pub const OTHER_PLAN: &str = "other";
const SUBSCRIPTION_PREFIX: &str = "sub#";

/// The item of one UTC day, `day#YYYY-MM-DD`.
pub fn day_key(date: &str) -> String {
    format!("day#{date}")
}

/// How many items share a day's lead count.
pub const LEAD_SHARDS: u32 = 16;

/// The item of a day that a batch of leads (`by`, the fold that counts them) adds to: always
/// the same one for a batch.
pub fn lead_shard_key(date: &str, by: &str) -> String {
    // FNV-1a: stable across processes and releases (std's hasher is seeded per process).
    let hash = by.bytes().fold(0x811c_9dc5_u32, |hash, byte| (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193));
    format!("day#{date}#{}", hash % LEAD_SHARDS)
}

/// `YYYY-MM-DD` of a UTC date.
pub use domain::days::day_string as date_string;

/// The day an RFC 3339 time falls on (its date part), or today when it is not one.
fn day_of(iso: &str) -> String {
    domain::days::day_of(iso).map(str::to_owned).unwrap_or_else(|| date_string(crate::time::now().date()))
}

fn number(value: i64) -> AttributeValue {
    AttributeValue::N(value.to_string())
}

/// Table `platform_stats`: `state.platform_stats()`.
#[derive(Clone, Copy)]
pub struct PlatformStatsRepo<'a> {
    table: Table<'a>,
}

impl<'a> PlatformStatsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.platform_stats),
        }
    }

    /// The repository over a table another repository already holds.
    pub(crate) fn on(table: Table<'a>) -> Self {
        Self { table }
    }

    /// Adds `by` to each named counter of one item (created on first use).
    async fn add(self, id: &str, counters: &[&str], by: i64) -> Result<(), StoreError> {
        let mut request = self.table.update().key("id", AttributeValue::S(id.to_owned()));
        let mut parts = Vec::new();
        for (i, counter) in counters.iter().enumerate() {
            parts.push(format!("#c{i} :by"));
            request = request.expression_attribute_names(format!("#c{i}"), *counter);
        }
        request.update_expression(format!("ADD {}", parts.join(", "))).expression_attribute_values(":by", number(by)).send().await?;
        Ok(())
    }

    /// A new account (`create_user` succeeded): users, the day's sign-ups, and confirmed when the
    /// account was created confirmed.
    pub async fn user_created(self, created_at: &str, confirmed: bool) -> Result<(), StoreError> {
        let totals: &[&str] = if confirmed { &["users", "confirmed"] } else { &["users"] };
        self.add(TOTALS, totals, 1).await?;
        self.add(&day_key(&day_of(created_at)), &["signups"], 1).await
    }

    /// An address confirmed for the first time.
    pub async fn email_confirmed(self) -> Result<(), StoreError> {
        self.add(TOTALS, &["confirmed"], 1).await
    }

    /// The Stripe webhook changed a subscriptions row from `before` (the row as it was) to
    /// `status` on `plan` (the plan's name; `None` keeps the row's plan): the subscription
    /// leaves its old counter and joins the new one. A re-applied event (same status and plan)
    /// moves nothing.
    pub async fn subscription_changed(self, 
        plans: &[Plan],
        before: &Item,
        status: &str,
        plan: Option<&str>,
    ) -> Result<(), StoreError> {
        let old = SubscriptionSlot::of_row(before, plans);
        let kept_plan = before.get("plan").and_then(|v| v.as_s().ok()).map(String::as_str);
        let new = SubscriptionSlot::new(status, plan.or(kept_plan), plans);
        self.move_subscription(old.as_ref(), Some(&new)).await
    }

    /// Moves one subscription between counters; the decrement saturates at 0.
    pub async fn move_subscription(self, 
        from: Option<&SubscriptionSlot>,
        to: Option<&SubscriptionSlot>,
    ) -> Result<(), StoreError> {
        if from == to {
            return Ok(());
        }
        if let Some(from) = from {
            let mut request = self.table.update()
                .key("id", AttributeValue::S(TOTALS.to_owned()))
                .condition_expression("#from > :zero")
                .expression_attribute_names("#from", from.attribute())
                .expression_attribute_values(":zero", number(0))
                .expression_attribute_values(":minus", number(-1));
            request = match to {
                Some(to) => request
                    .update_expression("ADD #from :minus, #to :one")
                    .expression_attribute_names("#to", to.attribute())
                    .expression_attribute_values(":one", number(1)),
                None => request.update_expression("ADD #from :minus"),
            };
            if crate::dynamo::applied(request.send().await)? {
                return Ok(());
            }
            // Nothing to take off (counters started after this subscription): only add.
        }
        match to {
            Some(to) => self.add(TOTALS, &[&to.attribute()], 1).await,
            None => Ok(()),
        }
    }

    /// Reads the totals and the given days (`YYYY-MM-DD`, at most 99) with their lead shards:
    /// BatchGetItems of 100 keys at once (retrying keys DynamoDB leaves unprocessed).
    #[tracing::instrument(skip(self, dates), fields(days = dates.len()))]
    pub async fn read(self, dates: &[String]) -> Result<Snapshot, StoreError> {
        let mut ids = vec![TOTALS.to_owned()];
        for date in dates.iter().take(99) {
            ids.push(day_key(date));
            ids.extend((0..LEAD_SHARDS).map(|shard| format!("day#{date}#{shard}")));
        }
        let keys: Vec<Item> = ids.iter().map(|id| HashMap::from([("id".to_owned(), AttributeValue::S(id.clone()))])).collect();
        let reads = keys.chunks(100).map(|chunk| self.table.batch_get(chunk.to_vec(), &[]));
        let mut snapshot = Snapshot::default();
        for item in futures::future::try_join_all(reads).await?.into_iter().flatten() {
            let Some(id) = item.get("id").and_then(|v| v.as_s().ok()) else { continue };
            if id == TOTALS {
                snapshot.totals = totals_of(&item);
            } else if let Some(rest) = id.strip_prefix("day#") {
                let date = rest.split_once('#').map_or(rest, |(date, _)| date);
                let day = snapshot.days.entry(date.to_owned()).or_default();
                day.signups = day.signups.saturating_add(counter(&item, "signups"));
                day.leads = day.leads.saturating_add(counter(&item, "leads"));
            }
        }
        Ok(snapshot)
    }
}

/// Logs a counter that did not move; the change it counts stands.
pub fn log_failure(result: Result<(), StoreError>, counter: &str) {
    if let Err(err) = result {
        tracing::error!(counter, error = format!("{err:#}"), "platform counter not updated");
    }
}

/// Where a subscription counts: its Stripe status and its plan's key.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct SubscriptionSlot {
    pub status: String,
    pub plan: String,
}

impl SubscriptionSlot {
    /// `plan` is what the subscriptions row stores (the plan's name) or a plan key.
    pub fn new(status: &str, plan: Option<&str>, plans: &[Plan]) -> Self {
        let status: String = status.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').take(40).collect::<String>().to_lowercase();
        let plan = plan
            .and_then(|plan| plans.iter().find(|p| p.name == plan || p.key == plan))
            .map_or(OTHER_PLAN, |p| p.key)
            .to_owned();
        Self { status, plan }
    }

    /// The slot of a subscriptions row as DynamoDB returned it (`ReturnValues::ALL_OLD`);
    /// `None` for a row without a status (no subscription yet, only a checkout claim).
    pub fn of_row(row: &Item, plans: &[Plan]) -> Option<Self> {
        let text = |name: &str| row.get(name).and_then(|v| v.as_s().ok()).map(String::as_str);
        text("status").filter(|s| !s.is_empty()).map(|status| Self::new(status, text("plan"), plans))
    }

    fn attribute(&self) -> String {
        format!("{SUBSCRIPTION_PREFIX}{}#{}", self.status, self.plan)
    }

    fn parse(attribute: &str) -> Option<Self> {
        let (status, plan) = attribute.strip_prefix(SUBSCRIPTION_PREFIX)?.split_once('#')?;
        Some(Self { status: status.to_owned(), plan: plan.to_owned() })
    }
}

/// The platform-wide totals.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Totals {
    pub users: u64,
    pub confirmed: u64,
    pub subscriptions: BTreeMap<SubscriptionSlot, u64>,
}

impl Totals {
    /// Subscriptions in `status`, all plans together.
    pub fn in_status(&self, status: &str) -> u64 {
        self.subscriptions.iter().filter(|(slot, _)| slot.status == status).fold(0u64, |sum, (_, n)| sum.saturating_add(*n))
    }

    /// Subscriptions in `status` on the plan with `key`.
    pub fn on_plan(&self, status: &str, key: &str) -> u64 {
        self.subscriptions.iter().filter(|(slot, _)| slot.status == status && slot.plan == key).fold(0u64, |sum, (_, n)| sum.saturating_add(*n))
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DayCounts {
    pub signups: u64,
    pub leads: u64,
}

/// The totals and the asked days (a day nothing happened on is absent).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Snapshot {
    pub totals: Totals,
    pub days: HashMap<String, DayCounts>,
}

/// A counter as stored, leniently: missing, negative or malformed reads 0.
fn counter(item: &Item, name: &str) -> u64 {
    item.get(name)
        .cloned()
        .and_then(|value| serde_dynamo::from_attribute_value::<_, serde_json::Value>(value).ok())
        .map_or(0, |value| crate::counters::clamp(&value))
}

fn totals_of(item: &Item) -> Totals {
    let subscriptions = item
        .keys()
        .filter_map(|name| Some((SubscriptionSlot::parse(name)?, counter(item, name))))
        .filter(|(_, count)| *count > 0)
        .collect();
    Totals { users: counter(item, "users"), confirmed: counter(item, "confirmed"), subscriptions }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plans() -> Vec<Plan> {
        domain::plans::plans(&domain::plans::PlanPrices { standard: "p1", pro: "p2" })
    }

    #[test]
    fn a_subscription_counts_under_its_status_and_plan_key() {
        let plans = plans();
        assert_eq!(SubscriptionSlot::new("active", Some("RaiseSpark Pro"), &plans), SubscriptionSlot { status: "active".into(), plan: "pro".into() });
        assert_eq!(SubscriptionSlot::new("trialing", Some("standard"), &plans).plan, "standard");
        assert_eq!(SubscriptionSlot::new("past_due", Some("Gold"), &plans).plan, OTHER_PLAN);
        assert_eq!(SubscriptionSlot::new("active", None, &plans).plan, OTHER_PLAN);
        // Whatever Stripe sends, the attribute name stays tame.
        assert_eq!(SubscriptionSlot::new("Weird#Status !", None, &plans).status, "weirdstatus");
        let slot = SubscriptionSlot::new("past_due", Some("RaiseSpark"), &plans);
        assert_eq!(slot.attribute(), "sub#past_due#standard");
        assert_eq!(SubscriptionSlot::parse(&slot.attribute()), Some(slot));
    }

    #[test]
    fn a_row_without_a_status_holds_no_subscription() {
        let plans = plans();
        let claim_only: Item = HashMap::from([("user_id".to_owned(), AttributeValue::S("u".into()))]);
        assert_eq!(SubscriptionSlot::of_row(&claim_only, &plans), None);
        let row: Item = HashMap::from([
            ("status".to_owned(), AttributeValue::S("trialing".into())),
            ("plan".to_owned(), AttributeValue::S("RaiseSpark".into())),
        ]);
        assert_eq!(SubscriptionSlot::of_row(&row, &plans), Some(SubscriptionSlot { status: "trialing".into(), plan: "standard".into() }));
    }

    #[test]
    fn stored_totals_read_leniently() {
        let item: Item = HashMap::from([
            ("id".to_owned(), AttributeValue::S(TOTALS.into())),
            ("users".to_owned(), AttributeValue::N("12".into())),
            ("confirmed".to_owned(), AttributeValue::S("many".into())),
            ("sub#active#pro".to_owned(), AttributeValue::N("3".into())),
            ("sub#active#standard".to_owned(), AttributeValue::N("-2".into())),
            ("sub#trialing#standard".to_owned(), AttributeValue::N("5".into())),
            ("sub#trialing#other".to_owned(), AttributeValue::N("1".into())),
        ]);
        let totals = totals_of(&item);
        assert_eq!((totals.users, totals.confirmed), (12, 0));
        assert_eq!(totals.in_status("active"), 3);
        assert_eq!(totals.in_status("trialing"), 6);
        assert_eq!(totals.on_plan("active", "pro"), 3);
        assert_eq!(totals.on_plan("active", "standard"), 0);
    }

    #[test]
    fn a_days_leads_spread_over_its_shards_and_a_lead_always_lands_on_the_same_one() {
        let keys: std::collections::HashSet<String> = (0..2_000).map(|n| lead_shard_key("2026-11-27", &format!("lead-{n}"))).collect();
        assert_eq!(keys.len(), LEAD_SHARDS as usize, "every shard is used");
        assert!(keys.iter().all(|key| key.starts_with("day#2026-11-27#")));
        let id = "3f2a8c1e-5b7d-4e9a-8c6f-1d2e3f4a5b6c";
        assert_eq!(lead_shard_key("2026-11-27", id), lead_shard_key("2026-11-27", id));
        // The busiest shard of 16,000 leads takes about a sixteenth of them, not all.
        let mut per_shard = HashMap::new();
        for _ in 0..16_000 {
            *per_shard.entry(lead_shard_key("d", &uuid::Uuid::new_v4().to_string())).or_insert(0) += 1;
        }
        assert!(per_shard.values().all(|count| *count < 1_300), "{per_shard:?}");
    }

    #[test]
    fn a_day_is_the_date_part_of_an_rfc3339_time() {
        assert_eq!(day_of("2026-03-09T23:59:59.999Z"), "2026-03-09");
        assert_eq!(day_key(&day_of("2026-11-22T10:15:30Z")), "day#2026-11-22");
        assert_eq!(day_of("yesterday"), date_string(crate::time::now().date()));
        assert_eq!(date_string(time::macros::date!(2026 - 01 - 05)), "2026-01-05");
    }
}
