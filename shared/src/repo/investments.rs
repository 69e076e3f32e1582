//! Table `investments` (key `company_id` + `sk`): a company's portal imports.
//!
//! - `import#<id>`: the job (status, progress, preview, result, who, when);
//! - `portal#<portal>`: the mapping remembered for the portal, and the applied import;
//! - `confirm#<portal>#<identity>`: a row the founder matched to a lead by hand;
//! - staged under an import: `row#<import>#<n>`, `lead#<import>#<lead>`, `total#<import>`.
//!
//! Staged items are written where nothing reads them; one transaction then names the import
//! on its portal item (if the portal still has the import the job started from), so an import
//! is applied whole or not at all, and a re-import replaces the one before instead of adding to
//! it.

use std::collections::HashMap;

use aws_sdk_dynamodb::types::{AttributeValue, TransactWriteItem, Update};
use serde::{Deserialize, Serialize};

use crate::{
    config::Tables,
    dynamo::{Client, Item, StoreError, applied, from_item, to_item},
    investments::{InvestorRow, Mapping, Match},
    invested::{LeadInvestment, Summary},
};

use super::table::{Table, TxOutcome, built, query_all, query_page, transact};

pub const UPLOADING: &str = "uploading";
pub const READING: &str = "reading";
pub const READY: &str = "ready";
pub const APPLYING: &str = "applying";
pub const APPLIED: &str = "applied";
pub const FAILED: &str = "failed";
/// An applied import a later one of the same portal replaced.
pub const REPLACED: &str = "replaced";

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

fn n(value: u64) -> AttributeValue {
    AttributeValue::N(value.to_string())
}

fn key(company_id: &str, sk: &str) -> Item {
    HashMap::from([("company_id".to_owned(), s(company_id)), ("sk".to_owned(), s(sk))])
}

fn keyed(company_id: &str, sk: String, mut item: Item) -> Item {
    item.insert("company_id".into(), s(company_id));
    item.insert("sk".into(), AttributeValue::S(sk));
    item
}

/// One import of a portal's investor export, from upload to applied.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ImportJob {
    pub company_id: String,
    /// `import#<id>`.
    pub sk: String,
    pub id: String,
    pub portal: String,
    pub file_name: String,
    pub size: u64,
    pub status: String,
    #[serde(default)]
    pub done: u64,
    #[serde(default)]
    pub total: u64,
    #[serde(default)]
    pub error: Option<String>,
    pub created_at: String,
    pub created_by: String,
    pub created_by_id: String,
    #[serde(default)]
    pub applied_at: Option<String>,
    /// The file's SHA-256, once read.
    #[serde(default)]
    pub sha256: Option<String>,
    #[serde(default)]
    pub mapping: Option<Mapping>,
    #[serde(default)]
    pub gmail_dots: bool,
    /// The preview, as JSON text (bounded lists).
    #[serde(default)]
    pub preview: Option<String>,
    /// What applying added up to, as JSON text.
    #[serde(default)]
    pub result: Option<String>,
    /// Rows the founder matched by hand for this import: identity → lead id.
    #[serde(default)]
    pub confirmed: HashMap<String, String>,
    /// The portal's applied import when this one started applying (it replaces that one).
    #[serde(default)]
    pub replaces: Option<String>,
    /// Where the uploaded file waits.
    pub upload_key: String,
}

impl ImportJob {
    pub fn sk_of(id: &str) -> String {
        format!("import#{id}")
    }
}

/// A portal's remembered mapping and its applied import.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PortalState {
    pub company_id: String,
    /// `portal#<portal>`.
    pub sk: String,
    pub portal: String,
    #[serde(default)]
    pub mapping: Option<Mapping>,
    #[serde(default)]
    pub gmail_dots: bool,
    #[serde(default)]
    pub active: Option<String>,
    #[serde(default)]
    pub applied_at: Option<String>,
}

/// A row as applied, with what it matched.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredRow {
    #[serde(flatten)]
    pub row: InvestorRow,
    pub matched: Match,
}

/// Table `investments`: `state.investments()`.
#[derive(Clone, Copy)]
pub struct InvestmentsRepo<'a> {
    table: Table<'a>,
}

