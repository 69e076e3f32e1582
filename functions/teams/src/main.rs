#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&teams::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("teams", teams::router(state))).await
}
