//! The dispatcher's minute (EventBridge in AWS; the local gateway ticks the same code): due
//! scheduled campaigns start, recipients whose sender died between claiming and recording end
//! `unknown` (never sent twice), locally the pending recipients of sending campaigns are sent
//! (a restart resumes where it stopped), and campaigns with no recipient left are marked sent.

use serde::Serialize;
use shared::{
    AppState, Result,
    config::LeadNotifications,
    repo::{
        campaign_recipients::{self, SENDING, UNKNOWN},
        campaigns::Campaign,
    },
};

use crate::{CampaignsState, sending};

/// A claim older than this with no outcome means its sender died: `unknown`.
pub const CLAIM_TIMEOUT_SECS: i64 = 15 * 60;

#[derive(Debug, Default, Serialize)]
pub struct Tick {
    pub started: usize,
    pub resumed: usize,
    pub unknown: usize,
}

/// Starts a scheduled campaign whose time has come: its audience now, snapshot, then sent.
async fn start_scheduled(state: &CampaignsState, campaign: &Campaign) -> Result<bool> {
    let app = &state.app;
    let audience = crate::audience_of(app, &campaign.owner_id, &campaign.segment).await?;
    let now = app.clock.now_iso();
    let reply_to = campaign.reply_to.clone().unwrap_or_default();
    if audience.count == 0 {
        return Ok(app.campaigns().transition(&campaign.id, &["scheduled"], "cancelled", Some("No one was in the audience at the scheduled time"), &now).await?);
    }
    if !app.campaigns().start(&campaign.id, campaign.version, audience.count, &reply_to, &now).await? {
        return Ok(false);
    }
    sending::keep_record_at_start(app, &campaign.id).await;
    app.campaign_recipients().snapshot(&campaign.id, &campaign.owner_id, &audience.recipients).await?;
    Ok(true)
}

pub async fn tick(state: &CampaignsState) -> Result<Tick> {
    let app = &state.app;
    let now = app.clock.now_iso();
    let mut report = Tick::default();
    for campaign in app.campaigns().in_phase("scheduled", &now).await? {
        if start_scheduled(state, &campaign).await? {
            tracing::info!(campaign_id = %campaign.id, "scheduled campaign started");
            report.started += 1;
        }
    }
    let stale = shared::time::iso(app.clock.now() - time::Duration::seconds(CLAIM_TIMEOUT_SECS));
    // Every sending campaign, including the ones this tick started.
    for campaign in app.campaigns().in_phase("sending", "9999").await? {
        let rows = app.campaign_recipients().all(&campaign.id).await?;
        for row in rows.iter().filter(|r| r.status == SENDING && r.claimed_at.as_deref().is_some_and(|at| at < stale.as_str())) {
            if app.campaign_recipients().finish(&campaign.id, &row.email, UNKNOWN, None, Some("claimed, outcome not recorded"), &now).await? {
                app.campaigns().count(&campaign.id, UNKNOWN, 1).await?;
                report.unknown += 1;
            }
        }
        if app.config.campaign_delivery == LeadNotifications::Inline && rows.iter().any(|r| r.status == campaign_recipients::PENDING) {
            sending::drain(app, state.mailer().await?, &campaign.id).await?;
            report.resumed += 1;
        } else {
            sending::complete(app, &campaign.id).await?;
        }
    }
    Ok(report)
}

/// The recipients table's stream (AWS): new `pending` recipients, by campaign, are sent; a
/// failure fails the batch so Lambda retries it, and the claims keep the retry from sending
/// twice.
pub async fn stream(state: &CampaignsState, event: aws_lambda_events::event::dynamodb::Event) -> Result<usize> {
    let mut by_campaign: std::collections::BTreeMap<String, Vec<campaign_recipients::RecipientRow>> = Default::default();
    for record in event.records {
        if record.event_name != "INSERT" {
            continue;
        }
        match serde_dynamo::from_item::<_, campaign_recipients::RecipientRow>(record.change.new_image) {
            Ok(row) => by_campaign.entry(row.campaign_id.clone()).or_default().push(row),
            Err(err) => tracing::warn!(error = %err, "unreadable recipient in the stream"),
        }
    }
    let mut processed = 0;
    for (campaign_id, rows) in by_campaign {
        sending::process(&state.app, state.mailer().await?, &campaign_id, &rows).await?;
        sending::complete(&state.app, &campaign_id).await?;
        processed += rows.len();
    }
    Ok(processed)
}

/// Used by the local gateway: the dispatcher every `every`.
pub fn spawn_local(app: AppState, every: std::time::Duration) {
    let state = CampaignsState::new(app);
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(every);
        loop {
            interval.tick().await;
            if let Err(err) = tick(&state).await {
                tracing::warn!(error = %err, "campaign dispatcher tick failed");
            }
        }
    });
}
