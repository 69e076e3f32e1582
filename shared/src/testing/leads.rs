//! Leads: submitted through the public route, or stored directly as an existing lead.

use axum::Router;
use serde_json::Value;

use crate::{
    AppState,
    forms::Form,
    leads::{ComplianceProof, LeadRecord},
};

use super::{Call, TestResponse};

/// `POST /api/public-forms/{form}/leads` from `ip`, with an idempotency key if given.
pub async fn submit_lead(router: &Router, form: &Form, body: Value, ip: &str, key: Option<&str>) -> TestResponse {
    let mut call = Call::post(&format!("/api/public-forms/{}/leads", form.id)).from_ip(ip).json(body);
    if let Some(key) = key {
        call = call.header("idempotency-key", key);
    }
    call.send(router).await
}

/// A hot lead of `form` from `name` at `email`, as capture records it at `at` (RFC 3339),
/// before it is counted: change it, then [`store_lead`].
pub fn lead_of(form: &Form, name: &str, email: &str, at: &str) -> LeadRecord {
    LeadRecord {
        attribution: Default::default(),
        id: uuid::Uuid::new_v4().to_string(),
        form_id: form.id.clone(),
        owner_id: form.user_id.clone(),
        created_at: at.to_owned(),
        data: [(form.fields[0].id.clone(), name.to_owned()), (form.fields[1].id.clone(), email.to_owned())].into(),
        status: "hot".into(),
        location_data: None,
        compliance: ComplianceProof { legend_version: "1".into(), legend_sha256: "x".into(), form_version: 1, source_url: None, referrer: None, submitted_at: at.to_owned() },
        estimated_amount: 0,
        search_text: String::new(),
        counted_at: None,
        facets: Default::default(),
        contacted_at: None,
    }
}

/// Stores `lead` as it is, not counted (the founder's counters are left as they are): an
/// existing lead for routes that read leads. (Capture stores leads with a plain put too.)
pub async fn store_lead(state: &AppState, lead: &LeadRecord) {
    let item = crate::dynamo::to_item(lead).expect("a lead item");
    state.dynamo.put_item().table_name(&state.config.tables.leads).set_item(Some(item)).send().await.expect("store the test lead");
}

/// A hot lead of `form` from `name` at `email`, stored now (see [`store_lead`]).
pub async fn stored_lead(state: &AppState, form: &Form, name: &str, email: &str) -> LeadRecord {
    let lead = lead_of(form, name, email, &state.clock.now_iso());
    store_lead(state, &lead).await;
    lead
}

/// How many items `table` (a full table name, e.g. `&state.config.tables.leads`) holds.
pub async fn count_items(state: &AppState, table: &str) -> usize {
    let mut count = 0;
    let mut start = None;
    loop {
        let page = state
            .dynamo
            .scan()
            .table_name(table)
            .select(aws_sdk_dynamodb::types::Select::Count)
            .consistent_read(true)
            .set_exclusive_start_key(start)
            .send()
            .await
            .expect("count the test table");
        count += usize::try_from(page.count).unwrap_or_default();
        start = page.last_evaluated_key;
        if start.is_none() {
            return count;
        }
    }
}
