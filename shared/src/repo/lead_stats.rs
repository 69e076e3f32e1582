//! Table `lead_stats` (key `owner_id` + `stat`): the founder's aggregates kept on write (see
//! [`crate::lead_stats`] for what a lead adds). Items hold `leads`, `amount` (whole dollars)
//! and, for source pages, `views`, plus a display `label`.
//!
//! Leads are added a batch at a time, once (`repo::lead_folds`), and a lead is taken off
//! inside the transaction that deletes it. Reads are two Queries of bounded size: the dimensions (`d#…`) and a range of
//! days (`t#…`).

use aws_sdk_dynamodb::{
    Client,
    types::{AttributeValue, TransactWriteItem, Update},
};
use serde::Deserialize;

use crate::{
    config::Tables,
    dynamo::{StoreError, from_item},
    lead_stats::{DIMENSION_PREFIX, Dimension, Facets, INSIGHTS_CACHE_KEY, OTHER, day_key, form_day_key, value_key},
};

use super::table::{Table, TxOutcome, built, transact};

pub use domain::lead_stats::Stat;

/// How an open dimension's value is counted in one attempt of a transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// Its item exists: add to it (condition: it exists).
    Known,
    /// New: register it (condition: fewer than the cap registered), then add.
    Register,
    /// The cap is reached: add to the dimension's [`OTHER`] item.
    Other,
}

impl Slot {
    /// What to try after this slot's condition failed.
    pub fn next(self) -> Self {
        match self {
            Self::Known => Self::Register,
            Self::Register | Self::Other => Self::Other,
        }
    }
}

/// A form's drop-off field item: `p#stop#<form id>#<field id>`.
fn stop_key(form_id: &str, field_id: &str) -> String {
    format!("p#stop#{form_id}#{field_id}")
}

/// Most hosts remembered per form ([`LeadStatsRepo::add_form_host`]).
pub const FORM_HOSTS_CAP: usize = 50;

/// The set of hosts a form was seen embedded on: `f#hosts#<form id>`.
fn form_hosts_key(form_id: &str) -> String {
    format!("f#hosts#{form_id}")
}

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

fn n(value: i64) -> AttributeValue {
    AttributeValue::N(value.to_string())
}

/// What one counting transaction adds: its items, the keys they add to (kept on the lead),
/// and which item carries which open dimension's condition.
#[derive(Default)]
pub struct Planned {
    pub items: Vec<TransactWriteItem>,
    pub keys: Vec<String>,
    pub conditions: Vec<(usize, Dimension)>,
}

/// What an update adds to an item.
#[derive(Clone, Copy)]
pub enum Adds {
    /// A lead (or, negative, taking one off) with its amount; `hot` is 1 for a hot lead.
    Lead { sign: i64, amount: i64, hot: i64 },
    /// A lead's move into (1) or out of (-1) hot.
    Hot(i64),
    /// A visitor's first view (of the day) of a form.
    View,
    /// A visitor's first interaction (of the day) with a form.
    Start,
}

impl Adds {
    fn expression(self) -> (&'static str, Vec<(&'static str, AttributeValue)>) {
        match self {
            Self::Lead { sign, amount, hot } => ("ADD leads :leads, amount :amount, hot :hot", vec![(":leads", n(sign)), (":amount", n(sign * amount)), (":hot", n(sign * hot))]),
            Self::Hot(by) => ("ADD hot :hot", vec![(":hot", n(by))]),
            Self::View => ("ADD #views :one", vec![(":one", n(1))]),
            Self::Start => ("ADD starts :one", vec![(":one", n(1))]),
        }
    }
}

pub struct Planner<'a> {
    pub table: &'a str,
    pub owner_id: &'a str,
    /// Where in the whole transaction this planner's first item goes.
    pub offset: usize,
    pub planned: Planned,
}

impl<'a> Planner<'a> {
    pub fn new(table: &'a str, owner_id: &'a str, offset: usize) -> Self {
        Self { table, owner_id, offset, planned: Planned::default() }
    }

    fn update(&self, stat: &str, adds: Adds, label: Option<&str>, condition: Option<&str>) -> Result<TransactWriteItem, StoreError> {
        let (add, values) = adds.expression();
        // A founder's day item also carries its day in `digest_day`, the key of the sparse
        // `by_digest_day` index the vault's daily digest reads (who had leads that day).
        let digest_day = stat.strip_prefix("t#day#").filter(|_| matches!(adds, Adds::Lead { sign: 1, .. }));
        let expression = match (label, digest_day) {
            (Some(_), _) => format!("SET label = if_not_exists(label, :label) {add}"),
            (None, Some(_)) => format!("SET digest_day = :digest_day {add}"),
            (None, None) => add.to_owned(),
        };
        let mut builder = Update::builder()
            .table_name(self.table)
            .key("owner_id", s(self.owner_id))
            .key("stat", s(stat))
            .update_expression(expression)
            .set_expression_attribute_values(Some(values.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()));
        if matches!(adds, Adds::View) {
            builder = builder.expression_attribute_names("#views", "views");
        }
        if let Some(label) = label {
            builder = builder.expression_attribute_values(":label", s(label));
        } else if let Some(day) = digest_day {
            builder = builder.expression_attribute_values(":digest_day", s(day));
        }
        if let Some(condition) = condition {
            builder = builder.condition_expression(condition).expression_attribute_names("#stat", "stat");
        }
        Ok(TransactWriteItem::builder().update(built(builder.build())?).build())
    }

