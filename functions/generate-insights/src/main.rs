#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&generate_insights::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("generate-insights", generate_insights::router(state))).await
}
