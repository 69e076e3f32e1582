//! What happens to new leads after the investor's answer, a batch at a time: each founder's
//! leads are counted in one fold (`repo::lead_folds`: one write per counter item per batch,
//! exactly once), then each founder is told about them (`services::lead_mail`). In AWS the
//! leads table's stream brings the batches (functions/lead-notifications); locally the gateway
//! gathers them the same way ([`stream_locally`]) and runs this same code.

use std::{
    collections::{BTreeMap, HashMap},
    time::Duration,
};

use futures::{StreamExt, stream};

use domain::{forms::Form, leads::LeadRecord};

use crate::{ApiError, AppState, services::lead_mail::tell_founder};

/// Founders counted (and told) at the same time within one batch.
const OWNERS_AT_ONCE: usize = 8;

/// Counts a batch of new leads (grouped by founder) and tells each founder about theirs, as
/// they chose (`services::lead_mail::tell_founder`). An error means "retry the batch":
/// counting and mail are both once-only, so a retry repeats nothing.
pub async fn take_in(state: &AppState, leads: &[LeadRecord]) -> Result<(), ApiError> {
    let mut by_owner: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for lead in leads {
        by_owner.entry(lead.owner_id.clone()).or_default().push(lead.id.clone());
    }
    let counted: Vec<Result<Vec<String>, crate::dynamo::StoreError>> = stream::iter(by_owner)
        .map(|(owner, ids)| async move { state.leads().folds().count(&owner, &ids).await })
        .buffer_unordered(OWNERS_AT_ONCE)
        .collect()
        .await;
    for result in counted {
        result?;
    }
    // One read of each form per batch, not one per lead.
    let mut forms: HashMap<String, Option<Form>> = HashMap::new();
    let mut owners: BTreeMap<&str, Vec<&LeadRecord>> = BTreeMap::new();
    for lead in leads {
        if !forms.contains_key(&lead.form_id) {
            forms.insert(lead.form_id.clone(), state.forms().get_form(&lead.form_id).await?);
        }
        owners.entry(lead.owner_id.as_str()).or_default().push(lead);
    }
    let owners: Vec<(&str, Vec<&LeadRecord>)> = owners.into_iter().collect();
    for chunk in owners.chunks(OWNERS_AT_ONCE) {
        let told = futures::future::join_all(chunk.iter().map(|(owner, leads)| tell_founder(state, owner, leads, &forms))).await;
        told.into_iter().collect::<Result<(), ApiError>>()?;
    }
    Ok(())
}

/// How long a local drain waits for its first batch to fill (`MaximumBatchingWindowInSeconds`).
pub const LOCAL_WINDOW: Duration = Duration::from_millis(50);
/// Attempts at a local batch (Lambda retries a failed batch too).
const LOCAL_ATTEMPTS: u32 = 3;

/// The local stand-in for the leads table's stream: the stored lead joins the pending ones
/// (`state.lead_batches`), and one background drain at a time takes them in batches of
/// `background::LEAD_BATCH` after [`LOCAL_WINDOW`], running [`take_in`] on each. Tests wait for it
/// with `state.background.idle()`.
pub fn stream_locally(state: &AppState, lead: LeadRecord) {
    if !state.lead_batches.push(lead) {
        return;
    }
    let state = state.clone();
    state.background.clone().spawn(async move {
        tokio::time::sleep(LOCAL_WINDOW).await;
        while let Some(batch) = state.lead_batches.take() {
            for attempt in 1..=LOCAL_ATTEMPTS {
                match take_in(&state, &batch).await {
                    Ok(()) => break,
                    Err(err) if attempt < LOCAL_ATTEMPTS => {
                        tracing::warn!(error = %err, attempt, "a batch of new leads failed: retrying");
                        tokio::time::sleep(LOCAL_WINDOW * attempt).await;
                    }
                    Err(err) => tracing::error!(error = %err, leads = batch.len(), "a batch of new leads failed"),
                }
            }
        }
    });
}
