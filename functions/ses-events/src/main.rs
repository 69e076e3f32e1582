#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&ses_events::config::NEEDS).await?;
    lambda_http::run(shared::http::mount("ses-events", ses_events::router(state))).await
}
