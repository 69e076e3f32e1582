use aws_lambda_events::event::dynamodb::Event;
use lambda_runtime::{LambdaEvent, service_fn};
use shared::AppState;

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    shared::telemetry::init();
    let state = AppState::from_env_for(&lead_notifications::config::NEEDS).await?;
    // One binary, two functions (template.yaml): the leads stream's consumer, and the digests'
    // sender every 5 minutes (EventBridge).
    match std::env::var("LEAD_NOTIFICATIONS_ROLE").as_deref() {
        Ok("digests") => {
            lambda_runtime::run(service_fn(|_: LambdaEvent<serde_json::Value>| async {
                let sent = shared::services::lead_mail::send_due_digests(&state).await.map_err(|err| Box::new(err) as lambda_runtime::Error)?;
                Ok::<_, lambda_runtime::Error>(serde_json::json!({ "digests_sent": sent }))
            }))
            .await
        }
        _ => {
            lambda_runtime::run(service_fn(|event: LambdaEvent<Event>| async {
                lead_notifications::handle(&state, event.payload).await.map_err(|err| Box::new(err) as lambda_runtime::Error)
            }))
            .await
        }
    }
}
