//! `lead-notifications`: reads new leads from the leads table's stream and sends each
//! founder the 'New investor lead' e-mail, so investors never wait for (or fail on) mail.
//! It also adds each lead to its owner's dashboard counters; counting is idempotent, so a
//! retried batch never counts a lead twice.

use aws_lambda_events::event::dynamodb::Event;
use lambda_runtime::{LambdaEvent, service_fn};
use shared::{
    AppState,
    leads::{LeadRecord, notify_owner},
    repo::{forms::get_form, leads::count_lead},
};

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    shared::telemetry::init();
    let state = AppState::from_env().await?;
    lambda_runtime::run(service_fn(|event: LambdaEvent<Event>| handle(&state, event))).await
}

async fn handle(state: &AppState, event: LambdaEvent<Event>) -> Result<(), lambda_runtime::Error> {
    for record in event.payload.records {
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
        count_lead(&state.dynamo, &state.config.tables, &lead).await.map_err(Box::new)?;
        match get_form(&state.dynamo, &state.config.tables.forms, &lead.form_id).await {
            Ok(Some(form)) => notify_owner(state, &form, &lead).await,
            Ok(None) => tracing::info!(lead_id = %lead.id, "form deleted before the lead was announced"),
            Err(err) => return Err(Box::new(err)),
        }
    }
    Ok(())
}
