//! Table `vault_records` (key `owner_id` + `sk`): each founder's compliance records and the
//! head of their hash chain.
//!
//! - `head`: the chain's head (`seq`, `hash`) — advanced in the same transaction as each record
//!   is written, conditioned on the sequence it was read at, so two records written at once
//!   can never fork the chain (the second retries on the new head). It also carries `anchored`
//!   (records up to this one have their write-once anchor), `witness_due` (set by every record,
//!   the key of the sparse `witness_due` index the daily digest reads) and `witnessed` (the
//!   head last mailed to the founder).
//! - `r#0000000042`: the record with that sequence number (see [`crate::vault::Record`]).
//! - `id#<record id>`: where a record id points (its sequence number).
//! - `once#<key>`: a record that must exist at most once (a campaign, a legend, a day's
//!   digest, an upload), written in the same transaction.
//! - `sup#<record id>`: the newer record that superseded it.
//! - `upload#<id>`, `export#<id>`: an upload or an export pack in progress (TTL).
//!
//! Files are written to the vault bucket before their record (`records/<owner>/<id>/<name>`),
//! the record's anchors right after it (`chain/<owner>/…`, see [`crate::vault`]); nothing is
//! ever updated or deleted, and the functions' roles hold no DeleteItem on this table.

use std::{collections::HashMap, ops::ControlFlow};

