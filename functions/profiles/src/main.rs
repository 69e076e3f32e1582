#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&profiles::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("profiles", profiles::router(state))).await
}