impl<'a> InvestmentsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self { table: Table::new(client, &tables.investments) }
    }

    pub async fn create(self, job: &ImportJob) -> Result<bool, StoreError> {
        let put = self.table.put().set_item(Some(to_item(job)?)).condition_expression("attribute_not_exists(sk)").send().await;
        applied(put)
    }

    pub async fn get(self, company_id: &str, id: &str) -> Result<Option<ImportJob>, StoreError> {
        let output = self.table.get().set_key(Some(key(company_id, &ImportJob::sk_of(id)))).consistent_read(true).send().await?;
        output.item.map(from_item).transpose()
    }

    /// The company's imports, newest first (without their previews).
    pub async fn list(self, company_id: &str) -> Result<Vec<ImportJob>, StoreError> {
        let query = self.table.query()
            .key_condition_expression("company_id = :c AND begins_with(sk, :p)")
            .expression_attribute_values(":c", s(company_id))
            .expression_attribute_values(":p", s("import#"));
        let mut jobs: Vec<ImportJob> = query_all(query).await?.into_iter().map(from_item).collect::<Result<_, _>>()?;
        for job in &mut jobs {
            job.preview = None;
        }
        jobs.sort_by(|a, b| b.created_at.cmp(&a.created_at));
        Ok(jobs)
    }

    /// Moves a job from one of `from` to `to`, setting `fields` (JSON-serialisable values):
    /// `false` if it was in none of them.
    async fn transition(self, company_id: &str, id: &str, from: &[&str], to: &str, fields: &[(&str, AttributeValue)]) -> Result<bool, StoreError> {
        let mut update = self.table.update()
            .set_key(Some(key(company_id, &ImportJob::sk_of(id))))
            .expression_attribute_names("#status", "status")
            .expression_attribute_values(":to", s(to));
        let mut sets = vec!["#status = :to".to_owned()];
        for (i, (name, value)) in fields.iter().enumerate() {
            sets.push(format!("#f{i} = :f{i}"));
            update = update.expression_attribute_names(format!("#f{i}"), *name).expression_attribute_values(format!(":f{i}"), value.clone());
        }
        let mut allowed = Vec::new();
        for (i, status) in from.iter().enumerate() {
            allowed.push(format!(":from{i}"));
            update = update.expression_attribute_values(format!(":from{i}"), s(status));
        }
        let result = update
            .update_expression(format!("SET {}", sets.join(", ")))
            .condition_expression(format!("#status IN ({})", allowed.join(", ")))
            .send()
            .await;
        applied(result)
    }

    /// Asks for a (new) read of the uploaded file, with the founder's mapping and matching
    /// option when given: from uploaded, read or failed only (`false` while a job runs).
    pub async fn start_reading(self, company_id: &str, id: &str, mapping: Option<&Mapping>, gmail_dots: Option<bool>) -> Result<bool, StoreError> {
        let mut fields = vec![("error", AttributeValue::Null(true)), ("done", n(0)), ("total", n(0))];
        if let Some(mapping) = mapping {
            fields.push(("mapping", serde_dynamo::to_attribute_value(mapping).map_err(StoreError::internal)?));
        }
        if let Some(dots) = gmail_dots {
            fields.push(("gmail_dots", AttributeValue::Bool(dots)));
        }
        self.transition(company_id, id, &[UPLOADING, READY, FAILED], READING, &fields).await
    }

    /// Asks for a read import to be applied with the founder's confirmed matches, replacing
    /// the portal's applied import `replaces`: from read only.
    pub async fn start_applying(self, company_id: &str, id: &str, confirmed: &HashMap<String, String>, replaces: Option<&str>) -> Result<bool, StoreError> {
        let confirmed = serde_dynamo::to_attribute_value(confirmed).map_err(StoreError::internal)?;
        let replaces = replaces.map_or(AttributeValue::Null(true), s);
        self.transition(company_id, id, &[READY], APPLYING, &[("confirmed", confirmed), ("replaces", replaces), ("done", n(0))]).await
    }

    /// A read job's preview: from reading only (a newer read request restarted it otherwise).
    pub async fn ready(self, company_id: &str, id: &str, preview_json: &str, sha256: &str, mapping: &Mapping, rows: u64) -> Result<bool, StoreError> {
        let mapping = serde_dynamo::to_attribute_value(mapping).map_err(StoreError::internal)?;
        self.transition(company_id, id, &[READING], READY, &[("preview", s(preview_json)), ("sha256", s(sha256)), ("mapping", mapping), ("total", n(rows)), ("done", n(rows))]).await
    }

    /// A job that could not go on, with the message the founder reads (from `from`).
    pub async fn fail(self, company_id: &str, id: &str, from: &str, message: &str) -> Result<bool, StoreError> {
        self.transition(company_id, id, &[from], FAILED, &[("error", s(message))]).await
    }

    /// How far the job has come (only while it is in `status`).
    pub async fn progress(self, company_id: &str, id: &str, status: &str, done: u64, total: u64) -> Result<(), StoreError> {
        let result = self.table.update()
            .set_key(Some(key(company_id, &ImportJob::sk_of(id))))
            .update_expression("SET done = :d, #total = :t")
            .condition_expression("#status = :s")
            .expression_attribute_names("#status", "status")
            .expression_attribute_names("#total", "total")
            .expression_attribute_values(":d", n(done))
            .expression_attribute_values(":t", n(total))
            .expression_attribute_values(":s", s(status))
            .send()
            .await;
        applied(result).map(|_| ())
    }

    pub async fn portals(self, company_id: &str) -> Result<Vec<PortalState>, StoreError> {
        let query = self.table.query()
            .key_condition_expression("company_id = :c AND begins_with(sk, :p)")
            .expression_attribute_values(":c", s(company_id))
            .expression_attribute_values(":p", s("portal#"))
            .consistent_read(true);
        query_all(query).await?.into_iter().map(from_item).collect()
    }

    pub async fn portal(self, company_id: &str, portal: &str) -> Result<Option<PortalState>, StoreError> {
        let output = self.table.get().set_key(Some(key(company_id, &format!("portal#{portal}")))).consistent_read(true).send().await?;
        output.item.map(from_item).transpose()
    }

    /// Remembers the mapping a portal's file was read with, for its next file.
    pub async fn remember_mapping(self, company_id: &str, portal: &str, mapping: &Mapping, gmail_dots: bool) -> Result<(), StoreError> {
        self.table.update()
            .set_key(Some(key(company_id, &format!("portal#{portal}"))))
            .update_expression("SET portal = :p, mapping = :m, gmail_dots = :g")
            .expression_attribute_values(":p", s(portal))
            .expression_attribute_values(":m", serde_dynamo::to_attribute_value(mapping).map_err(StoreError::internal)?)
            .expression_attribute_values(":g", AttributeValue::Bool(gmail_dots))
            .send()
            .await?;
        Ok(())
    }

    /// Rows of a portal the founder matched by hand, by row identity.
    pub async fn confirmations(self, company_id: &str, portal: &str) -> Result<HashMap<String, String>, StoreError> {
        let prefix = format!("confirm#{portal}#");
        let query = self.table.query()
            .key_condition_expression("company_id = :c AND begins_with(sk, :p)")
            .expression_attribute_values(":c", s(company_id))
            .expression_attribute_values(":p", s(&prefix));
        Ok(query_all(query)
            .await?
            .into_iter()
            .filter_map(|item| {
                let sk = item.get("sk")?.as_s().ok()?.strip_prefix(&prefix)?.to_owned();
                Some((sk, item.get("lead_id")?.as_s().ok()?.clone()))
            })
            .collect())
    }

    /// Writes rows of an import from position `offset` on, where nothing reads them until
    /// [`InvestmentsRepo::publish`].
    pub async fn stage_rows(self, company_id: &str, import_id: &str, offset: usize, rows: &[StoredRow]) -> Result<(), StoreError> {
        let mut items = Vec::with_capacity(rows.len());
        for (index, row) in rows.iter().enumerate() {
            items.push(keyed(company_id, format!("row#{import_id}#{:07}", offset + index), to_item(row)?));
        }
        self.table.batch_write(items, Vec::new(), 8).await
    }

    /// Writes an import's per-lead investments and totals (unread until published), and the
    /// founder's manual matches, which the portal's later files keep.
    pub async fn stage_totals(self, company_id: &str, job: &ImportJob, leads: &[LeadInvestment], summary: &Summary) -> Result<(), StoreError> {
        let mut items = Vec::with_capacity(leads.len() + 1 + job.confirmed.len());
        for lead in leads {
            items.push(keyed(company_id, format!("lead#{}#{}", job.id, lead.lead_id), to_item(lead)?));
        }
        items.push(keyed(company_id, format!("total#{}", job.id), to_item(summary)?));
        for (identity, lead_id) in &job.confirmed {
            items.push(keyed(company_id, format!("confirm#{}#{identity}", job.portal), HashMap::from([("lead_id".to_owned(), s(lead_id))])));
        }
        self.table.batch_write(items, Vec::new(), 8).await
    }

    /// Makes a staged import the portal's applied one, in one transaction: only if the portal
    /// still has the import this job started from (`job.replaces`), and only from `applying`.
    /// The import it replaces is marked replaced. `false` when either condition failed.
    pub async fn publish(self, company_id: &str, job: &ImportJob, result_json: &str, now: &str) -> Result<bool, StoreError> {
        let name = self.table.name();
        let portal = built(
            Update::builder()
                .table_name(name)
                .set_key(Some(key(company_id, &format!("portal#{}", job.portal))))
                .update_expression("SET portal = :p, active = :id, applied_at = :now")
                .condition_expression(match job.replaces {
                    Some(_) => "active = :previous",
                    None => "attribute_not_exists(active)",
                })
                .set_expression_attribute_values(Some(match &job.replaces {
                    Some(previous) => HashMap::from([(":p".to_owned(), s(&job.portal)), (":id".to_owned(), s(&job.id)), (":now".to_owned(), s(now)), (":previous".to_owned(), s(previous))]),
                    None => HashMap::from([(":p".to_owned(), s(&job.portal)), (":id".to_owned(), s(&job.id)), (":now".to_owned(), s(now))]),
                }))
                .build(),
        )?;
        let done = built(
            Update::builder()
                .table_name(name)
                .set_key(Some(key(company_id, &job.sk)))
                .update_expression("SET #status = :applied, applied_at = :now, #result = :result, done = #total")
                .condition_expression("#status = :applying")
                .expression_attribute_names("#status", "status")
                .expression_attribute_names("#result", "result")
                .expression_attribute_names("#total", "total")
                .expression_attribute_values(":applied", s(APPLIED))
                .expression_attribute_values(":applying", s(APPLYING))
                .expression_attribute_values(":now", s(now))
                .expression_attribute_values(":result", s(result_json))
                .build(),
        )?;
        let mut writes = vec![TransactWriteItem::builder().update(portal).build(), TransactWriteItem::builder().update(done).build()];
        if let Some(previous) = &job.replaces {
            let replaced = built(
                Update::builder()
                    .table_name(name)
                    .set_key(Some(key(company_id, &ImportJob::sk_of(previous))))
                    .update_expression("SET #status = :replaced")
                    .expression_attribute_names("#status", "status")
                    .expression_attribute_values(":replaced", s(REPLACED))
                    .build(),
            )?;
            writes.push(TransactWriteItem::builder().update(replaced).build());
        }
        match transact(self.table.client(), writes).await? {
            TxOutcome::Done => Ok(true),
            TxOutcome::ConditionFailed(_) => Ok(false),
            TxOutcome::Conflict => Err(StoreError::Unavailable),
        }
    }

    /// Deletes what an import staged (a failed job's, or one replaced by a later import).
    pub async fn unstage(self, company_id: &str, import_id: &str) -> Result<(), StoreError> {
        let mut keys = Vec::new();
        for prefix in [format!("row#{import_id}#"), format!("lead#{import_id}#"), format!("total#{import_id}")] {
            let query = self.table.query()
                .key_condition_expression("company_id = :c AND begins_with(sk, :p)")
                .expression_attribute_values(":c", s(company_id))
                .expression_attribute_values(":p", s(&prefix))
                .projection_expression("company_id, sk");
            keys.extend(query_all(query).await?);
        }
        self.table.batch_write(Vec::new(), keys, 8).await
    }

    /// The totals of an applied import.
    pub async fn summary(self, company_id: &str, import_id: &str) -> Result<Option<Summary>, StoreError> {
        let output = self.table.get().set_key(Some(key(company_id, &format!("total#{import_id}")))).send().await?;
        output.item.map(from_item).transpose()
    }

    /// The investments of `lead_ids` under the applied `imports` (at most 100 leads), summed
    /// per lead across portals.
    pub async fn of_leads(self, company_id: &str, imports: &[String], lead_ids: &[String]) -> Result<HashMap<String, LeadInvestment>, StoreError> {
        let mut parts = Vec::new();
        for import in imports {
            for chunk in lead_ids.chunks(100) {
                let keys = chunk.iter().map(|lead| key(company_id, &format!("lead#{import}#{lead}"))).collect();
                for item in self.table.batch_get(keys, &[]).await? {
                    parts.push(from_item::<LeadInvestment>(item)?);
                }
            }
        }
        Ok(LeadInvestment::per_lead(parts))
    }

    /// Every lead with money under the applied `imports` (for audiences and insights).
    pub async fn leads_of(self, company_id: &str, imports: &[String]) -> Result<HashMap<String, LeadInvestment>, StoreError> {
        let mut parts = Vec::new();
        for import in imports {
            let query = self.table.query()
                .key_condition_expression("company_id = :c AND begins_with(sk, :p)")
                .expression_attribute_values(":c", s(company_id))
                .expression_attribute_values(":p", s(&format!("lead#{import}#")));
            for item in query_all(query).await? {
                parts.push(from_item::<LeadInvestment>(item)?);
            }
        }
        Ok(LeadInvestment::per_lead(parts))
    }

    /// One page of an applied import's rows (its order in the file), from `start`.
    pub async fn rows_page(self, company_id: &str, import_id: &str, start: Option<Item>, limit: i32) -> Result<(Vec<StoredRow>, Option<Item>), StoreError> {
        let query = self.table.query()
            .key_condition_expression("company_id = :c AND begins_with(sk, :p)")
            .expression_attribute_values(":c", s(company_id))
            .expression_attribute_values(":p", s(&format!("row#{import_id}#")))
            .limit(limit);
        let page = query_page(query, start).await?;
        Ok((page.items.into_iter().map(from_item).collect::<Result<_, _>>()?, page.next))
    }
}
