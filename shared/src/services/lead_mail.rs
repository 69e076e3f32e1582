//! How a founder hears about new leads (Settings → Notifications, `domain::lead_digest`): a
//! "New investor lead" e-mail per lead, claimed on the lead (a conditional write), sent, and
//! released when sending fails so a retry can send it; past the hour's allowance, or when the
//! founder chose a digest, the lead joins the period's digest (`repo::lead_digests`), which
//! [`send_due_digests`] sends once its period is over.

use std::collections::HashMap;

use futures::{StreamExt, stream};

use domain::{
    forms::Form,
    lead_digest::{LeadMails, Period},
    leads::LeadRecord,
};

use crate::{ApiError, AppState, repo::lead_digests::DueDigest};

/// Instant e-mails of one batch sent at the same time.
const MAILS_AT_ONCE: usize = 16;
/// Digests sent at the same time.
const DIGESTS_AT_ONCE: usize = 8;

/// Tells one founder about their new `leads` of a batch, each exactly once however often the
/// batch is retried or run by two consumers: with "every lead", one e-mail each while the
/// hour's allowance lasts and the rest in the hour's digest; with a digest, all in it; with
/// "off", nothing. `forms` holds each lead's form (`None`: deleted, so not announced one by one).
pub async fn tell_founder(state: &AppState, owner_id: &str, leads: &[&LeadRecord], forms: &HashMap<String, Option<Form>>) -> Result<(), ApiError> {
    let mails = state.profiles().lead_mails(owner_id).await?;
    let Some(period) = mails.digest_period(state.clock.now()) else { return Ok(()) };
    let ids: Vec<String> = leads.iter().map(|lead| lead.id.clone()).collect();
    let digests = state.leads().digests();
    let unannounced = digests.unannounced(&ids).await?;
    let mut pending: Vec<&LeadRecord> = leads.iter().copied().filter(|lead| unannounced.contains(&lead.id)).collect();
    pending.sort_by(|a, b| (&a.created_at, &a.id).cmp(&(&b.created_at, &b.id)));
    pending.dedup_by(|a, b| a.id == b.id);
    let instant = match mails {
        LeadMails::Every if !pending.is_empty() => digests.take_instant(owner_id, Period::hour_of(state.clock.now()), pending.len()).await?,
        _ => 0,
    };
    let (one_by_one, rest) = pending.split_at(instant);
    // The instant e-mails first: a retry after a failed digest write finds them claimed, so
    // the hour's allowance is not spent twice on them.
    for chunk in one_by_one.chunks(MAILS_AT_ONCE) {
        let sent = futures::future::join_all(chunk.iter().map(|lead| announce(state, forms, lead))).await;
        sent.into_iter().collect::<Result<(), ApiError>>()?;
    }
    if !rest.is_empty() {
        digests.add(owner_id, period, rest, &state.clock.now_iso()).await?;
    }
    Ok(())
}

/// One lead's own e-mail (none when its form was deleted meanwhile).
async fn announce(state: &AppState, forms: &HashMap<String, Option<Form>>, lead: &LeadRecord) -> Result<(), ApiError> {
    match forms.get(&lead.form_id) {
        Some(Some(form)) => notify_owner(state, form, lead).await,
        _ => {
            tracing::info!(lead_id = %lead.id, "form deleted before the lead was announced");
            Ok(())
        }
    }
}

/// Sends every digest whose period is over, each once even with two senders at the same
/// moment: claimed (its sums read in the same write), mailed to the company's owner, marked
/// sent; a failed send gives it back for the next run. Answers how many went out. EventBridge
/// runs it every 5 minutes in AWS (functions/lead-notifications); locally, a tick.
pub async fn send_due_digests(state: &AppState) -> Result<usize, ApiError> {
    send_digests_due_by(state, &state.clock.now_iso()).await
}

/// [`send_due_digests`] for the periods over by `by` (RFC 3339): the local `/dev` page's "send
/// the digests now", so a founder trying the product need not wait for the hour to end.
pub async fn send_digests_due_by(state: &AppState, by: &str) -> Result<usize, ApiError> {
    let due = state.leads().digests().due(by).await?;
    let sent: Vec<Result<bool, ApiError>> = stream::iter(due).map(|due| send_digest(state, due)).buffer_unordered(DIGESTS_AT_ONCE).collect().await;
    let mut count = 0;
    for result in sent {
        count += usize::from(result?);
    }
    Ok(count)
}

async fn send_digest(state: &AppState, due: DueDigest) -> Result<bool, ApiError> {
    let digests = state.leads().digests();
    let Some(digest) = digests.claim(&due, &state.clock.now_iso()).await? else { return Ok(false) };
    let sent = async {
        let owner_id = crate::services::teams::owner_today(state, &due.owner_id).await?;
        let owner = state.users().get_user(&owner_id).await?.ok_or_else(|| ApiError::internal(anyhow::anyhow!("digest owner not found")))?;
        let email = crate::mail::templates::lead_digest(&digest, due.period, &owner.email, &state.config.app_origin);
        state.mailer.send(&email).await.map_err(ApiError::internal)
    }
    .await;
    match sent {
        Ok(()) => {
            digests.mark_sent(&due, &state.clock.now_iso()).await?;
            Ok(true)
        }
        Err(err) => {
            tracing::warn!(owner_id = %due.owner_id, period = %due.period.key(), error = %err, "lead digest not sent: given back for the next run");
            digests.release(&due).await?;
            Err(err)
        }
    }
}

/// The founder's 'New investor lead' e-mail: the answers, the temperature and a link to the
/// lead, sent once per lead however often the caller is retried: the lead is claimed
/// (`notified_at`, a conditional write) before sending, and released if sending fails so a
/// retry can send it. Never on the investor's time. An error means "retry me".
pub async fn notify_owner(state: &crate::AppState, form: &Form, lead: &LeadRecord) -> Result<(), ApiError> {
    if !state.leads().claim_notification(&lead.id, &state.clock.now_iso()).await? {
        tracing::info!(lead_id = %lead.id, "lead already announced: no second mail");
        return Ok(());
    }
    let sent = send_new_lead_mail(state, form, lead).await;
    if let Err(err) = &sent {
        tracing::warn!(lead_id = %lead.id, error = %err, "lead notification not sent");
        state.leads().release_notification(&lead.id).await?;
    }
    sent
}

async fn send_new_lead_mail(state: &crate::AppState, form: &Form, lead: &LeadRecord) -> Result<(), ApiError> {
    let owner_id = crate::services::teams::owner_today(state, &lead.owner_id).await?;
    let owner = state.users().get_user(&owner_id)
        .await?
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("lead owner not found")))?;
    let email = crate::mail::templates::new_lead(form, lead, &owner.email, &state.config.app_origin);
    state.mailer.send(&email).await.map_err(ApiError::internal)
}

// ------------------------------------------------------------------ display rules (spec 3, 5)