    fn push(&mut self, item: TransactWriteItem) -> usize {
        self.planned.items.push(item);
        self.offset + self.planned.items.len() - 1
    }

    /// Adds to a closed dimension's value or a day.
    pub fn plain(&mut self, stat: String, adds: Adds, label: Option<&str>) -> Result<(), StoreError> {
        let item = self.update(&stat, adds, label, None)?;
        self.push(item);
        self.planned.keys.push(stat);
        Ok(())
    }

    /// Adds to an open dimension's value the way `slot` says; a new value registers while
    /// fewer than `cap` are. Registering requires that the value has no item yet (two first
    /// visits of one value register it once).
    pub fn open(&mut self, dimension: Dimension, value: &str, adds: Adds, slot: Slot, cap: u64) -> Result<(), StoreError> {
        let stat = match slot {
            Slot::Other => dimension.key(OTHER),
            _ => dimension.key(&value_key(value)),
        };
        match slot {
            Slot::Known => {
                let item = self.update(&stat, adds, None, Some("attribute_exists(#stat)"))?;
                let index = self.push(item);
                self.planned.conditions.push((index, dimension));
            }
            Slot::Register => {
                let registry = built(
                    Update::builder()
                        .table_name(self.table)
                        .key("owner_id", s(self.owner_id))
                        .key("stat", s(&dimension.registry_key()))
                        .update_expression("ADD distinct_values :one")
                        .condition_expression("attribute_not_exists(distinct_values) OR distinct_values < :cap")
                        .expression_attribute_values(":one", n(1))
                        .expression_attribute_values(":cap", AttributeValue::N(cap.to_string()))
                        .build(),
                )?;
                let index = self.push(TransactWriteItem::builder().update(registry).build());
                self.planned.conditions.push((index, dimension));
                let item = self.update(&stat, adds, Some(value), Some("attribute_not_exists(#stat)"))?;
                let index = self.push(item);
                self.planned.conditions.push((index, dimension));
            }
            Slot::Other => {
                let item = self.update(&stat, adds, Some("Other"), None)?;
                self.push(item);
            }
        }
        self.planned.keys.push(stat);
        Ok(())
    }
}

/// The updates that take a deleted lead off the items it was added to.
pub fn take_off(table: &str, owner_id: &str, keys: &[String], amount: u64, hot: bool) -> Result<Vec<TransactWriteItem>, StoreError> {
    moves(table, owner_id, keys, Adds::Lead { sign: -1, amount: amount as i64, hot: i64::from(hot) })
}

/// The updates that move a counted lead into (`by` 1) or out of (-1) the hot leads of the
/// items it was added to.
pub fn move_hot(table: &str, owner_id: &str, keys: &[String], by: i64) -> Result<Vec<TransactWriteItem>, StoreError> {
    moves(table, owner_id, keys, Adds::Hot(by))
}

fn moves(table: &str, owner_id: &str, keys: &[String], adds: Adds) -> Result<Vec<TransactWriteItem>, StoreError> {
    let planner = Planner::new(table, owner_id, 0);
    keys.iter()
        .filter(|key| key.starts_with(DIMENSION_PREFIX) || key.starts_with("t#"))
        .map(|key| planner.update(key, adds, None, None))
        .collect()
}

/// Table `lead_stats`: `state.lead_stats()`.
#[derive(Clone, Copy)]
pub struct LeadStatsRepo<'a> {
    table: Table<'a>,
}

