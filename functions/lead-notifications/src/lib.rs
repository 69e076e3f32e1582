//! `lead-notifications`: reads new leads from the leads table's stream, a batch at a time, and
//! hands them to `services::lead_intake`: each founder's leads of the batch are added to their
//! dashboard counters in one fold (one write per counter item per batch, once however often the
//! batch is retried), then the founder is told as they chose in Settings → Notifications: an
//! e-mail per lead up to 20 an hour, the rest (or all, with a digest chosen) in the hour's or
//! day's digest, each lead in exactly one (`services::lead_mail`). The investor never waits for
//! (or fails on) any of it. The same binary with `LEAD_NOTIFICATIONS_ROLE=digests` is the
//! digests' sender, every 5 minutes (`services::lead_mail::send_due_digests`).

pub mod config;

use aws_lambda_events::event::dynamodb::Event;
use shared::{AppState, leads::LeadRecord, services::lead_intake::take_in};

pub async fn handle(state: &AppState, event: Event) -> Result<(), shared::ApiError> {
    let mut leads = Vec::with_capacity(event.records.len());
    for record in event.records {
        if record.event_name != "INSERT" {
            continue;
        }
        match serde_dynamo::from_item::<_, LeadRecord>(record.change.new_image) {
            Ok(lead) => leads.push(lead),
            Err(err) => tracing::warn!(error = %err, "unreadable lead in the stream"),
        }
    }
    // An error fails the batch, so Lambda retries it (bisecting it, then the DLQ): a lead is
    // never lost, and nothing a retry repeats is done twice.
    take_in(state, &leads).await
}
