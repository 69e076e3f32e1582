//! `lead-notifications`: reads new leads from the leads table's stream, adds each to its
//! owner's dashboard counters and sends the founder the 'New investor lead' e-mail, so
//! investors never wait for (or fail on) either. Counting is idempotent, so a retried batch
//! never counts a lead twice, and the mail is claimed per lead, so it never goes out twice.

pub mod config;

use aws_lambda_events::event::dynamodb::Event;
use shared::{
    AppState,
    leads::LeadRecord,
    services::lead_mail::notify_owner,
};

pub async fn handle(state: &AppState, event: Event) -> Result<(), shared::ApiError> {
    for record in event.records {
        if record.event_name != "INSERT" {
            continue;
        }
        let lead: LeadRecord = match serde_dynamo::from_item(record.change.new_image) {
            Ok(lead) => lead,
            Err(err) => {
                tracing::warn!(error = %err, "unreadable lead in the stream");
                continue;
            }
        };
        // An error fails the batch, so Lambda retries it: counting must not be lost.
        state.leads().count_lead(&lead).await?;
        match state.forms().get_form(&lead.form_id).await? {
            // Claimed once per lead: a retried batch never mails twice; a failed send fails
            // the batch so Lambda retries it (and, after the last attempt, the DLQ keeps it).
            Some(form) => notify_owner(state, &form, &lead).await?,
            None => tracing::info!(lead_id = %lead.id, "form deleted before the lead was announced"),
        }
    }
    Ok(())
}