impl<'a> LeadStatsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.lead_stats),
        }
    }

    async fn query(self, owner_id: &str, condition: &str, values: &[(&str, &str)]) -> Result<Vec<Stat>, StoreError> {
        let mut request = self.table.query()
            .key_condition_expression(condition)
            .expression_attribute_names("#stat", "stat")
            .expression_attribute_values(":owner", s(owner_id));
        for (name, value) in values {
            request = request.expression_attribute_values(*name, s(value));
        }
        Ok(crate::repo::query_all_as(request).await?)
    }

    /// Every dimension item of a founder: bounded by the caps, whatever the number of leads.
    pub async fn dimensions(self, owner_id: &str) -> Result<Vec<Stat>, StoreError> {
        self.query(owner_id, "owner_id = :owner AND begins_with(#stat, :prefix)", &[(":prefix", DIMENSION_PREFIX)]).await
    }

    /// Leads per day from `from` to `to` (inclusive, `YYYY-MM-DD`), of one form or all; days
    /// without leads have no item.
    pub async fn days(self, owner_id: &str, form_id: Option<&str>, from: &str, to: &str) -> Result<Vec<Stat>, StoreError> {
        let (low, high) = match form_id {
            Some(form) => (form_day_key(form, from), form_day_key(form, to)),
            None => (day_key(from), day_key(to)),
        };
        self.query(owner_id, "owner_id = :owner AND #stat BETWEEN :low AND :high", &[(":low", &low), (":high", &high)]).await
    }

    /// The founders who had a lead counted on `day` (the sparse `by_digest_day` index).
    pub async fn owners_with_leads_on(self, day: &str) -> Result<Vec<String>, StoreError> {
        let query = self.table.query().index_name("by_digest_day").key_condition_expression("digest_day = :day").expression_attribute_values(":day", s(day));
        let mut owners = Vec::new();
        for item in crate::repo::query_all(query).await? {
            if let Some(AttributeValue::S(owner)) = item.get("owner_id") {
                owners.push(owner.clone());
            }
        }
        Ok(owners)
    }

    /// Counts a visitor's first view or start of the day (`adds` is [`Adds::View`] or
    /// [`Adds::Start`]) in each source dimension the visit has a value for (the embedding
    /// page's host, the source, the campaign, the page), and a start in its form's item too.
    /// Each is its own small write (the open dimensions register a value up to their cap, the
    /// rest count as Other), best effort: a dimension that cannot be counted is logged.
    pub async fn count_visit(self, owner_id: &str, form_id: &str, facets: &Facets, adds: Adds) -> Result<(), StoreError> {
        let host = async {
            match (adds, facets.host.as_deref()) {
                (Adds::View, Some(host)) => self.add_form_host(owner_id, form_id, host).await,
                _ => Ok(()),
            }
        };
        let form = async {
            if !matches!(adds, Adds::Start) {
                return Ok(());
            }
            self.add_to(owner_id, &Dimension::Form.key(form_id), adds, None).await.map(drop)
        };
        // Each source dimension at once: the ping waits for the slowest write, not their sum.
        let dimensions = facets.values().into_iter().filter(|(dimension, _)| Dimension::VISITS.contains(dimension)).map(|(dimension, value)| async move {
            if let Err(err) = self.count_open(owner_id, dimension, value, adds).await {
                tracing::warn!(form_id, dimension = dimension.name(), error = %err, "visit not counted");
            }
        });
        let (host, form, _) = tokio::join!(host, form, futures::future::join_all(dimensions));
        host.and(form)
    }

    /// One update of an item (a plain UpdateItem, no transaction); with `condition`, `Ok(false)`
    /// when it does not hold.
    async fn add_to(self, owner_id: &str, stat: &str, adds: Adds, condition: Option<&str>) -> Result<bool, StoreError> {
        let (add, values) = adds.expression();
        let mut request = self.table.update()
            .key("owner_id", s(owner_id))
            .key("stat", s(stat))
            .update_expression(add)
            .set_expression_attribute_values(Some(values.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()));
        if matches!(adds, Adds::View) {
            request = request.expression_attribute_names("#views", "views");
        }
        if let Some(condition) = condition {
            request = request.condition_expression(condition).expression_attribute_names("#stat", "stat");
        }
        crate::dynamo::applied(request.send().await)
    }

    async fn count_open(self, owner_id: &str, dimension: Dimension, value: &str, adds: Adds) -> Result<(), StoreError> {
        let known = dimension.key(&value_key(value));
        // Most visits come from a known value: one conditional UpdateItem.
        if self.add_to(owner_id, &known, adds, Some("attribute_exists(#stat)")).await? {
            return Ok(());
        }
        // A new value: anonymous visits may fill at most half a dimension's values, so the rest
        // stays for the values leads bring (a visitor can invent a source; a lead is a person).
        let cap = dimension.cap().map_or(u64::MAX, |cap| cap / 2);
        for slot in [Slot::Register, Slot::Other] {
            let mut planner = Planner::new(self.table.name(), owner_id, 0);
            planner.open(dimension, value, adds, slot, cap)?;
            match transact(self.table.client(), planner.planned.items).await? {
                TxOutcome::Done => return Ok(()),
                // Registered by another visit meanwhile: add to it.
                TxOutcome::ConditionFailed(_) if self.add_to(owner_id, &known, adds, Some("attribute_exists(#stat)")).await? => return Ok(()),
                // The registry is full: Other.
                TxOutcome::ConditionFailed(_) => {}
                TxOutcome::Conflict => return Err(StoreError::Unavailable),
            }
        }
        Err(StoreError::internal(anyhow::anyhow!("visit not counted in {}", dimension.name())))
    }

    /// Counts that a visitor left `form_id` after touching `field` last (once per visitor a
    /// day): `p#stop#<form id>#<field id>`, read with the form's funnel.
    pub async fn count_stop(self, owner_id: &str, form_id: &str, field_id: &str) -> Result<(), StoreError> {
        self.table.update()
            .key("owner_id", s(owner_id))
            .key("stat", s(&stop_key(form_id, field_id)))
            .update_expression("ADD stops :one")
            .expression_attribute_values(":one", n(1))
            .send()
            .await?;
        Ok(())
    }

    /// Where visitors of `form_id` stopped: each field's count (one Query of at most the form's
    /// fields).
    pub async fn stops(self, owner_id: &str, form_id: &str) -> Result<Vec<(String, u64)>, StoreError> {
        let prefix = stop_key(form_id, "");
        let request = self.table.query()
            .key_condition_expression("owner_id = :owner AND begins_with(#stat, :prefix)")
            .expression_attribute_names("#stat", "stat")
            .expression_attribute_values(":owner", s(owner_id))
            .expression_attribute_values(":prefix", s(&prefix));
        let items = super::query_all(request).await?;
        #[derive(Deserialize)]
        struct Stop {
            stat: String,
            #[serde(default, deserialize_with = "crate::counters::lenient")]
            stops: u64,
        }
        let stops: Vec<Stop> = items.into_iter().map(from_item).collect::<Result<_, _>>()?;
        Ok(stops.into_iter().filter_map(|stop| Some((stop.stat.strip_prefix(&prefix)?.to_owned(), stop.stops))).collect())
    }

    /// Remembers that `form_id` was seen embedded on `host` (a set per form, at most
    /// [`FORM_HOSTS_CAP`] hosts: invented referrers cannot grow it). Best effort, like the
    /// view it comes with; a full set is left as it is.
    pub async fn add_form_host(self, owner_id: &str, form_id: &str, host: &str) -> Result<(), StoreError> {
        let result = self.table.update()
            .key("owner_id", s(owner_id))
            .key("stat", s(&form_hosts_key(form_id)))
            .update_expression("ADD #hosts :host")
            .condition_expression("attribute_not_exists(#hosts) OR size(#hosts) < :cap OR contains(#hosts, :one)")
            .expression_attribute_names("#hosts", "hosts")
            .expression_attribute_values(":host", AttributeValue::Ss(vec![host.to_owned()]))
            .expression_attribute_values(":one", s(host))
            .expression_attribute_values(":cap", n(FORM_HOSTS_CAP as i64))
            .send()
            .await;
        crate::dynamo::applied(result).map(|_| ())
    }

    /// The hosts of the pages `form_id` was seen embedded on, sorted (a Query on the item's
    /// key: the functions that file forms may only query this table).
    pub async fn form_hosts(self, owner_id: &str, form_id: &str) -> Result<Vec<String>, StoreError> {
        let key = form_hosts_key(form_id);
        let request = self.table.query()
            .key_condition_expression("owner_id = :owner AND #stat = :key")
            .expression_attribute_names("#stat", "stat")
            .expression_attribute_values(":owner", s(owner_id))
            .expression_attribute_values(":key", s(&key));
        let mut hosts: Vec<String> = crate::repo::query_all(request)
            .await?
            .into_iter()
            .filter_map(|mut item| match item.remove("hosts") {
                Some(AttributeValue::Ss(hosts)) => Some(hosts),
                _ => None,
            })
            .flatten()
            .collect();
        hosts.sort();
        Ok(hosts)
    }

    pub async fn cached_insights(self, owner_id: &str) -> Result<Option<CachedInsights>, StoreError> {
        let output = self.table.get().key("owner_id", s(owner_id)).key("stat", s(INSIGHTS_CACHE_KEY)).send().await?;
        Ok(output.item.map(from_item::<CachedInsights>).transpose().ok().flatten())
    }

    pub async fn cache_insights(self, owner_id: &str, fingerprint: &str, body: &str, expires_at: i64) -> Result<(), StoreError> {
        self.table.put()
            .item("owner_id", s(owner_id))
            .item("stat", s(INSIGHTS_CACHE_KEY))
            .item("fingerprint", s(fingerprint))
            .item("body", s(body))
            .item("expires_at", n(expires_at))
            .send()
            .await?;
        Ok(())
    }
}

/// The cached phrasing of a founder's insights: what it was computed from and when.
#[derive(Debug, Clone, Deserialize)]
pub struct CachedInsights {
    pub fingerprint: String,
    pub body: String,
    /// Unix seconds.
    pub expires_at: i64,
}
