use lambda_runtime::{LambdaEvent, service_fn};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&campaigns::config::NEEDS).await?;
    // One binary, three functions (template.yaml): the API, the dispatcher's minute
    // (EventBridge) and the sender on the recipients table's stream.
    match std::env::var("CAMPAIGN_ROLE").as_deref() {
        Ok("dispatcher") => {
            let state = campaigns::CampaignsState::new(state);
            lambda_runtime::run(service_fn(|_: LambdaEvent<serde_json::Value>| async {
                let tick = campaigns::dispatch::tick(&state).await?;
                Ok::<_, lambda_runtime::Error>(serde_json::to_value(tick)?)
            }))
            .await
        }
        Ok("sender") => {
            let state = campaigns::CampaignsState::new(state);
            lambda_runtime::run(service_fn(|event: LambdaEvent<aws_lambda_events::event::dynamodb::Event>| async {
                let sent = campaigns::dispatch::stream(&state, event.payload).await?;
                Ok::<_, lambda_runtime::Error>(serde_json::json!({ "processed": sent }))
            }))
            .await
        }
        _ => shared::http::serve(shared::http::mount("campaigns", campaigns::router(state))).await,
    }
}
