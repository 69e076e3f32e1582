#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&ses_events::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("ses-events", ses_events::router(state))).await
}
