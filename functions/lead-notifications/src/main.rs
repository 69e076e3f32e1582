use aws_lambda_events::event::dynamodb::Event;
use lambda_runtime::{LambdaEvent, service_fn};
use shared::AppState;

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    shared::telemetry::init();
    let state = AppState::from_env_for(&lead_notifications::config::NEEDS).await?;
    lambda_runtime::run(service_fn(|event: LambdaEvent<Event>| async {
        lead_notifications::handle(&state, event.payload).await.map_err(|err| Box::new(err) as lambda_runtime::Error)
    }))
    .await
}