use aws_sdk_dynamodb::{
    Client,
    types::{AttributeValue, ConditionCheck, Put, TransactWriteItem, Update},
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{
    config::Tables,
    time::Clock,
    dynamo::{Item, StoreError, from_item, to_item},
    storage::Storage,
    vault::{Actor, Anchors, Category, ChainHead, FileRef, GENESIS, Kind, Record, anchor_prefix, head_anchor, head_anchor_key, parse_anchor_key, record_anchor_key},
};

use super::table::{Table, TxOutcome, built, transact};

/// `witness_due` of a head whose newest records the founder has not been mailed yet.
const WITNESS_DUE: &str = "due";

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

fn n(value: u64) -> AttributeValue {
    AttributeValue::N(value.to_string())
}

pub fn record_key(seq: u64) -> String {
    format!("r#{seq:010}")
}

/// A file the product generated, to be kept with a new record.
#[derive(Debug, Clone)]
pub struct NewFile {
    pub name: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

impl NewFile {
    pub fn new(name: &str, content_type: &str, bytes: impl Into<Vec<u8>>) -> Self {
        Self { name: name.to_owned(), content_type: content_type.to_owned(), bytes: bytes.into() }
    }
}

/// A record to append.
#[derive(Debug, Clone)]
pub struct NewRecord {
    pub kind: Kind,
    pub category: Category,
    pub title: String,
    pub notes: String,
    pub actor: Actor,
    pub meta: Value,
    pub supersedes: Option<String>,
    /// Appended only if no record was made under this key before (`campaign#<id>`…).
    pub once: Option<String>,
    /// Files to write into the vault now.
    pub files: Vec<NewFile>,
    /// Files already in the vault (an upload copied in), in order after `files`.
    pub stored: Vec<FileRef>,
    /// The id to use (uploads choose theirs before copying their file).
    pub id: Option<String>,
}

impl NewRecord {
    pub fn new(kind: Kind, category: Category, title: impl Into<String>, actor: Actor) -> Self {
        Self {
            kind,
            category,
            title: title.into(),
            notes: String::new(),
            actor,
            meta: Value::Object(Default::default()),
            supersedes: None,
            once: None,
            files: Vec::new(),
            stored: Vec::new(),
            id: None,
        }
    }
}

/// Where a new record's files go.
pub fn object_key(owner_id: &str, record_id: &str, name: &str) -> String {
    format!("records/{owner_id}/{record_id}/{name}")
}

#[derive(Debug, Deserialize)]
struct Head {
    #[serde(default)]
    seq: u64,
    #[serde(default)]
    hash: Option<String>,
    #[serde(default)]
    anchored: u64,
    #[serde(default)]
    witnessed: u64,
}

/// The head item as kept: the chain's head, how far it is anchored, what was last mailed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadState {
    pub head: ChainHead,
    /// Records `1..=anchored` have their anchors in the vault bucket.
    pub anchored: u64,
    /// The head sequence number last mailed to the founder (the digest's witness).
    pub witnessed: u64,
}

/// Table `vault_records` and the vault bucket its records' files and anchors go to:
/// Why a record was not filed or read.
#[derive(Debug, thiserror::Error)]
pub enum VaultError {
    /// The record to supersede is not one of the founder's; nothing was filed.
    #[error("the record to supersede is not one of the founder's")]
    UnknownRecord,
    /// No such record of the founder's (another founder's included).
    #[error("record not found")]
    NotFound,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The vault's files failed (S3): a storage failure like any other, its cause logged.
impl From<crate::storage::StorageError> for StoreError {
    fn from(err: crate::storage::StorageError) -> Self {
        Self::internal(err)
    }
}

/// `state.vault()`.
#[derive(Clone, Copy)]
pub struct VaultRepo<'a> {
    table: Table<'a>,
    storage: Option<&'a Storage>,
    clock: &'a Clock,
}

impl<'a> VaultRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables, storage: Option<&'a Storage>, clock: &'a Clock) -> Self {
        Self { table: Table::new(client, &tables.vault_records), storage, clock }
    }

    /// The vault of the functions that declared it.
    pub fn storage(self) -> Result<&'a Storage, StoreError> {
        self.storage.ok_or_else(|| StoreError::internal(anyhow::anyhow!("this function did not declare the vault")))
    }

    async fn head_state(self, owner_id: &str) -> Result<HeadState, StoreError> {
        let output = self.table.get().key("owner_id", s(owner_id)).key("sk", s("head")).consistent_read(true).send().await?;
        let head: Option<Head> = output.item.map(from_item).transpose()?;
        Ok(match head {
            Some(h) => HeadState { head: ChainHead { seq: h.seq, hash: h.hash.unwrap_or_else(|| GENESIS.to_owned()) }, anchored: h.anchored, witnessed: h.witnessed },
            None => HeadState { head: ChainHead::genesis(), anchored: 0, witnessed: 0 },
        })
    }

    async fn head(self, owner_id: &str) -> Result<(u64, String), StoreError> {
        let state = self.head_state(owner_id).await?;
        Ok((state.head.seq, state.head.hash))
    }

    /// The founder's head item (a consistent read).
    pub async fn head_of(self, owner_id: &str) -> Result<HeadState, StoreError> {
        self.head_state(owner_id).await
    }

    async fn exists(self, owner_id: &str, sk: &str) -> Result<bool, StoreError> {
        let output = self.table.get().key("owner_id", s(owner_id)).key("sk", s(sk)).consistent_read(true).projection_expression("sk").send().await?;
        Ok(output.item.is_some())
    }

    /// Appends a record to the founder's chain: its files into the vault first, then the record
    /// and the new head in one transaction. Returns `None` if `once` was already used.
    #[tracing::instrument(skip(self, new), fields(kind = new.kind.as_str()))]
    pub async fn append(self, owner_id: &str, new: NewRecord) -> Result<Option<Record>, VaultError> {
        if let Some(once) = &new.once
            && self.exists(owner_id, &format!("once#{once}")).await?
        {
            return Ok(None);
        }
        let id = new.id.clone().unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
        let mut files = Vec::with_capacity(new.files.len() + new.stored.len());
        if !new.files.is_empty() {
            let storage = self.storage()?;
            for file in &new.files {
                let stored = storage.put(&object_key(owner_id, &id, &file.name), file.bytes.clone(), &file.content_type).await.map_err(StoreError::from)?;
                files.push(FileRef { name: file.name.clone(), content_type: file.content_type.clone(), size: stored.size, sha256: stored.sha256, key: stored.key, version_id: stored.version_id });
            }
        }
        files.extend(new.stored.iter().cloned());
        let content_sha256 = files.first().map(|f| f.sha256.clone()).unwrap_or_else(|| crate::crypto::sha256_hex(b""));
        let created_at = self.clock.now_iso();
        for attempt in 0..40u32 {
            let (seq, prev_hash) = self.head(owner_id).await?;
            let record = Record {
                id: id.clone(),
                seq: seq + 1,
                owner_id: owner_id.to_owned(),
                kind: new.kind,
                category: new.category,
                title: new.title.clone(),
                notes: new.notes.clone(),
                created_at: created_at.clone(),
                actor: new.actor.clone(),
                files: files.clone(),
                content_sha256: content_sha256.clone(),
                meta: new.meta.clone(),
                supersedes: new.supersedes.clone(),
                prev_hash,
                hash: String::new(),
            }
            .seal();
            let mut items = vec![
                TransactWriteItem::builder()
                    .put(built(Put::builder().table_name(self.table.name()).set_item(Some(record_item(&record)?)).condition_expression("attribute_not_exists(sk)").build())?)
                    .build(),
                TransactWriteItem::builder()
                    .put(built(
                        Put::builder()
                            .table_name(self.table.name())
                            .item("owner_id", s(owner_id))
                            .item("sk", s(&format!("id#{id}")))
                            .item("seq", n(record.seq))
                            .condition_expression("attribute_not_exists(sk)")
                            .build(),
                    )?)
                    .build(),
                TransactWriteItem::builder()
                    .update(built(
                        Update::builder()
                            .table_name(self.table.name())
                            .key("owner_id", s(owner_id))
                            .key("sk", s("head"))
                            .update_expression("SET seq = :seq, #hash = :hash, updated_at = :now, witness_due = :due")
                            .condition_expression(if seq == 0 { "attribute_not_exists(sk)" } else { "seq = :prev" })
                            .expression_attribute_names("#hash", "hash")
                            .set_expression_attribute_values(Some({
                                let mut values = HashMap::from([
                                    (":seq".to_owned(), n(record.seq)),
                                    (":hash".to_owned(), s(&record.hash)),
                                    (":now".to_owned(), s(&created_at)),
                                    (":due".to_owned(), s(WITNESS_DUE)),
                                ]);
                                if seq > 0 {
                                    values.insert(":prev".to_owned(), n(seq));
                                }
                                values
                            }))
                            .build(),
                    )?)
                    .build(),
            ];
            let once_index = new.once.as_ref().map(|once| {
                items.push(
                    TransactWriteItem::builder()
                        .put(
                            Put::builder()
                                .table_name(self.table.name())
                                .item("owner_id", s(owner_id))
                                .item("sk", s(&format!("once#{once}")))
                                .item("record_id", s(&id))
                                .condition_expression("attribute_not_exists(sk)")
                                .build()
                                .expect("table, item and condition are set"),
                        )
                        .build(),
                );
                items.len() - 1
            });
            if let Some(old) = &new.supersedes {
                items.push(
                    TransactWriteItem::builder()
                        .condition_check(built(
                            ConditionCheck::builder()
                                .table_name(self.table.name())
                                .key("owner_id", s(owner_id))
                                .key("sk", s(&format!("id#{old}")))
                                .condition_expression("attribute_exists(sk)")
                                .build(),
                        )?)
                        .build(),
                );
                items.push(
                    TransactWriteItem::builder()
                        .put(built(
                            Put::builder()
                                .table_name(self.table.name())
                                .item("owner_id", s(owner_id))
                                .item("sk", s(&format!("sup#{old}")))
                                .item("superseded_by", s(&id))
                                .item("superseded_at", s(&created_at))
                                .build(),
                        )?)
                        .build(),
                );
            }
            let written = items.len();
            match transact(self.table.client(), items).await? {
                TxOutcome::Done => {
                    // The record is filed; its anchors follow. Should they fail, the next record
                    // (or the daily digest) writes them: the record is never lost for it.
                    if let Err(err) = self.anchor_pending(owner_id).await {
                        tracing::error!(owner_id, seq = record.seq, error = %err, "vault record filed but not yet anchored");
                    }
                    return Ok(Some(record));
                }
                outcome => {
                    let failed = |index: usize| matches!(&outcome, TxOutcome::ConditionFailed(failed) if failed.contains(&index));
                    if once_index.is_some_and(failed) {
                        return Ok(None);
                    }
                    if new.supersedes.is_some() && failed(written.saturating_sub(2)) {
                        return Err(VaultError::UnknownRecord);
                    }
                    // Another record took this sequence number: read the new head and try again.
                    let jitter = rand::random::<u64>() % (5 + 5 * u64::from(attempt.min(10)));
                    tokio::time::sleep(std::time::Duration::from_millis(jitter)).await;
                }
            }
        }
        Err(StoreError::Unavailable.into())
    }

    /// One record of the founder's, by id ([`VaultError::NotFound`] for anyone else's).
    pub async fn get(self, owner_id: &str, id: &str) -> Result<Record, VaultError> {
        let not_found = || VaultError::NotFound;
        if uuid::Uuid::parse_str(id).is_err() {
            return Err(not_found());
        }
        let output = self.table.get().key("owner_id", s(owner_id)).key("sk", s(&format!("id#{id}"))).consistent_read(true).send().await.map_err(StoreError::from)?;
        let seq = match output.item.as_ref().and_then(|item| item.get("seq")) {
            Some(AttributeValue::N(seq)) => seq.parse::<u64>().map_err(|_| not_found())?,
            _ => return Err(not_found()),
        };
        let output = self.table.get().key("owner_id", s(owner_id)).key("sk", s(&record_key(seq))).consistent_read(true).send().await.map_err(StoreError::from)?;
        output.item.map(read_record).transpose()?.ok_or_else(not_found)
    }

    /// The newer record that superseded this one, if any.
    pub async fn superseded_by(self, owner_id: &str, id: &str) -> Result<Option<String>, StoreError> {
        let output = self.table.get()
            .key("owner_id", s(owner_id))
            .key("sk", s(&format!("sup#{id}")))
            .send()
            .await?;
        Ok(output.item.and_then(|item| match item.get("superseded_by") {
            Some(AttributeValue::S(id)) => Some(id.clone()),
            _ => None,
        }))
    }

    /// Every item of the founder under a key prefix (`r#`, `sup#`), in key order.
    async fn items_under(self, owner_id: &str, prefix: &str) -> Result<Vec<Item>, StoreError> {
        let query = self.table.query()
            .key_condition_expression("owner_id = :owner AND begins_with(sk, :prefix)")
            .expression_attribute_values(":owner", s(owner_id))
            .expression_attribute_values(":prefix", s(prefix))
            .consistent_read(true);
        Ok(crate::repo::query_all(query).await?)
    }

    /// Every record id that has been superseded, with the newer one.
    pub async fn supersessions(self, owner_id: &str) -> Result<HashMap<String, String>, StoreError> {
        Ok(self.items_under(owner_id, "sup#")
            .await?
            .into_iter()
            .filter_map(|item| match (item.get("sk"), item.get("superseded_by")) {
                (Some(AttributeValue::S(sk)), Some(AttributeValue::S(by))) => Some((sk.trim_start_matches("sup#").to_owned(), by.clone())),
                _ => None,
            })
            .collect())
    }

    /// A page of records, newest first, filled up to `limit` across DynamoDB pages; `next` is
    /// the sequence number to continue below.
    pub async fn page(self, owner_id: &str, filter: &Filter, before: Option<u64>, limit: usize) -> Result<(Vec<Record>, Option<u64>), StoreError> {
        let upper = before.map(record_key).unwrap_or_else(|| "r#~".to_owned());
        let mut conditions = Vec::new();
        let mut values: HashMap<String, AttributeValue> =
            HashMap::from([(":owner".to_owned(), s(owner_id)), (":low".to_owned(), s("r#")), (":high".to_owned(), s(&upper))]);
        let mut names = HashMap::new();
        if let Some(kind) = filter.kind {
            conditions.push("#kind = :kind");
            names.insert("#kind".to_owned(), "kind".to_owned());
            values.insert(":kind".into(), s(kind.as_str()));
        }
        if let Some(category) = filter.category {
            conditions.push("category = :category");
            values.insert(":category".into(), s(category.as_str()));
        }
        if let Some(from) = &filter.from {
            conditions.push("created_at >= :from");
            values.insert(":from".into(), s(from));
        }
        if let Some(to) = &filter.to {
            conditions.push("created_at < :to");
            values.insert(":to".into(), s(&format!("{to}~")));
        }
        let words: Vec<String> = filter.q.as_deref().unwrap_or_default().to_lowercase().split_whitespace().take(8).map(str::to_owned).collect();
        let word_conditions: Vec<String> = (0..words.len()).map(|i| format!("contains(title_search, :w{i})")).collect();
        for (i, word) in words.iter().enumerate() {
            values.insert(format!(":w{i}"), s(word));
        }
        let mut all_conditions: Vec<String> = conditions.iter().map(|c| (*c).to_owned()).collect();
        all_conditions.extend(word_conditions);
        let filter_expression = (!all_conditions.is_empty()).then(|| all_conditions.join(" AND "));
        let query = self.table.query()
            .key_condition_expression("owner_id = :owner AND sk BETWEEN :low AND :high")
            .set_filter_expression(filter_expression)
            .set_expression_attribute_values(Some(values))
            .set_expression_attribute_names((!names.is_empty()).then_some(names))
            .scan_index_forward(false)
            .limit(200);
        let mut records = Vec::new();
        let filled = crate::repo::query_until(query, |item| {
            let record = read_record(item)?;
            if before.is_some_and(|b| record.seq >= b) {
                return Ok::<_, StoreError>(ControlFlow::Continue(()));
            }
            records.push(record);
            Ok(if records.len() == limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) })
        })
        .await?;
        let next = if filled { records.last().map(|r| r.seq).filter(|seq| *seq > 1) } else { None };
        Ok((records, next))
    }

    /// Every record of the founder in chain order (oldest first).
    pub async fn chain(self, owner_id: &str) -> Result<Vec<Record>, StoreError> {
        self.items_under(owner_id, "r#").await?.into_iter().map(read_record).collect()
    }

    /// The record made under a `once` key, if any.
    pub async fn once_record(self, owner_id: &str, once: &str) -> Result<Option<String>, StoreError> {
        let output = self.table.get()
            .key("owner_id", s(owner_id))
            .key("sk", s(&format!("once#{once}")))
            .consistent_read(true)
            .send()
            .await?;
        Ok(output.item.and_then(|item| match item.get("record_id") {
            Some(AttributeValue::S(id)) => Some(id.clone()),
            _ => None,
        }))
    }

    /// The founder's records with sequence numbers `from..=to`, in order.
    async fn records_between(self, owner_id: &str, from: u64, to: u64) -> Result<Vec<Record>, StoreError> {
        let items = self.table.query()
            .key_condition_expression("owner_id = :owner AND sk BETWEEN :from AND :to")
            .expression_attribute_values(":owner", s(owner_id))
            .expression_attribute_values(":from", s(&record_key(from)))
            .expression_attribute_values(":to", s(&record_key(to)))
            .consistent_read(true)
            .into_paginator()
            .items()
            .send()
            .try_collect()
            .await?;
        items.into_iter().map(read_record).collect()
    }

    /// Writes the anchors of every record filed since the last anchored one, in order (normally
    /// the one filed a moment ago; after a failed write, or for a vault from before anchoring,
    /// all of them), then moves the head's `anchored` mark forward. Anchoring stops at a gap or
    /// at a record that does not give its own hash: what is anchored is never a broken record.
    /// Answers how far the chain is anchored.
    #[tracing::instrument(skip(self))]
    pub async fn anchor_pending(self, owner_id: &str) -> Result<u64, StoreError> {
        let kept = self.head_state(owner_id).await?;
        if kept.anchored >= kept.head.seq {
            return Ok(kept.anchored);
        }
        let storage = self.storage()?;
        let mut anchored = kept.anchored;
        for record in self.records_between(owner_id, kept.anchored + 1, kept.head.seq).await? {
            if record.seq != anchored + 1 || record.compute_hash() != record.hash {
                tracing::error!(owner_id, seq = record.seq, "a vault record cannot be anchored: verification will name it");
                break;
            }
            let head = ChainHead { seq: record.seq, hash: record.hash.clone() };
            storage.put_once(&record_anchor_key(owner_id, record.seq), record.canonical().into_bytes(), "application/json").await?;
            storage.put_once(&head_anchor_key(owner_id, record.seq), head_anchor(owner_id, &head).into_bytes(), "application/json").await?;
            anchored = record.seq;
        }
        if anchored > kept.anchored {
            let result = self.table.update()
                .key("owner_id", s(owner_id))
                .key("sk", s("head"))
                .update_expression("SET anchored = :anchored")
                .condition_expression("attribute_exists(sk) AND (attribute_not_exists(anchored) OR anchored < :anchored)")
                .expression_attribute_values(":anchored", n(anchored))
                .send()
                .await;
            // Another writer anchored as far or further: fine.
            crate::dynamo::applied(result)?;
        }
        Ok(anchored)
    }

    /// What the vault bucket holds for the founder's chain: the first version of every record
    /// anchor (and whether a later version differs), which heads are anchored, and the first
    /// version of the head anchors at `table_head` and at the last anchored head.
    pub async fn anchors(self, owner_id: &str, table_head: u64) -> Result<Anchors, StoreError> {
        use futures::StreamExt;
        let storage = self.storage()?;
        let mut by_key: std::collections::BTreeMap<String, Vec<crate::storage::ObjectVersion>> = Default::default();
        for version in storage.versions(&anchor_prefix(owner_id)).await? {
            by_key.entry(version.key.clone()).or_default().push(version);
        }
        let mut anchors = Anchors::default();
        let mut reads = Vec::new();
        for (key, mut versions) in by_key {
            let Some((is_head, seq)) = parse_anchor_key(owner_id, &key) else { continue };
            // S3 lists a key's versions newest first: the first written is the oldest.
            versions.reverse();
            versions.sort_by_key(|v| v.last_modified);
            if is_head {
                anchors.last_head = anchors.last_head.max(seq);
            }
            reads.push((is_head, seq, key, versions));
        }
        let last_head = anchors.last_head;
        let reads = reads.into_iter().filter(|(is_head, seq, _, _)| !is_head || *seq == table_head || *seq == last_head);
        let results = futures::stream::iter(reads)
            .map(|(is_head, seq, key, versions)| async move {
                let mut texts = Vec::with_capacity(versions.len());
                // Every version of a record anchor (normally one): a later one that differs is a write over it.
                let wanted = if is_head { &versions[..1] } else { &versions[..] };
                for version in wanted {
                    let bytes = storage.read(&key, version.version_id.as_deref()).await?.unwrap_or_default();
                    texts.push(String::from_utf8_lossy(&bytes).into_owned());
                }
                Ok::<_, StoreError>((is_head, seq, texts))
            })
            .buffer_unordered(ANCHOR_READS)
            .collect::<Vec<_>>()
            .await;
        for result in results {
            let (is_head, seq, texts) = result?;
            let Some(first) = texts.first().cloned() else { continue };
            if is_head {
                let head: Option<ChainHead> = serde_json::from_str(&first).ok();
                anchors.heads.insert(seq, head.map(|h| h.hash).unwrap_or_default());
            } else {
                if texts.iter().any(|t| *t != first) {
                    anchors.overwritten.insert(seq);
                }
                anchors.records.insert(seq, first);
            }
        }
        Ok(anchors)
    }

    /// The founders whose chain has records they have not been mailed (the sparse
    /// `witness_due` index).
    pub async fn due_witnesses(self) -> Result<Vec<String>, StoreError> {
        let items = self.table.query()
            .index_name("witness_due")
            .key_condition_expression("witness_due = :due")
            .expression_attribute_values(":due", s(WITNESS_DUE))
            .into_paginator()
            .items()
            .send()
            .try_collect()
            .await?;
        Ok(items
            .into_iter()
            .filter_map(|item| match item.get("owner_id") {
                Some(AttributeValue::S(owner)) => Some(owner.clone()),
                _ => None,
            })
            .collect())
    }

    /// Records that the founder was mailed the head `seq`: no longer due, unless a newer record
    /// arrived meanwhile (then the next digest mails that one).
    pub async fn mark_witnessed(self, owner_id: &str, seq: u64) -> Result<bool, StoreError> {
        let result = self.table.update()
            .key("owner_id", s(owner_id))
            .key("sk", s("head"))
            .update_expression("SET witnessed = :seq REMOVE witness_due")
            .condition_expression("seq = :seq")
            .expression_attribute_values(":seq", n(seq))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// The founder's records after `after`, up to `to`, at most `limit` of the newest.
    pub async fn records_since(self, owner_id: &str, after: u64, to: u64, limit: u64) -> Result<Vec<Record>, StoreError> {
        if to <= after {
            return Ok(Vec::new());
        }
        self.records_between(owner_id, (after + 1).max(to.saturating_sub(limit) + 1), to).await
    }

    /// How many records the founder has (the chain's head).
    pub async fn count(self, owner_id: &str) -> Result<u64, StoreError> {
        Ok(self.head(owner_id).await?.0)
    }

    pub async fn put_pending(self, pending: &Pending) -> Result<(), StoreError> {
        let mut item = to_item(pending)?;
        item.insert("data".into(), s(&pending.data.to_string()));
        // Never over anything already there (a record's key, say): pending ids are new UUIDs.
        self.table.put().set_item(Some(item)).condition_expression("attribute_not_exists(sk)").send().await?;
        Ok(())
    }

    /// A pending item that has not expired and was not taken (TTL deletes lazily, so expiry is
    /// checked here).
    pub async fn get_pending(self, owner_id: &str, sk: &str) -> Result<Option<Pending>, StoreError> {
        let output = self.table.get().key("owner_id", s(owner_id)).key("sk", s(sk)).consistent_read(true).send().await?;
        let Some(mut item) = output.item else { return Ok(None) };
        if item.contains_key("taken_at") {
            return Ok(None);
        }
        let data = match item.remove("data") {
            Some(AttributeValue::S(text)) => serde_json::from_str(&text).unwrap_or(Value::Null),
            _ => Value::Null,
        };
        item.insert("data".into(), AttributeValue::Null(true));
        let mut pending: Pending = from_item(item)?;
        pending.data = data;
        Ok((pending.expires_at > self.clock.unix()).then_some(pending))
    }

    /// Takes a pending item once (false if someone else did first). A conditional update, not a
    /// delete: the vault's functions hold no DeleteItem on the table (a record is never deleted),
    /// and TTL removes the taken item when it expires.
    pub async fn take_pending(self, owner_id: &str, sk: &str) -> Result<bool, StoreError> {
        let result = self.table.update()
            .key("owner_id", s(owner_id))
            .key("sk", s(sk))
            .update_expression("SET taken_at = :now")
            .condition_expression("attribute_exists(sk) AND attribute_not_exists(taken_at) AND expires_at > :unix")
            .expression_attribute_values(":now", s(&self.clock.now_iso()))
            .expression_attribute_values(":unix", AttributeValue::N(self.clock.unix().to_string()))
            .send()
            .await;
        crate::dynamo::applied(result)
    }
}

