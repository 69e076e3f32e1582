//! Table `leads`, read for the founder's listings: the leads page (newest first, filtered by
//! temperature and search text, page by page), the dashboard's recent leads, the CSV export
//! (one DynamoDB page at a time) and a campaign's candidates (all of an owner's leads).
//! Always through the `by_owner` or `by_form` GSI, so only one owner's leads are ever read.

use std::collections::HashMap;

use aws_sdk_dynamodb::{
    Client,
    operation::query::builders::QueryFluentBuilder,
    types::{AttributeValue, Select},
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use serde_json::{Map, Value};

use crate::{
    config::Tables,
    dynamo::{Item, StoreError},
    leads::{LeadRecord, LocationData, MAX_LEAD_ESTIMATE, parse_lead_data},
};

use super::{cursor::InvalidCursor, table::Table};

/// Which leads a listing reads: the owner's, or one (already owned) form's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    Owner(String),
    Form(String),
}

impl Scope {
    fn index(&self) -> (&'static str, &'static str, &str) {
        match self {
            Self::Owner(id) => ("by_owner", "owner_id", id),
            Self::Form(id) => ("by_form", "form_id", id),
        }
    }

    /// Newest first.
    fn query(&self, table: Table<'_>) -> QueryFluentBuilder {
        let (index, attribute, value) = self.index();
        table
            .query()
            .index_name(index)
            .key_condition_expression("#scope = :scope")
            .expression_attribute_names("#scope", attribute)
            .expression_attribute_values(":scope", AttributeValue::S(value.to_owned()))
            .scan_index_forward(false)
    }

    /// A cursor is the key of the last lead shown, and only continues the same listing.
    fn encode_cursor(&self, item: &Item) -> Option<String> {
        let (_, attribute, _) = self.index();
        let plain: HashMap<&str, &String> =
            ["id", attribute, "created_at"].into_iter().map(|k| Some((k, item.get(k)?.as_s().ok()?))).collect::<Option<_>>()?;
        serde_json::to_vec(&plain).ok().map(|bytes| URL_SAFE_NO_PAD.encode(bytes))
    }

    /// The key a cursor of this listing continues from; [`InvalidCursor`] for anything else
    /// (another listing's cursor included).
    pub fn decode_cursor(&self, cursor: &str) -> Result<Start, InvalidCursor> {
        let invalid = || InvalidCursor;
        let bytes = URL_SAFE_NO_PAD.decode(cursor).map_err(|_| invalid())?;
        let plain: HashMap<String, String> = serde_json::from_slice(&bytes).map_err(|_| invalid())?;
        let (_, attribute, value) = self.index();
        let valid = plain.len() == 3 && plain.get(attribute).map(String::as_str) == Some(value) && plain.contains_key("id") && plain.contains_key("created_at");
        if !valid {
            return Err(invalid());
        }
        Ok(Start(plain.into_iter().map(|(k, v)| (k, AttributeValue::S(v))).collect()))
    }
}

/// Where a listing continues (from a cursor, or the export's previous page).
#[derive(Debug, Clone, PartialEq)]
pub struct Start(Item);

/// A stored lead read leniently: older records keep data as JSON text or lack counters.
#[derive(Debug, Clone)]
pub struct StoredLead {
    pub id: String,
    pub form_id: String,
    pub data: Map<String, Value>,
    pub location: Option<LocationData>,
    pub status: String,
    /// `None` when the record has none (the caller estimates it from the answers).
    pub estimated_amount: Option<u64>,
    pub created_at: String,
    /// Where the investor came from (older leads: nothing).
    pub attribution: crate::attribution::Attribution,
    /// The source it counts under in the sources table (older leads: none).
    pub source: Option<String>,
}

impl StoredLead {
    /// `None` for an item without an id or form.
    fn read(item: &Item) -> Option<Self> {
        let text = |key: &str| item.get(key).and_then(|v| v.as_s().ok()).cloned();
        let raw: Value = item.get("data").cloned().and_then(|v| serde_dynamo::from_attribute_value(v).ok()).unwrap_or(Value::Null);
        Some(Self {
            id: text("id")?,
            form_id: text("form_id")?,
            data: parse_lead_data(&raw),
            location: item.get("location_data").cloned().and_then(|v| serde_dynamo::from_attribute_value(v).ok()),
            status: text("status").unwrap_or_default(),
            // Older records may hold an amount above the per-lead maximum: it counts 0, as in the totals.
            estimated_amount: item
                .get("estimated_amount")
                .and_then(|v| v.as_n().ok())
                .map(|n| n.parse::<u64>().ok().filter(|n| *n <= MAX_LEAD_ESTIMATE).unwrap_or(0)),
            created_at: text("created_at").unwrap_or_default(),
            attribution: item.get("attribution").cloned().and_then(|v| serde_dynamo::from_attribute_value(v).ok()).unwrap_or_default(),
            source: item.get("facets").and_then(|v| v.as_m().ok()).and_then(|facets| facets.get("source")).and_then(|v| v.as_s().ok()).cloned(),
        })
    }
}

/// What a listing keeps: a temperature (the stored `status`) and text the lead's
/// `search_text` contains (lower-cased by the caller).
#[derive(Debug, Clone, Copy, Default)]
pub struct Filter<'a> {
    pub status: Option<&'a str>,
    pub search: Option<&'a str>,
}

/// A page of a listing and the cursor of the next one.
#[derive(Debug, Clone)]
pub struct Page {
    pub leads: Vec<StoredLead>,
    pub next: Option<String>,
}

