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

use crate::{ApiError, AppState, services::lead_mail::notify_owner};

/// Founders counted at the same time within one batch.
const OWNERS_AT_ONCE: usize = 8;
/// Announcements of one batch sent at the same time.
const MAILS_AT_ONCE: usize = 16;

/// Counts a batch of new leads (grouped by founder) and announces each. An error means
/// "retry the batch": counting and mail are both once-only, so a retry repeats nothing.
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
    for lead in leads {
        if !forms.contains_key(&lead.form_id) {
            forms.insert(lead.form_id.clone(), state.forms().get_form(&lead.form_id).await?);
        }
    }
    for chunk in leads.chunks(MAILS_AT_ONCE) {
        let announced = futures::future::join_all(chunk.iter().map(|lead| announce(state, &forms, lead))).await;
        announced.into_iter().collect::<Result<(), ApiError>>()?;
    }
    Ok(())
}

/// The founder's mail about `lead`: claimed once per lead, so a retried batch never mails
/// twice; a failed send fails the batch so it is retried (and, after the last attempt, the
/// DLQ keeps it).
async fn announce(state: &AppState, forms: &HashMap<String, Option<Form>>, lead: &LeadRecord) -> Result<(), ApiError> {
    match forms.get(&lead.form_id) {
        Some(Some(form)) => notify_owner(state, form, lead).await,
        _ => {
            tracing::info!(lead_id = %lead.id, "form deleted before the lead was announced");
            Ok(())
        }
    }
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