/// The stored item of a record: the record's fields, its key, a lower-case copy of its titles
/// for search, and `meta` as JSON text (so it reads back exactly as it was hashed).
fn record_item(record: &Record) -> Result<Item, StoreError> {
    let mut item = to_item(record)?;
    item.insert("sk".into(), s(&record_key(record.seq)));
    item.insert("meta".into(), s(&record.meta.to_string()));
    // Searched by the words it was filed under and by the title the vault shows.
    let shown = domain::vault::titles::display_title(record, 0);
    item.insert("title_search".into(), s(&format!("{} {}", record.title, shown).to_lowercase()));
    Ok(item)
}

fn read_record(mut item: Item) -> Result<Record, StoreError> {
    let meta = match item.remove("meta") {
        Some(AttributeValue::S(text)) => serde_json::from_str(&text).unwrap_or(Value::Null),
        _ => Value::Object(Default::default()),
    };
    item.remove("sk");
    item.remove("title_search");
    item.remove("owner_seq");
    let mut record: Record = from_item(item)?;
    record.meta = meta;
    Ok(record)
}

/// Filters of the records list.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Filter {
    pub kind: Option<Kind>,
    pub category: Option<Category>,
    /// Created on or after this day (`YYYY-MM-DD`).
    pub from: Option<String>,
    /// Created on or before this day.
    pub to: Option<String>,
    /// Words of the title (case-insensitive).
    pub q: Option<String>,
}

/// Anchor reads made at once while verifying.
const ANCHOR_READS: usize = 8;

/// A short-lived item under the founder (`upload#…`, `export#…`), expiring at `expires_at`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Pending {
    pub owner_id: String,
    pub sk: String,
    pub expires_at: i64,
    pub data: Value,
}