/// Table `leads`: `state.lead_listings()`.
#[derive(Clone, Copy)]
pub struct LeadListingsRepo<'a> {
    table: Table<'a>,
}

impl<'a> LeadListingsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.leads),
        }
    }

    /// Whether any lead was captured by the form (one key read from the `by_form` index).
    pub async fn form_has_leads(self, form_id: &str) -> Result<bool, StoreError> {
        let output = self.table.query()
            .index_name("by_form")
            .key_condition_expression("form_id = :form")
            .expression_attribute_values(":form", AttributeValue::S(form_id.to_owned()))
            .select(Select::Count)
            .limit(1)
            .send()
            .await?;
        Ok(output.count > 0)
    }

    /// Up to `size` leads of `scope` through `filter`, newest first, from `start`. Filters apply
    /// after DynamoDB's page limit, so this keeps reading until the page is full, at most
    /// `max_reads` DynamoDB pages; the cursor then continues after what was read.
    #[tracing::instrument(skip(self, start))]
    pub async fn page(self, scope: &Scope, filter: Filter<'_>, start: Option<Start>, size: usize, max_reads: usize) -> Result<Page, StoreError> {
        let mut start = start.map(|start| start.0);
        let mut filters = Vec::new();
        let mut request = scope.query(self.table);
        if let Some(status) = filter.status {
            filters.push("#status = :status");
            request = request.expression_attribute_names("#status", "status").expression_attribute_values(":status", AttributeValue::S(status.to_owned()));
        }
        if let Some(search) = filter.search {
            filters.push("contains(search_text, :q)");
            request = request.expression_attribute_values(":q", AttributeValue::S(search.to_owned()));
        }
        if !filters.is_empty() {
            request = request.filter_expression(filters.join(" AND "));
        }

        let mut leads = Vec::with_capacity(size);
        let mut next = None;
        for _ in 0..max_reads {
            let read = crate::repo::query_page(request.clone().limit(size as i32 * if filters.is_empty() { 1 } else { 4 }), start.take()).await?;
            let items = &read.items;
            for (index, item) in items.iter().enumerate() {
                leads.push(item.clone());
                if leads.len() == size {
                    let more = index + 1 < items.len() || read.next.is_some();
                    next = if more { scope.encode_cursor(item) } else { None };
                    break;
                }
            }
            if leads.len() == size {
                break;
            }
            match read.next {
                Some(key) => {
                    next = scope.encode_cursor(&key);
                    start = Some(key);
                }
                None => {
                    next = None;
                    break;
                }
            }
        }
        Ok(Page { leads: leads.iter().filter_map(StoredLead::read).collect(), next })
    }

    /// The `limit` newest leads of an owner (one Query page).
    #[tracing::instrument(skip(self))]
    pub async fn recent(self, owner_id: &str, limit: i32) -> Result<Vec<StoredLead>, StoreError> {
        let output = Scope::Owner(owner_id.to_owned()).query(self.table).limit(limit).send().await?;
        Ok(output.items().iter().filter_map(StoredLead::read).collect())
    }

    /// One DynamoDB page of `scope` (at most `limit` leads) from `start` and where the next one
    /// starts (`None`: that was the last): the export holds one page in memory at a time.
    #[tracing::instrument(skip(self, start))]
    pub async fn export_page(self, scope: &Scope, start: Option<Start>, limit: i32) -> Result<(Vec<StoredLead>, Option<Start>), StoreError> {
        let read = crate::repo::query_page(scope.query(self.table).limit(limit), start.map(|start| start.0)).await?;
        let leads = read.items.iter().filter_map(StoredLead::read).collect();
        Ok((leads, read.next.map(Start)))
    }

    /// Every lead of an owner, newest first (a campaign's candidates), handed to `visit` a
    /// page at a time: only one DynamoDB page of whole items is held, whatever the number of
    /// leads (a founder with 100,000 held them all, about half a GB).
    #[tracing::instrument(skip(self, visit))]
    pub async fn each_of_owner(self, owner_id: &str, mut visit: impl FnMut(LeadRecord)) -> Result<(), StoreError> {
        let query = self.table.query()
            .index_name("by_owner")
            .key_condition_expression("owner_id = :owner")
            .expression_attribute_values(":owner", AttributeValue::S(owner_id.to_owned()))
            .scan_index_forward(false);
        crate::repo::table::query_until(query, |item| {
            visit(crate::repo::table::read(item)?);
            Ok::<_, StoreError>(std::ops::ControlFlow::Continue(()))
        })
        .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_continues_only_the_listing_it_came_from() {
        let owner = Scope::Owner("u1".into());
        let item: Item = [("id", "l1"), ("owner_id", "u1"), ("created_at", "2026-03-10T09:00:00Z"), ("form_id", "f1")]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), AttributeValue::S(v.to_owned())))
            .collect();
        let cursor = owner.encode_cursor(&item).unwrap();
        let Start(key) = owner.decode_cursor(&cursor).unwrap();
        assert_eq!(key.len(), 3);
        assert_eq!(key.get("created_at").and_then(|v| v.as_s().ok()).map(String::as_str), Some("2026-03-10T09:00:00Z"));
        for other in [Scope::Owner("u2".into()), Scope::Form("f1".into())] {
            assert_eq!(other.decode_cursor(&cursor), Err(InvalidCursor), "{other:?}");
        }
        assert_eq!(owner.decode_cursor("not base64!"), Err(InvalidCursor));
    }
}
