#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&shared::config::needs::SES_EVENTS).await?;
    lambda_http::run(shared::http::mount("ses-events", ses_events::router(state))).await
}
